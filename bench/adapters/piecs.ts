// piecs 0.4 adapter. piecs is an archetype ECS that keeps entity ids per archetype and leaves
// component data to the user ("BYO component sets"): each component here is a component id
// from world.createComponentId() plus typed arrays indexed by entity id. Fast path per the
// piecs README and its typings: entities are created straight into an archetype made once
// with world.prefabricate([...]); systems are created with createEntitySystem(execute,
// query) (execute runs once per matching archetype with that archetype's entity array),
// registered with world.registerSystem and run by world.update(), which is the timed step
// wherever a scenario is made of systems. Structural changes inside a system loop run
// backwards over the archetype's entity array, as the library's own error message advises.
//
// Each system is a closure made in its scenario's setup (so it can reach that world's
// typed arrays); every system has its own function body. check() runs the systems one by
// one (runSystem, the same loop as world.update) when it must look between two of them.
import { type Archetype, createArchetypeSystem, createEntitySystem, type System, World } from "piecs";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

/** Runs one registered system as world.update() does (check only). */
function runSystem(system: System, world: World): void {
  const archetypes = system.query.archetypes;
  if (system.type === 1) {
    system.execute(archetypes, world);
    return;
  }
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const entities = archetypes[a].entities;
    if (entities.length > 0) system.execute(entities, world);
  }
}

/** Entities in every archetype a system's query matches (check only). */
function countOf(system: System): number {
  let n = 0;
  for (const archetype of system.query.archetypes) n += archetype.entities.length;
  return n;
}

/** Sum of one typed array over the entities a system's query matches (check only). */
function sumOf(system: System, field: ArrayLike<number>): number {
  let sum = 0;
  for (const archetype of system.query.archetypes) {
    const entities = archetype.entities;
    for (let i = 0; i < entities.length; i++) sum += field[entities[i]];
  }
  return sum;
}

