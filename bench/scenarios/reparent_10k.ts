// reparent_10k (scale): PARENTS parents i = 0 .. 999 with Local { x: i, y: 1 }, each with
// CHILDREN children with Local { x: j, y: 2 } and ChildOf(parent i) (an exclusive relation);
// child k starts under parents[floor(k / 10)]. One step: shift = (shift + 1) % 1000, then
// every child k gets ChildOf(parents[(floor(k / 10) + shift) % 1000]), which replaces its old
// target. Compared only with libraries that document relations.
import type { Spec } from "../spec.js";

export const PARENTS = 1000;
export const CHILDREN = 10;
export const MOVES = PARENTS * CHILDREN;

/**
 * entities; single: children with exactly one ChildOf target; indexSum: the targets' parent
 * indexes summed over the children; firstChildren: entities a ChildOf(parents[0]) query
 * matches; firstStart: floor(k / 10) summed over those children k.
 */
export type Readout = {
  entities: number;
  single: number;
  indexSum: number;
  firstChildren: number;
  firstStart: number;
};

export const spec: Spec<number, Readout> = {
  name: "reparent_10k",
  group: "scale",
  description: "10,000 children of 1,000 parents: move each to another parent (exclusive ChildOf)",
  per: { count: MOVES, unit: "moves" },
  stages: [{ name: "reparent", next: (shift) => (shift + 1) % PARENTS }],
  initial: () => 0,
  readout: (shift) => ({
    entities: PARENTS + MOVES,
    single: MOVES,
    // Every parent index appears CHILDREN times, whatever the shift.
    indexSum: (CHILDREN * PARENTS * (PARENTS - 1)) / 2,
    firstChildren: CHILDREN,
    // parents[0] holds the children that started under parents[(PARENTS - shift) % PARENTS].
    firstStart: CHILDREN * ((PARENTS - shift) % PARENTS),
  }),
};
