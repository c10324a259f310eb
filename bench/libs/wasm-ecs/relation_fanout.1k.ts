// relation_fanout in wasm-ecs at 1,000 targets (non-fragmenting).
import { fanoutAt } from "./fanout.js";

export const implementation = fanoutAt(1_000, false, "1k");
