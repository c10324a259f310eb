// hierarchy_10k (scale): 1,000 roots i = 0..999 with Local { x: i, y: 1 } and WorldPos (0, 0),
// each with 10 children j = 0..9 with Local { x: j, y: 2 }, WorldPos (0, 0) and ChildOf(root i)
// (ChildOf: an exclusive relation; destroying a target destroys its children). One op = 2
// systems: moveRoots (Local.x += 1 on every entity with Local and no ChildOf), then propagate
// in breadth order, parents before children: a root's WorldPos = its Local, a child's WorldPos
// = its parent's WorldPos + its Local. Fast path: a cascade query over ChildOf yields the root
// tables first, then one sub-table per target; propagate reads the parent's WorldPos once per
// table (world.tableOf / world.rowOf) and loops over the rows.
// Check: after one op from setup, 11,000 entities; the children's WorldPos sums to (5,050,000,
// 30,000), the roots' to (500,500, 1,000); 10,000 entities have a ChildOf target.
import { component, createWorld, type Entity, type Query, relation, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

const ROOTS = 1000;
const CHILDREN = 10;
const N = ROOTS * (1 + CHILDREN);

const Local = component("Local", { x: "f32", y: "f32" });
const WorldPos = component("WorldPos", { x: "f32", y: "f32" });
const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });

interface State {
  readonly world: World;
  readonly roots: Query;
  readonly cascade: Query;
}

function moveRoots(q: Query): void {
  for (const t of q) {
    const x = t.columns(Local).x;
    for (let i = 0, n = x.length; i < n; i++) x[i] += 1;
  }
}

function propagate(world: World, q: Query): void {
  for (const t of q) {
    const local = t.columns(Local);
    const pos = t.columns(WorldPos);
    const lx = local.x;
    const ly = local.y;
    const wx = pos.x;
    const wy = pos.y;
    const parent = t.target(ChildOf);
    if (parent === undefined) {
      for (let i = 0, n = t.count; i < n; i++) {
        wx[i] = lx[i];
        wy[i] = ly[i];
      }
      continue;
    }
    const row = world.rowOf(parent);
    const parentPos = world.tableOf(parent).columns(WorldPos);
    const px = parentPos.x[row];
    const py = parentPos.y[row];
    for (let i = 0, n = t.count; i < n; i++) {
      wx[i] = px + lx[i];
      wy[i] = py + ly[i];
    }
  }
}

function step(s: State): void {
  moveRoots(s.roots);
  propagate(s.world, s.cascade);
}

/** Sum of one WorldPos field over the cascade's child tables, or its root tables (check only). */
function placedSum(q: Query, field: "x" | "y", children: boolean): number {
  let sum = 0;
  for (const t of q) {
    if ((t.target(ChildOf) !== undefined) !== children) continue;
    const col = t.columns(WorldPos)[field];
    for (let i = 0; i < t.count; i++) sum += col[i];
  }
  return sum;
}

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Local, WorldPos, ChildOf], initialEntities: N });
    const childLocal = Local.withEach({ x: Float32Array.from({ length: CHILDREN }, (_, j) => j), y: 2 });
    for (let i = 0; i < ROOTS; i++) {
      const root = world.spawn(Local.with({ x: i, y: 1 }), WorldPos);
      world.spawnMany(CHILDREN, childLocal, WorldPos, ChildOf.to(root));
    }
    return {
      world,
      roots: world.query({ all: [Local], none: [ChildOf] }),
      cascade: world.query({ all: [Local, WorldPos], cascade: ChildOf }),
    };
  },
  step,
  check(s) {
    step(s);
    const w = s.world;
    expectEqual("hierarchy_10k", "entity count", w.entityCount, N);
    const childX = placedSum(s.cascade, "x", true);
    expectEqual("hierarchy_10k", "sum of the children's WorldPos.x after one step", childX, 5_050_000);
    const childY = placedSum(s.cascade, "y", true);
    expectEqual("hierarchy_10k", "sum of the children's WorldPos.y after one step", childY, 30_000);
    const rootX = placedSum(s.cascade, "x", false);
    expectEqual("hierarchy_10k", "sum of the roots' WorldPos.x after one step", rootX, 500_500);
    const rootY = placedSum(s.cascade, "y", false);
    expectEqual("hierarchy_10k", "sum of the roots' WorldPos.y after one step", rootY, 1_000);
    expectEqual("hierarchy_10k", "roots", s.roots.count(), ROOTS);
    let withTarget = 0;
    for (const e of w.query({ all: [Local] }).entities()) {
      if (w.targets(e as Entity, ChildOf).length > 0) withTarget++;
    }
    expectEqual("hierarchy_10k", "entities with a ChildOf target", withTarget, ROOTS * CHILDREN);
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "hierarchy_10k",
  group: "scale",
  description: "1,000 roots x 10 children (ChildOf): move the roots, then WorldPos = parent's + Local, parents first",
  per: { count: N, unit: "entities" },
  implementations: { "wasm-ecs": wasmEcs },
};
