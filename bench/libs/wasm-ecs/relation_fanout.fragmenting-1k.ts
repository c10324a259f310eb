// relation_fanout in wasm-ecs at 1,000 targets with the default (fragmenting) relation,
// whose per-target sub-tables make adding n targets quadratic: 10k and 100k would take
// seconds to minutes per step (the README gives the 20,000-target figure).
import { fanoutAt } from "./fanout.js";

export const implementation = fanoutAt(1_000, true, "fragmenting, 1k");
