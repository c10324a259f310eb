// relation_fanout in wasm-ecs at 100,000 targets (non-fragmenting).
import { fanoutAt } from "./fanout.js";

export const implementation = fanoutAt(100_000, false, "100k");
