// relation_fanout in wasm-ecs at 10,000 targets: a non-fragmenting relation
// (relation("Likes", { fragmenting: false })), the mode the README picks for many targets per entity.
import { TARGETS } from "../../scenarios/relation_fanout.js";
import { fanoutAt } from "./fanout.js";

export const implementation = fanoutAt(TARGETS, false);
