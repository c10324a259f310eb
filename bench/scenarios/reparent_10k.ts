// reparent_10k (scale): 1,000 parents i = 0..999 with Local { x: i, y: 1 }, each with 10
// children with Local { x: j, y: 2 } and ChildOf(parent i) (an exclusive relation); child k
// starts under parent floor(k / 10). One op: shift = (shift + 1) % 1000, then every child k
// gets ChildOf(parents[(floor(k / 10) + shift) % 1000]), which replaces its old target. Fast
// path: world.add(child, ChildOf.to(parent)) per child; exclusivity drops the old pair.
// Check: after one op from setup (shift 1), 11,000 entities; every child has exactly one
// ChildOf target; the targets' parent indexes sum to 4,995,000; the children of parents[0],
// queried through ChildOf.to(parents[0]), are 10, all with floor(k / 10) == 999.
import { component, createWorld, type Entity, relation, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const PARENTS = 1000;
const CHILDREN = 10;
const MOVES = PARENTS * CHILDREN;

const Local = component("Local", { x: "f32", y: "f32" });
const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });

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
  const { world, parents, children } = s;
  for (let k = 0; k < children.length; k++) {
    world.add(children[k], ChildOf.to(parents[(((k / CHILDREN) | 0) + shift) % PARENTS]));
  }
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Local, ChildOf], initialEntities: PARENTS + MOVES });
    const parents: Entity[] = [];
    const children: Entity[] = [];
    for (let i = 0; i < PARENTS; i++) parents.push(world.spawn(Local.with({ x: i, y: 1 })));
    for (let i = 0; i < PARENTS; i++) {
      for (let j = 0; j < CHILDREN; j++) children.push(world.spawn(Local.with({ x: j, y: 2 }), ChildOf.to(parents[i])));
    }
    return { world, parents, children, shift: 0 };
  },
  step: reparent,
  check(s) {
    reparent(s);
    const w = s.world;
    expectEqual("reparent_10k", "shift after one step", s.shift, 1);
    expectEqual("reparent_10k", "entity count", w.entityCount, PARENTS + MOVES);
    const parentIndex = new Map(s.parents.map((p, i) => [p, i]));
    let single = 0;
    let indexSum = 0;
    for (const child of s.children) {
      const targets = w.targets(child, ChildOf);
      if (targets.length === 1) single++;
      indexSum += parentIndex.get(targets[0]) ?? Number.NaN;
    }
    expectEqual("reparent_10k", "children with exactly one ChildOf target", single, MOVES);
    expectEqual("reparent_10k", "sum of the targets' parent indexes", indexSum, 4_995_000);
    const childIndex = new Map(s.children.map((c, k) => [c, k]));
    const first = w.query({ all: [ChildOf.to(s.parents[0])] });
    expectEqual("reparent_10k", "children of parents[0]", first.count(), CHILDREN);
    let fromLast = 0;
    for (const e of first.entities()) {
      if (Math.floor((childIndex.get(e as Entity) ?? Number.NaN) / CHILDREN) === PARENTS - 1) fromLast++;
    }
    expectEqual("reparent_10k", "children of parents[0] that started under parents[999]", fromLast, CHILDREN);
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "reparent_10k",
  group: "scale",
  description: "10,000 children of 1,000 parents: move each to another parent (exclusive ChildOf, world.add)",
  per: { count: MOVES, unit: "moves" },
  implementations: { "wasm-ecs": wasmEcs },
};
