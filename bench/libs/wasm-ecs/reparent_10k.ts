// reparent_10k in wasm-ecs: world.add(child, ChildOf.to(parent)) per child; ChildOf is
// exclusive, so the new pair replaces the old one.
import { component, createWorld, type Entity, type Query, relation, type World } from "wasm-ecs";
import { CHILDREN, MOVES, PARENTS, type Readout } from "../../scenarios/reparent_10k.js";
import type { Implementation } from "../../spec.js";

const Local = component("Local", { x: "f32", y: "f32" });
const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });

interface State {
  readonly world: World;
  /** Index -> parent entity. */
  readonly parents: readonly Entity[];
  /** Child k starts under parents[floor(k / 10)]. */
  readonly children: readonly Entity[];
  shift: number;
  /** The children of parents[0] (read() only). */
  readonly first: Query;
}

function reparent(s: State): void {
  const shift = (s.shift + 1) % PARENTS;
  s.shift = shift;
  const { world, parents, children } = s;
  for (let k = 0; k < children.length; k++) {
    world.add(children[k], ChildOf.to(parents[(((k / CHILDREN) | 0) + shift) % PARENTS]));
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const world = await createWorld({ components: [Local, ChildOf], initialEntities: PARENTS + MOVES });
    const parents: Entity[] = [];
    const children: Entity[] = [];
    for (let i = 0; i < PARENTS; i++) parents.push(world.spawn(Local.with({ x: i, y: 1 })));
    for (let i = 0; i < PARENTS; i++) {
      for (let j = 0; j < CHILDREN; j++) children.push(world.spawn(Local.with({ x: j, y: 2 }), ChildOf.to(parents[i])));
    }
    return { world, parents, children, shift: 0, first: world.query({ all: [ChildOf.to(parents[0])] }) };
  },
  step: reparent,
  stages: [reparent],
  read(s) {
    const parentIndex = new Map(s.parents.map((p, i) => [p, i]));
    let single = 0;
    let indexSum = 0;
    for (const child of s.children) {
      const targets = s.world.targets(child, ChildOf);
      if (targets.length === 1) single++;
      indexSum += parentIndex.get(targets[0]) ?? Number.NaN;
    }
    const childIndex = new Map(s.children.map((c, k) => [c, k]));
    let firstStart = 0;
    for (const e of s.first.entities())
      firstStart += Math.floor((childIndex.get(e as Entity) ?? Number.NaN) / CHILDREN);
    return { entities: s.world.entityCount, single, indexSum, firstChildren: s.first.count(), firstStart };
  },
};
