// hierarchy_10k (scale): ROOTS roots i = 0 .. 999 with Local { x: i, y: 1 } and WorldPos (0, 0),
// each with CHILDREN children j = 0 .. 9 with Local { x: j, y: 2 }, WorldPos (0, 0) and
// ChildOf(root i) (ChildOf: an exclusive relation; destroying a target destroys its children);
// all f32. One step = 2 systems: moveRoots (Local.x += 1 on every entity with Local and no
// ChildOf), then propagate in breadth order, parents before children: a root's WorldPos = its
// Local, a child's WorldPos = its parent's WorldPos + its Local. Compared only with libraries
// that document relations.
import type { Spec } from "../spec.js";

export const ROOTS = 1000;
export const CHILDREN = 10;
export const N = ROOTS * (1 + CHILDREN);

interface Model {
  /** moveRoots runs so far. */
  readonly moved: number;
  /** moveRoots runs when propagate last ran; null before it ever ran (WorldPos still 0). */
  readonly placed: number | null;
}

/**
 * entities; roots: entities with Local and no ChildOf; withTarget: entities with a ChildOf
 * target; rootX / rootY and childX / childY: WorldPos.x / .y summed over roots / children.
 */
export type Readout = {
  entities: number;
  roots: number;
  withTarget: number;
  rootX: number;
  rootY: number;
  childX: number;
  childY: number;
};

/** Sum of i over the roots' indexes, and of j over one root's children. */
const SUM_I = (ROOTS * (ROOTS - 1)) / 2;
const SUM_J = (CHILDREN * (CHILDREN - 1)) / 2;

export const spec: Spec<Model, Readout> = {
  name: "hierarchy_10k",
  group: "scale",
  description: "1,000 roots x 10 children (ChildOf): move the roots, then WorldPos = parent's + Local, parents first",
  per: { count: N, unit: "entities" },
  stages: [
    { name: "moveRoots", next: (m) => ({ ...m, moved: m.moved + 1 }) },
    { name: "propagate", next: (m) => ({ ...m, placed: m.moved }) },
  ],
  initial: () => ({ moved: 0, placed: null }),
  readout: ({ placed }) => {
    // Root i sits at (i + placed, 1); its child j at (i + placed + j, 1 + 2).
    const rootX = placed === null ? 0 : SUM_I + ROOTS * placed;
    return {
      entities: N,
      roots: ROOTS,
      withTarget: ROOTS * CHILDREN,
      rootX,
      rootY: placed === null ? 0 : ROOTS,
      childX: placed === null ? 0 : CHILDREN * rootX + ROOTS * SUM_J,
      childY: placed === null ? 0 : ROOTS * CHILDREN * 3,
    };
  },
};
