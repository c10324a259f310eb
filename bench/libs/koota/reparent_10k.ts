// reparent_10k in Koota: child.add(ChildOf(parent)) per child; the relation is exclusive
// (README, "Exclusive relations"), so adding the new pair drops the old target.
import { createWorld, type Entity, relation, trait, type World } from "koota";
import { CHILDREN, MOVES, PARENTS, type Readout } from "../../scenarios/reparent_10k.js";
import type { Implementation } from "../../spec.js";
import { entityCount } from "./read.js";

const Local = trait({ x: 0, y: 0 });
const ChildOf = relation({ exclusive: true, autoDestroy: "orphan" });

interface State {
  readonly world: World;
  /** Index -> parent entity. */
  readonly parents: readonly Entity[];
  /** Child k starts under parents[floor(k / 10)]. */
  readonly children: readonly Entity[];
  shift: number;
}

function reparent(s: State): void {
  const shift = (s.shift + 1) % PARENTS;
  s.shift = shift;
  const { parents, children } = s;
  for (let k = 0; k < children.length; k++) {
    children[k].add(ChildOf(parents[(((k / CHILDREN) | 0) + shift) % PARENTS]));
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    const parents: Entity[] = [];
    const children: Entity[] = [];
    for (let i = 0; i < PARENTS; i++) parents.push(world.spawn(Local({ x: i, y: 1 })));
    for (let k = 0; k < MOVES; k++) {
      const parent = parents[(k / CHILDREN) | 0];
      children.push(world.spawn(Local({ x: k % CHILDREN, y: 2 }), ChildOf(parent)));
    }
    return { world, parents, children, shift: 0 };
  },
  step: reparent,
  stages: [reparent],
  read(s) {
    const parentIndex = new Map(s.parents.map((p, i) => [p, i]));
    let single = 0;
    let indexSum = 0;
    for (const child of s.children) {
      const targets = child.targetsFor(ChildOf);
      if (targets.length === 1) single++;
      indexSum += parentIndex.get(targets[0]) ?? Number.NaN;
    }
    const childIndex = new Map(s.children.map((c, k) => [c, k]));
    const first = s.world.query(ChildOf(s.parents[0]));
    let firstStart = 0;
    for (const e of first) firstStart += Math.floor((childIndex.get(e) ?? Number.NaN) / CHILDREN);
    return { entities: entityCount(s.world), single, indexSum, firstChildren: first.length, firstStart };
  },
};
