// hierarchy_10k in bitECS 0.4, through the documented relation queries: the roots are
// [Local, Not(ChildOf(Wildcard))]; the parents of each level are query(world,
// [Hierarchy(ChildOf, depth)]) for depth 0 .. getMaxHierarchyDepth - 1, and a parent's children
// are query(world, [ChildOf(parent)]), so each parent's WorldPos is read once. Every child has
// Local and WorldPos, so the children query needs no more terms (with them, query() hashing its
// terms on every call halves the rate). The other documented way, one query(world, [Local,
// WorldPos, Hierarchy(ChildOf)]) in depth order with getRelationTargets(world, e, ChildOf) per
// entity for its parent, measured ~7x slower here: getRelationTargets scans the entity's
// component set and allocates an array per call.
import {
  addEntity,
  createRelation,
  createWorld,
  getAllEntities,
  getMaxHierarchyDepth,
  getRelationTargets,
  Hierarchy,
  Not,
  type QueryTerm,
  query,
  type Relation,
  Wildcard,
  type World,
} from "bitecs";
import { CHILDREN, N, type Readout, ROOTS } from "../../scenarios/hierarchy_10k.js";
import type { Implementation } from "../../spec.js";
import { sumOver, type Vec2, vec2 } from "./stores.js";

interface State {
  readonly world: World;
  readonly Local: Vec2;
  readonly WorldPos: Vec2;
  readonly ChildOf: Relation<unknown>;
  readonly roots: QueryTerm[];
}

function moveRoots(s: State): void {
  const ids = query(s.world, s.roots);
  const x = s.Local.x;
  for (let i = 0; i < ids.length; i++) x[ids[i]] += 1;
}

function propagate(s: State): void {
  const { world, ChildOf } = s;
  const lx = s.Local.x;
  const ly = s.Local.y;
  const wx = s.WorldPos.x;
  const wy = s.WorldPos.y;
  const roots = query(world, s.roots);
  for (let i = 0; i < roots.length; i++) {
    const e = roots[i];
    wx[e] = lx[e];
    wy[e] = ly[e];
  }
  const depth = getMaxHierarchyDepth(world, ChildOf);
  for (let d = 0; d < depth; d++) {
    const parents = query(world, [Hierarchy(ChildOf, d)]);
    for (let i = 0; i < parents.length; i++) {
      const p = parents[i];
      const px = wx[p];
      const py = wy[p];
      const children = query(world, [ChildOf(p)]);
      for (let k = 0; k < children.length; k++) {
        const c = children[k];
        wx[c] = px + lx[c];
        wy[c] = py + ly[c];
      }
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Local = vec2(N);
    const WorldPos = vec2(N);
    const ChildOf = createRelation({ exclusive: true, autoRemoveSubject: true });
    for (let i = 0; i < ROOTS; i++) {
      const root = addEntity(world, Local, WorldPos);
      Local.x[root] = i;
      Local.y[root] = 1;
      for (let j = 0; j < CHILDREN; j++) {
        const child = addEntity(world, Local, WorldPos, ChildOf(root));
        Local.x[child] = j;
        Local.y[child] = 2;
      }
    }
    return { world, Local, WorldPos, ChildOf, roots: [Local, Not(ChildOf(Wildcard))] };
  },
  step(s) {
    moveRoots(s);
    propagate(s);
  },
  stages: [moveRoots, propagate],
  read(s) {
    const w = s.world;
    const all = getAllEntities(w);
    const children = query(w, [s.ChildOf(Wildcard)]);
    const roots = query(w, s.roots);
    let withTarget = 0;
    for (const e of all) if (getRelationTargets(w, e, s.ChildOf).length > 0) withTarget++;
    return {
      entities: all.length,
      roots: roots.length,
      withTarget,
      rootX: sumOver(roots, s.WorldPos.x),
      rootY: sumOver(roots, s.WorldPos.y),
      childX: sumOver(children, s.WorldPos.x),
      childY: sumOver(children, s.WorldPos.y),
    };
  },
};