function update(s: { readonly world: World }): void {
  s.world.update();
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

interface PackedState {
  readonly world: World;
  readonly systems: readonly System[];
  readonly values: readonly Int32Array[];
}

const packed5: StepImplementation<PackedState> = {
  setup() {
    const world = new World();
    const [A, B, C, D, E] = [0, 1, 2, 3, 4].map(() => world.createComponentId());
    const a = new Int32Array(PACKED_N);
    const b = new Int32Array(PACKED_N);
    const c = new Int32Array(PACKED_N);
    const d = new Int32Array(PACKED_N);
    const e = new Int32Array(PACKED_N);
    const systems = [
      createEntitySystem(
        function doubleA(entities) {
          const v = a;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(A),
      ),
      createEntitySystem(
        function doubleB(entities) {
          const v = b;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(B),
      ),
      createEntitySystem(
        function doubleC(entities) {
          const v = c;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(C),
      ),
      createEntitySystem(
        function doubleD(entities) {
          const v = d;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(D),
      ),
      createEntitySystem(
        function doubleE(entities) {
          const v = e;
          for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
        },
        (q) => q.every(E),
      ),
    ];
    for (const system of systems) world.registerSystem(system);
    const prefab = world.prefabricate([A, B, C, D, E]);
    world.initialize();
    for (let i = 0; i < PACKED_N; i++) {
      const id = world.createEntity(prefab);
      a[id] = b[id] = c[id] = d[id] = e[id] = 1;
    }
    return { world, systems, values: [a, b, c, d, e] };
  },
  step: update,
  check(s) {
    s.world.update();
    s.systems.forEach((system, k) => {
      const name = "ABCDE"[k];
      expectEqual("packed_5", `entities with ${name}`, countOf(system), PACKED_N);
      expectEqual("packed_5", `sum of ${name}.value after one step`, sumOf(system, s.values[k]), 2 * PACKED_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

interface SimpleState {
  readonly world: World;
  readonly ab: System;
  readonly cd: System;
  readonly ce: System;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly cv: Int32Array;
  readonly d: Int32Array;
  readonly e: Int32Array;
}

const simpleIter: StepImplementation<SimpleState> = {
  setup() {
    const world = new World();
    const [A, B, C, D, E] = [0, 1, 2, 3, 4].map(() => world.createComponentId());
    const cap = 4 * SIMPLE_N;
    const a = new Int32Array(cap);
    const b = new Int32Array(cap);
    const cv = new Int32Array(cap);
    const d = new Int32Array(cap);
    const e = new Int32Array(cap);
    const ab = createEntitySystem(
      function swapAB(entities) {
        const x = a;
        const y = b;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          const t = x[id];
          x[id] = y[id];
          y[id] = t;
        }
      },
      (q) => q.every(A, B),
    );
    const cd = createEntitySystem(
      function swapCD(entities) {
        const x = cv;
        const y = d;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          const t = x[id];
          x[id] = y[id];
          y[id] = t;
        }
      },
      (q) => q.every(C, D),
    );
    const ce = createEntitySystem(
      function swapCE(entities) {
        const x = cv;
        const y = e;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          const t = x[id];
          x[id] = y[id];
          y[id] = t;
        }
      },
      (q) => q.every(C, E),
    );
    world.registerSystem(ab).registerSystem(cd).registerSystem(ce);
    const prefabs: [Archetype, Int32Array | null][] = [
      [world.prefabricate([A, B]), null],
      [world.prefabricate([A, B, C]), null],
      [world.prefabricate([A, B, C, D]), d],
      [world.prefabricate([A, B, C, E]), e],
    ];
    world.initialize();
    prefabs.forEach(([prefab, extra], k) => {
      for (let i = 0; i < SIMPLE_N; i++) {
        const id = world.createEntity(prefab);
        a[id] = 1;
        b[id] = 2;
        if (k > 0) cv[id] = 3;
        if (extra !== null) extra[id] = extra === d ? 4 : 5;
      }
    });
    return { world, ab, cd, ce, a, b, cv, d, e };
  },
  step: update,
  check(s) {
    s.world.update();
    expectEqual("simple_iter", "(A,B) entities", countOf(s.ab), 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumOf(s.ab, s.a), 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumOf(s.ab, s.b), 4 * SIMPLE_N);
    // Entities without C keep C.value 0, so the whole array sums the C entities.
    let c = 0;
    for (let i = 0; i < s.cv.length; i++) c += s.cv[i];
    expectEqual("simple_iter", "sum of C.value after one step", c, SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumOf(s.cd, s.d), SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumOf(s.ce, s.e), SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;
const FRAG_TYPES = 26;

interface FragState {
  readonly world: World;
  readonly data: System;
  readonly z: System;
  readonly dataValue: Int32Array;
  readonly letterValues: readonly Int32Array[];
}

const fragIter: StepImplementation<FragState> = {
  setup() {
    const world = new World();
    const letters = Array.from({ length: FRAG_TYPES }, () => world.createComponentId());
    const Data = world.createComponentId();
    const cap = FRAG_TYPES * FRAG_PER_TYPE;
    const letterValues = letters.map(() => new Int32Array(cap));
    const dataValue = new Int32Array(cap);
    const zValue = letterValues[25];
    const data = createEntitySystem(
      function doubleData(entities) {
        const v = dataValue;
        for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
      },
      (q) => q.every(Data),
    );
    const z = createEntitySystem(
      function doubleZ(entities) {
        const v = zValue;
        for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] *= 2;
      },
      (q) => q.every(letters[25]),
    );
    world.registerSystem(data).registerSystem(z);
    const prefabs = letters.map((letter) => world.prefabricate([letter, Data]));
    world.initialize();
    prefabs.forEach((prefab, k) => {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        const id = world.createEntity(prefab);
        letterValues[k][id] = 1;
        dataValue[id] = 1;
      }
    });
    return { world, data, z, dataValue, letterValues };
  },
  step: update,
  check(s) {
    s.world.update();
    expectEqual("frag_iter", "entities with Data", countOf(s.data), FRAG_TYPES * FRAG_PER_TYPE);
    expectEqual("frag_iter", "archetypes matching Data", s.data.query.archetypes.length, FRAG_TYPES);
    expectEqual(
      "frag_iter",
      "sum of Data.value after one step",
      sumOf(s.data, s.dataValue),
      2 * FRAG_TYPES * FRAG_PER_TYPE,
    );
    expectEqual("frag_iter", "sum of Z.value after one step", sumOf(s.z, s.letterValues[25]), 2 * FRAG_PER_TYPE);
    let y = 0;
    for (let i = 0; i < s.letterValues[24].length; i++) y += s.letterValues[24][i];
    expectEqual("frag_iter", "sum of Y.value after one step", y, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity (createEntity into the B archetype), then destroy every B entity (deleteEntity,
// backwards over the archetype). Ids are recycled, so 2,000 cover the cycle.

const CYCLE_N = 1000;

interface CycleState {
  readonly world: World;
  readonly spawn: System;
  readonly destroy: System;
  readonly a: Int32Array;
  readonly b: Int32Array;
}

const entityCycle: StepImplementation<CycleState> = {
  setup() {
    const world = new World();
    const A = world.createComponentId();
    const B = world.createComponentId();
    const a = new Int32Array(2 * CYCLE_N);
    const b = new Int32Array(2 * CYCLE_N);
    const prefabA = world.prefabricate([A]);
    const prefabB = world.prefabricate([B]);
    const spawn = createEntitySystem(
      function spawnBs(entities, w) {
        const av = a;
        const bv = b;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = w.createEntity(prefabB);
          bv[id] = av[entities[i]];
        }
      },
      (q) => q.every(A),
    );
    const destroy = createEntitySystem(
      function destroyBs(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.deleteEntity(entities[i]);
      },
      (q) => q.every(B),
    );
    world.registerSystem(spawn).registerSystem(destroy);
    world.initialize();
    for (let i = 0; i < CYCLE_N; i++) a[world.createEntity(prefabA)] = i;
    return { world, spawn, destroy, a, b };
  },
  step: update,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    for (let round = 1; round <= 3; round++) {
      const what = (thing: string): string => `${thing} in round ${round}`;
      runSystem(s.spawn, s.world);
      expectEqual("entity_cycle", what("B entities after the spawn system"), countOf(s.destroy), CYCLE_N);
      expectEqual("entity_cycle", what("sum of B.value"), sumOf(s.destroy, s.b), sumA);
      runSystem(s.destroy, s.world);
      expectEqual("entity_cycle", what("B entities after the destroy system"), countOf(s.destroy), 0);
      expectEqual("entity_cycle", what("A entities after the destroy system"), countOf(s.spawn), CYCLE_N);
      expectEqual("entity_cycle", what("sum of A.value"), sumOf(s.spawn, s.a), sumA);
    }
    s.world.update();
    expectEqual("entity_cycle", "B entities after world.update()", countOf(s.destroy), 0);
    expectEqual("entity_cycle", "A entities after world.update()", countOf(s.spawn), CYCLE_N);
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to each A entity, then remove B from
// each entity having it (addComponent / removeComponent, backwards over the archetype).

const ADD_N = 1000;

interface AddState {
  readonly world: World;
  readonly add: System;
  readonly remove: System;
}

const addRemove: StepImplementation<AddState> = {
  setup() {
    const world = new World();
    const A = world.createComponentId();
    const B = world.createComponentId();
    const add = createEntitySystem(
      function addB(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.addComponent(entities[i], B);
      },
      (q) => q.every(A),
    );
    const remove = createEntitySystem(
      function removeB(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.removeComponent(entities[i], B);
      },
      (q) => q.every(B),
    );
    world.registerSystem(add).registerSystem(remove);
    const prefab = world.prefabricate([A]);
    world.initialize();
    for (let i = 0; i < ADD_N; i++) world.createEntity(prefab);
    return { world, add, remove };
  },
  step: update,
  check(s) {
    for (let round = 1; round <= 3; round++) {
      runSystem(s.add, s.world);
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, countOf(s.remove), ADD_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, countOf(s.add), ADD_N);
      runSystem(s.remove, s.world);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, countOf(s.remove), 0);
      expectEqual("add_remove", `entities with A in round ${round}`, countOf(s.add), ADD_N);
    }
    s.world.update();
    expectEqual("add_remove", "entities with B after world.update()", countOf(s.remove), 0);
    expectEqual("add_remove", "entities with A after world.update()", countOf(s.add), ADD_N);
  },
};

// ---------------------------------------------------------------------------------------
// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5) in Float32Arrays;
// one system: pos += vel.

const ITER_N = 1_000_000;

interface IterState {
  readonly world: World;
  readonly move: System;
  readonly px: Float32Array;
  readonly py: Float32Array;
}

const iterate1m: StepImplementation<IterState> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const Velocity = world.createComponentId();
    const px = new Float32Array(ITER_N);
    const py = new Float32Array(ITER_N);
    const vx = new Float32Array(ITER_N);
    const vy = new Float32Array(ITER_N);
    const move = createEntitySystem(
      function movePositions(entities) {
        const x = px;
        const y = py;
        const dx = vx;
        const dy = vy;
        for (let i = 0, l = entities.length; i < l; i++) {
          const id = entities[i];
          x[id] += dx[id];
          y[id] += dy[id];
        }
      },
      (q) => q.every(Position, Velocity),
    );
    world.registerSystem(move);
    const prefab = world.prefabricate([Position, Velocity]);
    world.initialize();
    for (let i = 0; i < ITER_N; i++) {
      const id = world.createEntity(prefab);
      vx[id] = 1;
      vy[id] = 0.5;
    }
    return { world, move, px, py };
  },
  step: update,
  check(s) {
    s.world.update();
    expectEqual("iterate_1m", "entities visited", countOf(s.move), ITER_N);
    expectEqual("iterate_1m", "sum of x after one step", sumOf(s.move, s.px), ITER_N);
    expectEqual("iterate_1m", "sum of y after one step", sumOf(s.move, s.py), ITER_N / 2);
  },
};

// ---------------------------------------------------------------------------------------
// spawn_1m: one op = create 1,000,000 entities with Position and Velocity (0, 0) straight
// into their archetype, then delete all of them. Not a system: the op calls the world
// directly. The (Position, Velocity) query is held by a registered archetype system that is
// never run (world.update() is not called); the op records its count after each half.

const SPAWN_N = 1_000_000;

interface SpawnState {
  readonly world: World;
  readonly prefab: Archetype;
  readonly both: System;
  readonly ids: Uint32Array;
  readonly px: Float32Array;
  readonly py: Float32Array;
  readonly vx: Float32Array;
  readonly vy: Float32Array;
  readonly counts: [number, number];
}

function spawnAndDestroy(s: SpawnState): void {
  const { world, prefab, ids, px, py, vx, vy } = s;
  for (let i = 0; i < SPAWN_N; i++) {
    const id = world.createEntity(prefab);
    px[id] = 0;
    py[id] = 0;
    vx[id] = 0;
    vy[id] = 0;
    ids[i] = id;
  }
  s.counts[0] = countOf(s.both);
  for (let i = 0; i < SPAWN_N; i++) world.deleteEntity(ids[i]);
  s.counts[1] = countOf(s.both);
}

const spawn1m: StepImplementation<SpawnState> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const Velocity = world.createComponentId();
    const both = createArchetypeSystem(
      function countOnly() {},
      (q) => q.every(Position, Velocity),
    );
    world.registerSystem(both);
    const prefab = world.prefabricate([Position, Velocity]);
    world.initialize();
    return {
      world,
      prefab,
      both,
      ids: new Uint32Array(SPAWN_N),
      px: new Float32Array(SPAWN_N),
      py: new Float32Array(SPAWN_N),
      vx: new Float32Array(SPAWN_N),
      vy: new Float32Array(SPAWN_N),
      counts: [-1, -1],
    };
  },
  step: spawnAndDestroy,
  check(s) {
    spawnAndDestroy(s);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after creating", s.counts[0], SPAWN_N);
    expectEqual("spawn_1m", "entities matching (Position, Velocity) after destroying", s.counts[1], 0);
  },
};

// ---------------------------------------------------------------------------------------
// migrate_100k: 100,000 entities with Position { x: 1, y: 0 }; a system over (Position, not
// Velocity) adds Velocity { x: 1, y: 1 }, a system over (Position, Velocity) removes it.

const MIGRATE_N = 100_000;

interface MigrateState {
  readonly world: World;
  readonly add: System;
  readonly remove: System;
  readonly px: Float32Array;
  readonly vx: Float32Array;
}

const migrate100k: StepImplementation<MigrateState> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const Velocity = world.createComponentId();
    const px = new Float32Array(MIGRATE_N);
    const py = new Float32Array(MIGRATE_N);
    const vx = new Float32Array(MIGRATE_N);
    const vy = new Float32Array(MIGRATE_N);
    const add = createEntitySystem(
      function addVelocity(entities, w) {
        const x = vx;
        const y = vy;
        for (let i = entities.length - 1; i >= 0; i--) {
          const id = entities[i];
          w.addComponent(id, Velocity);
          x[id] = 1;
          y[id] = 1;
        }
      },
      (q) => q.every(Position).not(Velocity),
    );
    const remove = createEntitySystem(
      function removeVelocity(entities, w) {
        for (let i = entities.length - 1; i >= 0; i--) w.removeComponent(entities[i], Velocity);
      },
      (q) => q.every(Position, Velocity),
    );
    world.registerSystem(add).registerSystem(remove);
    const prefab = world.prefabricate([Position]);
    world.initialize();
    for (let i = 0; i < MIGRATE_N; i++) {
      const id = world.createEntity(prefab);
      px[id] = 1;
      py[id] = 0;
    }
    return { world, add, remove, px, vx };
  },
  step: update,
  check(s) {
    runSystem(s.add, s.world);
    expectEqual("migrate_100k", "entities with Velocity after adding", countOf(s.remove), MIGRATE_N);
    expectEqual("migrate_100k", "sum of Velocity.x after adding", sumOf(s.remove, s.vx), MIGRATE_N);
    runSystem(s.remove, s.world);
    expectEqual("migrate_100k", "entities with Velocity after removing", countOf(s.remove), 0);
    expectEqual("migrate_100k", "entities without Velocity after removing", countOf(s.add), MIGRATE_N);
    expectEqual("migrate_100k", "sum of Position.x after removing", sumOf(s.add, s.px), MIGRATE_N);
    s.world.update();
    expectEqual("migrate_100k", "entities with Velocity after world.update()", countOf(s.remove), 0);
  },
};

// ---------------------------------------------------------------------------------------
// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags among T0..T7 given by
// the bits of (i mod 256), 16 per archetype; one system over Data: value += 1.

const FRAGMENTED_N = 4096;
const FRAGMENTED_ARCHETYPES = 256;

interface FragmentedState {
  readonly world: World;
  readonly increment: System;
  readonly value: Int32Array;
}

const fragmented256: StepImplementation<FragmentedState> = {
  setup() {
    const world = new World();
    const Data = world.createComponentId();
    const tags = Array.from({ length: 8 }, () => world.createComponentId());
    const value = new Int32Array(FRAGMENTED_N);
    const increment = createEntitySystem(
      function incrementData(entities) {
        const v = value;
        for (let i = 0, l = entities.length; i < l; i++) v[entities[i]] += 1;
      },
      (q) => q.every(Data),
    );
    world.registerSystem(increment);
    const prefabs = Array.from({ length: FRAGMENTED_ARCHETYPES }, (_, k) =>
      world.prefabricate([Data, ...tags.filter((_, bit) => (k >> bit) & 1)]),
    );
    world.initialize();
    for (let i = 0; i < FRAGMENTED_N; i++) value[world.createEntity(prefabs[i % FRAGMENTED_ARCHETYPES])] = 0;
    return { world, increment, value };
  },
  step: update,
  check(s) {
    s.world.update();
    expectEqual("fragmented_256", "entities visited", countOf(s.increment), FRAGMENTED_N);
    expectEqual("fragmented_256", "archetypes matched", s.increment.query.archetypes.length, FRAGMENTED_ARCHETYPES);
    expectEqual("fragmented_256", "sum of Data.value after one step", sumOf(s.increment, s.value), FRAGMENTED_N);
  },
};

// ---------------------------------------------------------------------------------------
// random_access: 100,000 entities with Position (0, 0); for each of 100,000 seeded random
// picks, read Position.x and write x + 1. piecs stores no data: per-entity access is the
// user's typed array indexed by entity id.

const RANDOM_N = 100_000;

interface RandomState {
  readonly world: World;
  readonly px: Float32Array;
  readonly targets: Uint32Array;
}

function randomTouch(s: RandomState): void {
  const targets = s.targets;
  const px = s.px;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = px[e];
    px[e] = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const prefab = world.prefabricate([Position]);
    world.initialize();
    const px = new Float32Array(RANDOM_N);
    const ids = new Uint32Array(RANDOM_N);
    for (let i = 0; i < RANDOM_N; i++) ids[i] = world.createEntity(prefab);
    return { world, px, targets: picks().map((i) => ids[i]) };
  },
  step: randomTouch,
  check(s) {
    randomTouch(s);
    let sum = 0;
    for (let i = 0; i < s.px.length; i++) sum += s.px[i];
    expectEqual("random_access", "sum of x after one step", sum, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "piecs",
  packageName: "piecs",
  scenarios: {
    packed_5: packed5,
    simple_iter: simpleIter,
    frag_iter: fragIter,
    entity_cycle: entityCycle,
    add_remove: addRemove,
    iterate_1m: iterate1m,
    spawn_1m: spawn1m,
    migrate_100k: migrate100k,
    fragmented_256: fragmented256,
    random_access: randomAccess,
  },
  unsupported: {
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
