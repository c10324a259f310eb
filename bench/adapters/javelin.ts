// @javelin/ecs 0.21 adapter. Component types come from createComponentType (schema plus an
// initializer), component objects from world.component() (pooled), entities are integers in
// archetype tables. Systems are functions registered with world.addSystem and run by
// world.tick(). Queries are module-level (`query(A, B)`, `.not(C)`); fast path per the
// Query type's docs: iterate the query's records, `for (const [entities, [a, b]] of q)`,
// then index the columns ("Manually iterate underlying query records. Faster than
// forEach"). World ops (spawn / attach / detach / destroy) are deferred: queued during a
// tick and applied at the start of the next one. So:
//   - entity_cycle is one tick per op: each tick applies the previous tick's 1,000 spawns
//     and 1,000 destroys, then queues the next ones (the same work per op, pipelined);
//   - add_remove and migrate_100k are two ticks per op: in the first, the add system finds
//     every entity lacking the component and queues the attaches; in the second, they have
//     been applied and the remove system queues the detaches (applied at the next op's
//     first tick). Each system only ever sees entities in the right state.
// javelin never reuses entity ids and leaves destroyed entities in its empty archetype, so
// entity_cycle's state grows by 1,000 dead ids per op (javelin's own behaviour).
import {
  type Component,
  type ComponentType,
  createComponentType,
  createWorld,
  number,
  type Query,
  query,
  type World,
} from "@javelin/ecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

type ValueProps = { value: number };
type Vec2Props = { x: number; y: number };

const VALUE_SCHEMA = { value: number };
const VEC2_SCHEMA = { x: number, y: number };

/** A { value } component type with id `type`; world.component(T, v) sets value = v. */
function valueType(type: number) {
  return createComponentType({
    type,
    schema: VALUE_SCHEMA,
    initialize(component: Component<ValueProps>, value = 0) {
      component.value = value;
    },
  });
}

/** An { x, y } component type with id `type`; world.component(T, x, y) sets both. */
function vec2Type(type: number) {
  return createComponentType({
    type,
    schema: VEC2_SCHEMA,
    initialize(component: Component<Vec2Props>, x = 0, y = 0) {
      component.x = x;
      component.y = y;
    },
  });
}

const A = valueType(1);
const B = valueType(2);
const C = valueType(3);
const D = valueType(4);
const E = valueType(5);

/** The world of the scenario's one process (every tick runs the scenario's systems). */
interface WorldState {
  readonly world: World<null>;
}

function tick(s: WorldState): void {
  s.world.tick(null);
}

function twoTicks(s: WorldState): void {
  s.world.tick(null);
  s.world.tick(null);
}

/** Number of entities a query matches and the sum of one numeric field of its first column. */
function countAndSum<T extends ComponentType>(q: Query<[T]>, read: (c: Component) => number): [number, number] {
  let n = 0;
  let sum = 0;
  for (const [entities, [column]] of q) {
    n += entities.length;
    for (let i = 0; i < column.length; i++) sum += read(column[i]);
  }
  return [n, sum];
}

const readValue = (c: Component): number => (c as Component<ValueProps>).value;

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

const qA = query(A);
const qB = query(B);
const qC = query(C);
const qD = query(D);
const qE = query(E);

function doubleA(): void {
  for (const [entities, [a]] of qA) for (let i = 0; i < entities.length; i++) a[i].value *= 2;
}
function doubleB(): void {
  for (const [entities, [b]] of qB) for (let i = 0; i < entities.length; i++) b[i].value *= 2;
}
function doubleC(): void {
  for (const [entities, [c]] of qC) for (let i = 0; i < entities.length; i++) c[i].value *= 2;
}
function doubleD(): void {
  for (const [entities, [d]] of qD) for (let i = 0; i < entities.length; i++) d[i].value *= 2;
}
function doubleE(): void {
  for (const [entities, [e]] of qE) for (let i = 0; i < entities.length; i++) e[i].value *= 2;
}

/** Spawns, then applies the spawns with one tick before the scenario's systems exist. */
function populated(poolSize: number, spawn: (world: World<null>) => void): World<null> {
  const world = createWorld<null>({ componentPoolSize: poolSize });
  spawn(world);
  world.tick(null);
  return world;
}

