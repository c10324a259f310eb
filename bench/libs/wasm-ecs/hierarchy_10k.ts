// hierarchy_10k in wasm-ecs: a cascade query over ChildOf yields the root tables first, then
// one sub-table per parent; propagate reads the parent's WorldPos once per table
// (world.tableOf / world.rowOf) and loops over the rows.
import { component, createWorld, type Entity, type Query, relation, type World } from "wasm-ecs";
import { CHILDREN, N, type Readout, ROOTS } from "../../scenarios/hierarchy_10k.js";
import type { Implementation } from "../../spec.js";

const Local = component("Local", { x: "f32", y: "f32" });
const WorldPos = component("WorldPos", { x: "f32", y: "f32" });
const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });

interface State {
  readonly world: World;
  readonly roots: Query;
  readonly cascade: Query;
  /** Every entity with Local (read() only). */
  readonly local: Query;
}

function moveRoots(s: State): void {
  for (const t of s.roots) {
    const x = t.columns(Local).x;
    for (let i = 0, n = x.length; i < n; i++) x[i] += 1;
  }
}

function propagate(s: State): void {
  const world = s.world;
  for (const t of s.cascade) {
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

/** Sum of one WorldPos field over the cascade's child tables, or its root tables. */
function placedSum(q: Query, field: "x" | "y", children: boolean): number {
  let sum = 0;
  for (const t of q) {
    if ((t.target(ChildOf) !== undefined) !== children) continue;
    const col = t.columns(WorldPos)[field];
    for (let i = 0; i < t.count; i++) sum += col[i];
  }
  return sum;
}

export const implementation: Implementation<State, Readout> = {
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
      local: world.query({ all: [Local] }),
    };
  },
  step(s) {
    moveRoots(s);
    propagate(s);
  },
  stages: [moveRoots, propagate],
  read(s) {
    let withTarget = 0;
    for (const e of s.local.entities()) if (s.world.targets(e as Entity, ChildOf).length > 0) withTarget++;
    return {
      entities: s.world.entityCount,
      roots: s.roots.count(),
      withTarget,
      rootX: placedSum(s.cascade, "x", false),
      rootY: placedSum(s.cascade, "y", false),
      childX: placedSum(s.cascade, "x", true),
      childY: placedSum(s.cascade, "y", true),
    };
  },
};
