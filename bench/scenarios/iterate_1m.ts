// iterate_1m (scale): 1,000,000 entities with Position { x, y } = (0, 0) and Velocity
// { x, y } = (1, 0.5); one op = one system adding velocity to position on every entity.
// Check: after one step from setup, sum of x = 1e6, sum of y = 5e5, 1e6 entities visited.
import { component, createWorld, type Query } from "wasm-ecs";
import { expectEqual, sumOf } from "../check.js";
import type { StepBench, StepImplementation } from "../types.js";

export const N = 1_000_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly moving: Query;
}

function move(s: State): void {
  for (const t of s.moving) {
    const p = t.columns(Position);
    const v = t.columns(Velocity);
    const px = p.x;
    const py = p.y;
    const vx = v.x;
    const vy = v.y;
    for (let i = 0, n = px.length; i < n; i++) {
      px[i] += vx[i];
      py[i] += vy[i];
    }
  }
}

/** The same system with Position's changes tracked: write() marks, read() does not. */
function moveTracked(s: State): void {
  for (const t of s.moving) {
    const p = t.write(Position);
    const v = t.read(Velocity);
    const px = p.x;
    const py = p.y;
    const vx = v.x;
    const vy = v.y;
    for (let i = 0, n = px.length; i < n; i++) {
      px[i] += vx[i];
      py[i] += vy[i];
    }
  }
}

interface TrackedState extends State {
  readonly changed: Query;
}

/** Change detection on: Position is tracked (a changed filter exists) and a reader counts changed rows each step. */
const withChanges: StepImplementation<TrackedState> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    world.spawnMany(N, Position, Velocity.with({ x: 1, y: 0.5 }));
    const changed = world.query({ all: [Position], changed: [Position] });
    changed.count();
    return { moving: world.query({ all: [Position, Velocity] }), changed };
  },
  step(s) {
    moveTracked(s);
    if (s.changed.count() !== N) throw new Error("iterate_1m (change detection): every row should be changed");
  },
  check(s) {
    moveTracked(s);
    expectEqual("iterate_1m", "changed rows after one step", s.changed.count(), N);
    expectEqual(
      "iterate_1m",
      "sum of x after one step",
      sumOf(s.moving, (t) => t.columns(Position).x),
      N,
    );
  },
};

const wasmEcs: StepImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
    world.spawnMany(N, Position, Velocity.with({ x: 1, y: 0.5 }));
    return { moving: world.query({ all: [Position, Velocity] }) };
  },
  step: move,
  check(s) {
    move(s);
    expectEqual("iterate_1m", "entities visited", s.moving.count(), N);
    expectEqual(
      "iterate_1m",
      "sum of x after one step",
      sumOf(s.moving, (t) => t.columns(Position).x),
      N,
    );
    expectEqual(
      "iterate_1m",
      "sum of y after one step",
      sumOf(s.moving, (t) => t.columns(Position).y),
      N / 2,
    );
  },
};

export const bench: StepBench = {
  kind: "steps",
  name: "iterate_1m",
  group: "scale",
  description: "1,000,000 entities: pos += vel over 2 f32 fields, one system",
  per: { count: N, unit: "entity" },
  implementations: { "wasm-ecs": wasmEcs, "wasm-ecs (change detection)": withChanges },
};