const packed5: StepImplementation<WorldState> = {
  setup() {
    const world = populated(PACKED_N, (w) => {
      for (let i = 0; i < PACKED_N; i++) {
        w.spawn(w.component(A, 1), w.component(B, 1), w.component(C, 1), w.component(D, 1), w.component(E, 1));
      }
    });
    for (const system of [doubleA, doubleB, doubleC, doubleD, doubleE]) world.addSystem(system);
    return { world };
  },
  step: tick,
  check(s) {
    tick(s);
    [qA, qB, qC, qD, qE].forEach((q, i) => {
      const name = "ABCDE"[i];
      const [n, sum] = countAndSum(q, readValue);
      expectEqual("packed_5", `entities with ${name}`, n, PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sum, 2 * PACKED_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

const qAB = query(A, B);
const qCD = query(C, D);
const qCE = query(C, E);

function swapAB(): void {
  for (const [entities, [a, b]] of qAB) {
    for (let i = 0; i < entities.length; i++) {
      const x = a[i].value;
      a[i].value = b[i].value;
      b[i].value = x;
    }
  }
}
function swapCD(): void {
  for (const [entities, [c, d]] of qCD) {
    for (let i = 0; i < entities.length; i++) {
      const x = c[i].value;
      c[i].value = d[i].value;
      d[i].value = x;
    }
  }
}
function swapCE(): void {
  for (const [entities, [c, e]] of qCE) {
    for (let i = 0; i < entities.length; i++) {
      const x = c[i].value;
      c[i].value = e[i].value;
      e[i].value = x;
    }
  }
}

const simpleIter: StepImplementation<WorldState> = {
  setup() {
    const world = populated(4 * SIMPLE_N, (w) => {
      for (let i = 0; i < SIMPLE_N; i++) w.spawn(w.component(A, 1), w.component(B, 2));
      for (let i = 0; i < SIMPLE_N; i++) w.spawn(w.component(A, 1), w.component(B, 2), w.component(C, 3));
      for (let i = 0; i < SIMPLE_N; i++) {
        w.spawn(w.component(A, 1), w.component(B, 2), w.component(C, 3), w.component(D, 4));
      }
      for (let i = 0; i < SIMPLE_N; i++) {
        w.spawn(w.component(A, 1), w.component(B, 2), w.component(C, 3), w.component(E, 5));
      }
    });
    for (const system of [swapAB, swapCD, swapCE]) world.addSystem(system);
    return { world };
  },
  step: tick,
  check(s) {
    tick(s);
    const [ab, sumA] = countAndSum(query(A), readValue);
    const [, sumB] = countAndSum(query(B), readValue);
    const [, sumC] = countAndSum(query(C), readValue);
    const [, sumD] = countAndSum(query(D), readValue);
    const [, sumE] = countAndSum(query(E), readValue);
    expectEqual("simple_iter", "(A,B) entities", ab, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumA, 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumB, 4 * SIMPLE_N * 1);
    expectEqual("simple_iter", "sum of C.value after one step", sumC, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumD, SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumE, SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;

const LETTERS = Array.from({ length: 26 }, (_, i) => valueType(10 + i));
const Data = valueType(40);
const qData = query(Data);
const qZ = query(LETTERS[25]);

function doubleData(): void {
  for (const [entities, [data]] of qData) for (let i = 0; i < entities.length; i++) data[i].value *= 2;
}
function doubleZ(): void {
  for (const [entities, [z]] of qZ) for (let i = 0; i < entities.length; i++) z[i].value *= 2;
}

const fragIter: StepImplementation<WorldState> = {
  setup() {
    const world = populated(26 * FRAG_PER_TYPE, (w) => {
      for (const Letter of LETTERS) {
        for (let i = 0; i < FRAG_PER_TYPE; i++) w.spawn(w.component(Letter, 1), w.component(Data, 1));
      }
    });
    world.addSystem(doubleData);
    world.addSystem(doubleZ);
    return { world };
  },
  step: tick,
  check(s) {
    tick(s);
    const [n, sumData] = countAndSum(qData, readValue);
    const [, sumZ] = countAndSum(qZ, readValue);
    const [, sumY] = countAndSum(query(LETTERS[24]), readValue);
    expectEqual("frag_iter", "entities with Data", n, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", sumData, 26 * FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Z.value after one step", sumZ, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", sumY, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity. One tick per op (see the header).

const CYCLE_N = 1000;

const qCycleA = query(A);
const qCycleB = query(B);

function spawnBs(world: World<null>): void {
  for (const [entities, [a]] of qCycleA) {
    for (let i = 0; i < entities.length; i++) world.spawn(world.component(B, a[i].value));
  }
}
function destroyBs(world: World<null>): void {
  for (const [entities] of qCycleB) for (let i = 0; i < entities.length; i++) world.destroy(entities[i]);
}

/** Entities with at least one component (javelin parks destroyed ids in its empty archetype). */
function liveEntities(world: World<null>): number {
  let n = 0;
  for (const archetype of world.storage.archetypes) if (archetype.signature.length > 0) n += archetype.entities.length;
  return n;
}

function bIds(): Set<number> {
  const ids = new Set<number>();
  for (const [entities] of qCycleB) for (const e of entities) ids.add(e);
  return ids;
}

const entityCycle: StepImplementation<WorldState> = {
  setup() {
    const world = populated(2 * CYCLE_N, (w) => {
      for (let i = 0; i < CYCLE_N; i++) w.spawn(w.component(A, i));
    });
    world.addSystem(spawnBs);
    world.addSystem(destroyBs);
    return { world };
  },
  step: tick,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    tick(s); // queues the first 1,000 spawns; from the next tick on, every tick is one full cycle
    let previous = new Set<number>();
    for (let round = 1; round <= 3; round++) {
      tick(s);
      const [nB, sumB] = countAndSum(qCycleB, readValue);
      const [nA, sumA2] = countAndSum(qCycleA, readValue);
      const ids = bIds();
      const survivors = [...ids].filter((e) => previous.has(e)).length;
      expectEqual("entity_cycle", `B entities after tick ${round} (spawned this op)`, nB, CYCLE_N);
      expectEqual("entity_cycle", `sum of B.value after tick ${round}`, sumB, sumA);
      expectEqual("entity_cycle", `B entities of the previous op still alive after tick ${round}`, survivors, 0);
      expectEqual("entity_cycle", `entities with components after tick ${round}`, liveEntities(s.world), 2 * CYCLE_N);
      expectEqual("entity_cycle", `A entities after tick ${round}`, nA, CYCLE_N);
      expectEqual("entity_cycle", `sum of A.value after tick ${round}`, sumA2, sumA);
      previous = ids;
    }
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it. Tags are schema-less component types. Two ticks per op.

const ADD_REMOVE_N = 1000;

const TagA = createComponentType({ type: 50 });
const TagB = createComponentType({ type: 51 });
const qAWithoutB = query(TagA).not(TagB);
const qTagB = query(TagB);
const qTagA = query(TagA);

function addB(world: World<null>): void {
  for (const [entities] of qAWithoutB) {
    for (let i = 0; i < entities.length; i++) world.attach(entities[i], world.component(TagB));
  }
}
function removeB(world: World<null>): void {
  for (const [entities] of qTagB) for (let i = 0; i < entities.length; i++) world.detach(entities[i], TagB);
}

function count(q: Query): number {
  let n = 0;
  for (const [entities] of q) n += entities.length;
  return n;
}

const addRemove: StepImplementation<WorldState> = {
  setup() {
    const world = populated(2 * ADD_REMOVE_N, (w) => {
      for (let i = 0; i < ADD_REMOVE_N; i++) w.spawn(w.component(TagA));
    });
    world.addSystem(addB);
    world.addSystem(removeB);
    return { world };
  },
  step: twoTicks,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      tick(s); // applies the previous op's detaches; addB queues 1,000 attaches
      expectEqual("add_remove", `entities with B after the first tick of op ${round}`, count(qTagB), 0);
      tick(s); // applies the attaches; removeB queues 1,000 detaches
      expectEqual("add_remove", `entities with B after the second tick of op ${round}`, count(qTagB), ADD_REMOVE_N);
      expectEqual("add_remove", `entities with A in op ${round}`, count(qTagA), ADD_REMOVE_N);
      expectEqual("add_remove", `A entities lacking B in op ${round}`, count(qAWithoutB), 0);
    }
    tick(s);
    expectEqual("add_remove", "entities with B once the last detaches are applied", count(qTagB), 0);
    tick(s); // back in phase: the next op starts with the detaches applied
  },
};

// ---------------------------------------------------------------------------------------
// Scale scenarios.

const Position = vec2Type(60);
const Velocity = vec2Type(61);

const readX = (c: Component): number => (c as Component<Vec2Props>).x;
const readY = (c: Component): number => (c as Component<Vec2Props>).y;

// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.

const ITERATE_N = 1_000_000;
const qMoving = query(Position, Velocity);

function move(): void {
  for (const [entities, [p, v]] of qMoving) {
    for (let i = 0; i < entities.length; i++) {
      const pi = p[i];
      const vi = v[i];
      pi.x += vi.x;
      pi.y += vi.y;
    }
  }
}

const iterate1m: StepImplementation<WorldState> = {
  setup() {
    const world = populated(ITERATE_N, (w) => {
      for (let i = 0; i < ITERATE_N; i++) w.spawn(w.component(Position, 0, 0), w.component(Velocity, 1, 0.5));
    });
    world.addSystem(move);
    return { world };
  },
  step: tick,
  check(s) {
    tick(s);
    const [n, x] = countAndSum(query(Position), readX);
    const [, y] = countAndSum(query(Position), readY);
    expectEqual("iterate_1m", "entities visited", count(qMoving), ITERATE_N);
    expectEqual("iterate_1m", "entities with Position", n, ITERATE_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITERATE_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITERATE_N / 2);
  },
};

// migrate_100k: 100,000 entities with Position (1, 0); add Velocity (1, 1) to each entity
// without one, then remove Velocity from each entity having it. Two ticks per op.

const MIGRATE_N = 100_000;
const qStill = query(Position).not(Velocity);

function addVelocity(world: World<null>): void {
  for (const [entities] of qStill) {
    for (let i = 0; i < entities.length; i++) world.attach(entities[i], world.component(Velocity, 1, 1));
  }
}
function removeVelocity(world: World<null>): void {
  for (const [entities] of qMoving) {
    for (let i = 0; i < entities.length; i++) world.detach(entities[i], Velocity);
  }
}

const migrate100k: StepImplementation<WorldState> = {
  setup() {
    const world = populated(MIGRATE_N, (w) => {
      for (let i = 0; i < MIGRATE_N; i++) w.spawn(w.component(Position, 1, 0));
    });
    world.addSystem(addVelocity);
    world.addSystem(removeVelocity);
    return { world };
  },
  step: twoTicks,
  check(s) {
    tick(s); // addVelocity queues 100,000 attaches
    expectEqual("migrate_100k", "entities with Velocity before the attaches apply", count(qMoving), 0);
    tick(s); // attaches applied; removeVelocity queues the detaches
    const [moving, vx] = countAndSum(query(Velocity), readX);
    expectEqual("migrate_100k", "entities with Velocity after adding", moving, MIGRATE_N);
    expectEqual("migrate_100k", "entities with Position and Velocity after adding", count(qMoving), MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", vx, MIGRATE_N);
    tick(s); // detaches applied; addVelocity queues the next attaches
    const [still, px] = countAndSum(query(Position), readX);
    expectEqual("migrate_100k", "entities with Velocity after removing", count(qMoving), 0);
    expectEqual("migrate_100k", "entities without Velocity after removing", count(qStill), MIGRATE_N);
    expectEqual("migrate_100k", "entities with Position after removing", still, MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", px, MIGRATE_N);
    tick(s); // back in phase: the next op starts by applying detaches
  },
};

// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags T0..T7 given by the
// bits of (i mod 256); one system over everything with Data: value += 1.

const FRAGMENTED_N = 4096;
const TAGS = Array.from({ length: 8 }, (_, i) => createComponentType({ type: 70 + i }));
const qFragmented = query(Data);

function increment(): void {
  for (const [entities, [data]] of qFragmented) for (let i = 0; i < entities.length; i++) data[i].value += 1;
}

const fragmented256: StepImplementation<WorldState> = {
  setup() {
    const world = populated(FRAGMENTED_N, (w) => {
      for (let i = 0; i < FRAGMENTED_N; i++) {
        const k = i % 256;
        const components: Component[] = [w.component(Data, 0)];
        for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) components.push(w.component(TAGS[bit]));
        w.spawn(...components);
      }
    });
    world.addSystem(increment);
    return { world };
  },
  step: tick,
  check(s) {
    tick(s);
    const [n, sum] = countAndSum(qFragmented, readValue);
    let tables = 0;
    for (const _ of qFragmented) tables++;
    expectEqual("fragmented_256", "entities visited", n, FRAGMENTED_N);
    expectEqual("fragmented_256", "archetypes matched", tables, 256);
    expectEqual("fragmented_256", "sum of Data.value after one step", sum, FRAGMENTED_N);
  },
};

// random_access: 100,000 entities with Position (0, 0); 100,000 seeded picks; per pick
// world.get(entity, Position), read x, write x + 1 on the component it returns.

const RANDOM_N = 100_000;

interface RandomState {
  readonly world: World<null>;
  readonly targets: Uint32Array;
}

function touch(s: RandomState): void {
  const { world, targets } = s;
  for (let i = 0; i < targets.length; i++) {
    const p = world.get(targets[i], Position);
    const x = p.x;
    p.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const spawned: number[] = [];
    const world = populated(RANDOM_N, (w) => {
      for (let i = 0; i < RANDOM_N; i++) spawned.push(w.spawn(w.component(Position, 0, 0)));
    });
    return { world, targets: picks().map((i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    const [n, x] = countAndSum(query(Position), readX);
    expectEqual("random_access", "entities", n, RANDOM_N);
    expectEqual("random_access", "sum of x after one step", x, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "javelin",
  packageName: "@javelin/ecs",
  scenarios: {
    packed_5: packed5,
    simple_iter: simpleIter,
    frag_iter: fragIter,
    entity_cycle: entityCycle,
    add_remove: addRemove,
    iterate_1m: iterate1m,
    migrate_100k: migrate100k,
    fragmented_256: fragmented256,
    random_access: randomAccess,
  },
  unsupported: {
    spawn_1m:
      "one op (1M deferred spawns, a tick, 1M destroys, a tick) took 6-11 s here and the heap grew to ~2.5 GB: 20 samples exceed the 120 s limit",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
