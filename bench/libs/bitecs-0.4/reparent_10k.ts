// reparent_10k in bitECS 0.4: addComponent(world, child, ChildOf(parent)) per child; the
// relation is exclusive (createRelation({ exclusive: true })), so adding the new pair removes
// the old one (addComponent finds it with getRelationTargets).
import {
  addComponent,
  addEntity,
  createRelation,
  createWorld,
  getAllEntities,
  getRelationTargets,
  query,
  type Relation,
  type World,
} from "bitecs";
import { CHILDREN, MOVES, PARENTS, type Readout } from "../../scenarios/reparent_10k.js";
import type { Implementation } from "../../spec.js";
import { vec2 } from "./stores.js";

interface State {
  readonly world: World;
  readonly ChildOf: Relation<unknown>;
  /** Index -> parent entity. */
  readonly parents: Uint32Array;
  /** Child k starts under parents[floor(k / 10)]. */
  readonly children: Uint32Array;
  shift: number;
}

function reparent(s: State): void {
  const shift = (s.shift + 1) % PARENTS;
  s.shift = shift;
  const { world, ChildOf, parents, children } = s;
  for (let k = 0; k < children.length; k++) {
    addComponent(world, children[k], ChildOf(parents[(((k / CHILDREN) | 0) + shift) % PARENTS]));
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const Local = vec2(PARENTS + MOVES);
    const ChildOf = createRelation({ exclusive: true, autoRemoveSubject: true });
    const parents = new Uint32Array(PARENTS);
    const children = new Uint32Array(MOVES);
    for (let i = 0; i < PARENTS; i++) {
      const p = addEntity(world, Local);
      Local.x[p] = i;
      Local.y[p] = 1;
      parents[i] = p;
    }
    for (let k = 0; k < MOVES; k++) {
      const c = addEntity(world, Local, ChildOf(parents[(k / CHILDREN) | 0]));
      Local.x[c] = k % CHILDREN;
      Local.y[c] = 2;
      children[k] = c;
    }
    return { world, ChildOf, parents, children, shift: 0 };
  },
  step: reparent,
  stages: [reparent],
  read(s) {
    const w = s.world;
    const parentIndex = new Map(Array.from(s.parents, (p, i) => [p, i]));
    let single = 0;
    let indexSum = 0;
    for (const child of s.children) {
      const targets = getRelationTargets(w, child, s.ChildOf);
      if (targets.length === 1) single++;
      indexSum += parentIndex.get(targets[0]) ?? Number.NaN;
    }
    const childIndex = new Map(Array.from(s.children, (c, k) => [c, k]));
    const first = query(w, [s.ChildOf(s.parents[0])]);
    let firstStart = 0;
    for (const e of first) firstStart += Math.floor((childIndex.get(e) ?? Number.NaN) / CHILDREN);
    const entities = getAllEntities(w).length;
    return { entities, single, indexSum, firstChildren: first.length, firstStart };
  },
};
