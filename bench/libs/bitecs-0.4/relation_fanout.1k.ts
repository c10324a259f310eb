// relation_fanout in bitECS 0.4 at 1,000 targets.
import { fanoutAt } from "./fanout.js";

export const implementation = fanoutAt(1_000, "1k");
