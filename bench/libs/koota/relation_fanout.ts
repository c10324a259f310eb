// relation_fanout in Koota at 10,000 targets.
import { TARGETS } from "../../scenarios/relation_fanout.js";
import { fanoutAt } from "./fanout.js";

export const implementation = fanoutAt(TARGETS);
