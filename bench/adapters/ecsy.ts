// ecsy 0.4 adapter. Components are classes with a static schema (data components pooled
// by the world, the default); tags extend TagComponent ("performance optimizations for
// components that do not store data"); systems are System subclasses with static queries,
// run in registration order by world.execute(). Fast path per the ecsy docs / README:
// iterate `this.queries.<name>.results` (a live array), read with getComponent, write through
// getMutableComponent; entity and component removal is deferred to the end of execute()
// (the default), so removal loops run backwards over the live result arrays.
//
// Not implemented: spawn_1m and migrate_100k, whose costs are quadratic in ecsy (see
// `unsupported` below). iterate_1m registers its system after spawning: a query built over
// existing entities is one linear pass, while a query that exists during spawning runs
// `query.entities.indexOf(entity)` for every matching entity (quadratic, ~5e11 steps at 1M).
import { Component, type ComponentSchema, type Entity, System, TagComponent, Types, World } from "ecsy";
import { expectEqual } from "../check.js";
import { picks } from "../picks.js";
import type { StepImplementation } from "../types.js";
import type { Adapter } from "./types.js";

const VALUE_SCHEMA: ComponentSchema = { value: { type: Types.Number } };
const VEC2_SCHEMA: ComponentSchema = { x: { type: Types.Number }, y: { type: Types.Number } };

class A extends Component<A> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
class B extends Component<B> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
class C extends Component<C> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
class D extends Component<D> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}
class E extends Component<E> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}

/** The timed op of every scenario: one world.execute() running the scenario's systems. */
function execute(s: { readonly world: World }): void {
  s.world.execute(1 / 60, 0);
}

/** The live result array of a system's query (what the system itself iterates). */
function resultsOf(world: World, system: new (...args: never[]) => System, query: string): Entity[] {
  const instance = world.getSystems().find((candidate) => candidate instanceof system);
  if (instance === undefined) throw new Error(`system ${system.name} is not registered`);
  return instance.queries[query].results;
}

/**
 * Check-only systems that run between the scenario's systems (by priority) and record what
 * they see; registered for the check and unregistered before timing starts.
 */
class ProbeMiddle extends System {
  record: () => void = () => {};
  execute(): void {
    this.record();
  }
}
class ProbeEnd extends System {
  record: () => void = () => {};
  execute(): void {
    this.record();
  }
}

function sumValues(entities: readonly Entity[], type: typeof A | typeof B | typeof C | typeof D | typeof E): number {
  let sum = 0;
  for (const e of entities) sum += e.getComponent(type)!.value;
  return sum;
}

// ---------------------------------------------------------------------------------------
// packed_5: 1,000 entities with A..E { value: 1 }; 5 systems doubling one component each.

const PACKED_N = 1000;

class DoubleA extends System {
  static override queries = { q: { components: [A] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(A)!.value *= 2;
  }
}
class DoubleB extends System {
  static override queries = { q: { components: [B] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(B)!.value *= 2;
  }
}
class DoubleC extends System {
  static override queries = { q: { components: [C] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(C)!.value *= 2;
  }
}
class DoubleD extends System {
  static override queries = { q: { components: [D] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(D)!.value *= 2;
  }
}
class DoubleE extends System {
  static override queries = { q: { components: [E] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(E)!.value *= 2;
  }
}

interface WorldState {
  readonly world: World;
}

const packed5: StepImplementation<WorldState> = {
  setup() {
    const world = new World({ entityPoolSize: PACKED_N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type);
    for (const system of [DoubleA, DoubleB, DoubleC, DoubleD, DoubleE]) world.registerSystem(system);
    for (let i = 0; i < PACKED_N; i++) {
      world
        .createEntity()
        .addComponent(A, { value: 1 })
        .addComponent(B, { value: 1 })
        .addComponent(C, { value: 1 })
        .addComponent(D, { value: 1 })
        .addComponent(E, { value: 1 });
    }
    return { world };
  },
  step: execute,
  check(s) {
    execute(s);
    const systems = [DoubleA, DoubleB, DoubleC, DoubleD, DoubleE];
    [A, B, C, D, E].forEach((type, i) => {
      const entities = resultsOf(s.world, systems[i], "q");
      expectEqual("packed_5", `entities with ${type.name}`, entities.length, PACKED_N);
      expectEqual("packed_5", `sum of ${type.name}.value after one step`, sumValues(entities, type), 2 * PACKED_N);
    });
  },
};

// ---------------------------------------------------------------------------------------
// simple_iter: 1,000 each of (A,B), (A,B,C), (A,B,C,D), (A,B,C,E) with A=1, B=2, C=3, D=4,
// E=5; 3 systems swapping (A,B), (C,D), (C,E).

const SIMPLE_N = 1000;

class SwapAB extends System {
  static override queries = { q: { components: [A, B] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const a = e.getMutableComponent(A)!;
      const b = e.getMutableComponent(B)!;
      const x = a.value;
      a.value = b.value;
      b.value = x;
    }
  }
}
class SwapCD extends System {
  static override queries = { q: { components: [C, D] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const c = e.getMutableComponent(C)!;
      const d = e.getMutableComponent(D)!;
      const x = c.value;
      c.value = d.value;
      d.value = x;
    }
  }
}
class SwapCE extends System {
  static override queries = { q: { components: [C, E] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const c = e.getMutableComponent(C)!;
      const e5 = e.getMutableComponent(E)!;
      const x = c.value;
      c.value = e5.value;
      e5.value = x;
    }
  }
}

const simpleIter: StepImplementation<WorldState> = {
  setup() {
    const world = new World({ entityPoolSize: 4 * SIMPLE_N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type);
    for (const system of [SwapAB, SwapCD, SwapCE]) world.registerSystem(system);
    for (let i = 0; i < SIMPLE_N; i++) world.createEntity().addComponent(A, { value: 1 }).addComponent(B, { value: 2 });
    for (let i = 0; i < SIMPLE_N; i++) {
      world.createEntity().addComponent(A, { value: 1 }).addComponent(B, { value: 2 }).addComponent(C, { value: 3 });
    }
    for (let i = 0; i < SIMPLE_N; i++) {
      world
        .createEntity()
        .addComponent(A, { value: 1 })
        .addComponent(B, { value: 2 })
        .addComponent(C, { value: 3 })
        .addComponent(D, { value: 4 });
    }
    for (let i = 0; i < SIMPLE_N; i++) {
      world
        .createEntity()
        .addComponent(A, { value: 1 })
        .addComponent(B, { value: 2 })
        .addComponent(C, { value: 3 })
        .addComponent(E, { value: 5 });
    }
    return { world };
  },
  step: execute,
  check(s) {
    execute(s);
    const ab = resultsOf(s.world, SwapAB, "q");
    const cd = resultsOf(s.world, SwapCD, "q");
    const ce = resultsOf(s.world, SwapCE, "q");
    expectEqual("simple_iter", "(A,B) entities", ab.length, 4 * SIMPLE_N);
    expectEqual("simple_iter", "sum of A.value after one step", sumValues(ab, A), 4 * SIMPLE_N * 2);
    expectEqual("simple_iter", "sum of B.value after one step", sumValues(ab, B), 4 * SIMPLE_N * 1);
    const withC = ab.filter((e) => e.hasComponent(C));
    expectEqual("simple_iter", "sum of C.value after one step", sumValues(withC, C), SIMPLE_N * (3 + 4 + 5));
    expectEqual("simple_iter", "sum of D.value after one step", sumValues(cd, D), SIMPLE_N * 3);
    expectEqual("simple_iter", "sum of E.value after one step", sumValues(ce, E), SIMPLE_N * 3);
  },
};

// ---------------------------------------------------------------------------------------
// frag_iter: 26 letter components, 100 entities each with (Letter, Data), all { value: 1 };
// Data.value *= 2 on all 2,600, then Z.value *= 2 on the 100 Z entities.

const FRAG_PER_TYPE = 100;

class Data extends Component<Data> {
  static override schema = VALUE_SCHEMA;
  declare value: number;
}

/** 26 letter component classes; Z is the last one and gets a system of its own. */
const LETTERS: (typeof Data)[] = Array.from(
  { length: 26 },
  () =>
    class Letter extends Component<Letter> {
      static override schema = VALUE_SCHEMA;
      declare value: number;
    },
);
const Z = LETTERS[25];

class DoubleData extends System {
  static override queries = { q: { components: [Data] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(Data)!.value *= 2;
  }
}
class DoubleZ extends System {
  static override queries = { q: { components: [Z] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(Z)!.value *= 2;
  }
}

const fragIter: StepImplementation<WorldState> = {
  setup() {
    const world = new World({ entityPoolSize: 26 * FRAG_PER_TYPE });
    for (const type of [...LETTERS, Data]) world.registerComponent(type);
    world.registerSystem(DoubleData).registerSystem(DoubleZ);
    for (const Letter of LETTERS) {
      for (let i = 0; i < FRAG_PER_TYPE; i++) {
        world.createEntity().addComponent(Letter, { value: 1 }).addComponent(Data, { value: 1 });
      }
    }
    return { world };
  },
  step: execute,
  check(s) {
    execute(s);
    const data = resultsOf(s.world, DoubleData, "q");
    const z = resultsOf(s.world, DoubleZ, "q");
    let sumData = 0;
    for (const e of data) sumData += e.getComponent(Data)!.value;
    let sumZ = 0;
    for (const e of z) sumZ += e.getComponent(Z)!.value;
    let sumY = 0;
    for (const e of data) if (e.hasComponent(LETTERS[24])) sumY += e.getComponent(LETTERS[24])!.value;
    expectEqual("frag_iter", "entities with Data", data.length, 26 * FRAG_PER_TYPE);
    expectEqual("frag_iter", "sum of Data.value after one step", sumData, 26 * FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Z.value after one step", sumZ, FRAG_PER_TYPE * 2);
    expectEqual("frag_iter", "sum of Y.value after one step", sumY, FRAG_PER_TYPE);
  },
};

// ---------------------------------------------------------------------------------------
// entity_cycle: 1,000 entities with A { value: i }; spawn one B { value: A.value } per A
// entity, then destroy every B entity (entity.remove(), deferred to the end of execute()).

const CYCLE_N = 1000;

class SpawnBs extends System {
  static override queries = { q: { components: [A] } };
  execute(): void {
    const world = this.world;
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      world.createEntity().addComponent(B, { value: r[i].getComponent(A)!.value });
    }
  }
}
class DestroyBs extends System {
  static override queries = { q: { components: [B] } };
  execute(): void {
    const r = this.queries.q.results;
    // remove() takes the entity out of the live result array at once: walk it backwards.
    for (let i = r.length - 1; i >= 0; i--) r[i].remove();
  }
}

const entityCycle: StepImplementation<WorldState> = {
  setup() {
    const world = new World({ entityPoolSize: 2 * CYCLE_N });
    world.registerComponent(A).registerComponent(B);
    world.registerSystem(SpawnBs).registerSystem(DestroyBs, { priority: 2 });
    for (let i = 0; i < CYCLE_N; i++) world.createEntity().addComponent(A, { value: i });
    return { world };
  },
  step: execute,
  check(s) {
    const sumA = (CYCLE_N * (CYCLE_N - 1)) / 2;
    const world = s.world;
    const as = resultsOf(world, SpawnBs, "q");
    const bs = resultsOf(world, DestroyBs, "q");
    const seen: number[] = [];
    world.registerSystem(ProbeMiddle, { priority: 1 }).registerSystem(ProbeEnd, { priority: 3 });
    world.getSystem(ProbeMiddle).record = () => seen.push(bs.length, sumValues(bs, B));
    world.getSystem(ProbeEnd).record = () => seen.push(bs.length, as.length, sumValues(as, A));
    for (let round = 1; round <= 3; round++) {
      seen.length = 0;
      execute(s);
      const [afterSpawn, sumB, afterDestroy, aCount, sumA2] = seen;
      expectEqual("entity_cycle", `B entities after the spawn system in round ${round}`, afterSpawn, CYCLE_N);
      expectEqual("entity_cycle", `sum of B.value in round ${round}`, sumB, sumA);
      expectEqual("entity_cycle", `B entities after the destroy system in round ${round}`, afterDestroy, 0);
      expectEqual("entity_cycle", `A entities in round ${round}`, aCount, CYCLE_N);
      expectEqual("entity_cycle", `sum of A.value in round ${round}`, sumA2, sumA);
    }
    world.unregisterSystem(ProbeMiddle).unregisterSystem(ProbeEnd);
  },
};

// ---------------------------------------------------------------------------------------
// add_remove: 1,000 entities with tag A; add tag B to every A entity, then remove B from
// every entity having it (removeComponent, deferred to the end of execute()).

const ADD_REMOVE_N = 1000;

class TagA extends TagComponent {}
class TagB extends TagComponent {}

class AddB extends System {
  static override queries = { q: { components: [TagA] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].addComponent(TagB);
  }
}
class RemoveB extends System {
  static override queries = { q: { components: [TagB] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = r.length - 1; i >= 0; i--) r[i].removeComponent(TagB);
  }
}

const addRemove: StepImplementation<WorldState> = {
  setup() {
    const world = new World({ entityPoolSize: ADD_REMOVE_N });
    world.registerComponent(TagA).registerComponent(TagB);
    world.registerSystem(AddB).registerSystem(RemoveB, { priority: 2 });
    for (let i = 0; i < ADD_REMOVE_N; i++) world.createEntity().addComponent(TagA);
    return { world };
  },
  step: execute,
  check(s) {
    const world = s.world;
    const as = resultsOf(world, AddB, "q");
    const bs = resultsOf(world, RemoveB, "q");
    const holdingB = (): number => as.filter((e) => e.hasComponent(TagB)).length;
    const seen: number[] = [];
    world.registerSystem(ProbeMiddle, { priority: 1 }).registerSystem(ProbeEnd, { priority: 3 });
    world.getSystem(ProbeMiddle).record = () => seen.push(bs.length, as.length, holdingB());
    world.getSystem(ProbeEnd).record = () => seen.push(bs.length, holdingB());
    for (let round = 1; round <= 3; round++) {
      seen.length = 0;
      execute(s);
      const [withB, withA, aHoldingB, withBAfter, aHoldingBAfter] = seen;
      expectEqual("add_remove", `entities with B after the add system in round ${round}`, withB, ADD_REMOVE_N);
      expectEqual("add_remove", `entities with A after the add system in round ${round}`, withA, ADD_REMOVE_N);
      expectEqual("add_remove", `A entities holding B after the add system in round ${round}`, aHoldingB, ADD_REMOVE_N);
      expectEqual("add_remove", `entities with B after the remove system in round ${round}`, withBAfter, 0);
      expectEqual("add_remove", `A entities holding B after the remove system in round ${round}`, aHoldingBAfter, 0);
    }
    world.unregisterSystem(ProbeMiddle).unregisterSystem(ProbeEnd);
  },
};

// ---------------------------------------------------------------------------------------
// Scale scenarios.

class Position extends Component<Position> {
  static override schema = VEC2_SCHEMA;
  declare x: number;
  declare y: number;
}
class Velocity extends Component<Velocity> {
  static override schema = VEC2_SCHEMA;
  declare x: number;
  declare y: number;
}

// iterate_1m: 1,000,000 entities with Position (0, 0) and Velocity (1, 0.5); pos += vel.

const ITERATE_N = 1_000_000;

class Move extends System {
  static override queries = { q: { components: [Position, Velocity] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) {
      const e = r[i];
      const p = e.getMutableComponent(Position)!;
      const v = e.getComponent(Velocity)!;
      p.x += v.x;
      p.y += v.y;
    }
  }
}

const iterate1m: StepImplementation<WorldState> = {
  setup() {
    const world = new World({ entityPoolSize: ITERATE_N });
    world.registerComponent(Position).registerComponent(Velocity);
    for (let i = 0; i < ITERATE_N; i++) {
      world.createEntity().addComponent(Position, { x: 0, y: 0 }).addComponent(Velocity, { x: 1, y: 0.5 });
    }
    // After spawning: the query is then built in one pass (see the header).
    world.registerSystem(Move);
    return { world };
  },
  step: execute,
  check(s) {
    execute(s);
    const moving = resultsOf(s.world, Move, "q");
    let x = 0;
    let y = 0;
    for (const e of moving) {
      const p = e.getComponent(Position)!;
      x += p.x;
      y += p.y;
    }
    expectEqual("iterate_1m", "entities visited", moving.length, ITERATE_N);
    expectEqual("iterate_1m", "sum of x after one step", x, ITERATE_N);
    expectEqual("iterate_1m", "sum of y after one step", y, ITERATE_N / 2);
  },
};

// fragmented_256: 4,096 entities with Data { value: 0 } plus the tags T0..T7 given by the
// bits of (i mod 256); one system over everything with Data: value += 1.

const FRAGMENTED_N = 4096;

const TAGS: (typeof TagA)[] = Array.from({ length: 8 }, () => class Tag extends TagComponent {});

class IncrementData extends System {
  static override queries = { q: { components: [Data] } };
  execute(): void {
    const r = this.queries.q.results;
    for (let i = 0; i < r.length; i++) r[i].getMutableComponent(Data)!.value += 1;
  }
}

const fragmented256: StepImplementation<WorldState> = {
  setup() {
    const world = new World({ entityPoolSize: FRAGMENTED_N });
    for (const type of [Data, ...TAGS]) world.registerComponent(type);
    world.registerSystem(IncrementData);
    for (let i = 0; i < FRAGMENTED_N; i++) {
      const k = i % 256;
      const e = world.createEntity().addComponent(Data, { value: 0 });
      for (let bit = 0; bit < 8; bit++) if ((k >> bit) & 1) e.addComponent(TAGS[bit]);
    }
    return { world };
  },
  step: execute,
  check(s) {
    execute(s);
    const data = resultsOf(s.world, IncrementData, "q");
    let sum = 0;
    const combos = new Set<number>();
    for (const e of data) {
      sum += e.getComponent(Data)!.value;
      let mask = 0;
      for (let bit = 0; bit < 8; bit++) if (e.hasComponent(TAGS[bit])) mask |= 1 << bit;
      combos.add(mask);
    }
    expectEqual("fragmented_256", "entities visited", data.length, FRAGMENTED_N);
    expectEqual("fragmented_256", "distinct tag combinations", combos.size, 256);
    expectEqual("fragmented_256", "sum of Data.value after one step", sum, FRAGMENTED_N);
  },
};

// random_access: 100,000 entities with Position (0, 0); 100,000 seeded picks; per pick read
// Position.x with getComponent and write x + 1 through getMutableComponent. ecsy entities
// are objects: the spawned list holds the entity handles createEntity() returned.

const RANDOM_N = 100_000;

interface RandomState {
  readonly spawned: readonly Entity[];
  readonly targets: readonly Entity[];
}

function touch(s: RandomState): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = e.getComponent(Position)!.x;
    e.getMutableComponent(Position)!.x = x + 1;
  }
}

const randomAccess: StepImplementation<RandomState> = {
  setup() {
    const world = new World({ entityPoolSize: RANDOM_N });
    world.registerComponent(Position);
    const spawned: Entity[] = [];
    for (let i = 0; i < RANDOM_N; i++) spawned.push(world.createEntity().addComponent(Position, { x: 0, y: 0 }));
    return { spawned, targets: Array.from(picks(), (i) => spawned[i]) };
  },
  step: touch,
  check(s) {
    touch(s);
    let x = 0;
    for (const e of s.spawned) x += e.getComponent(Position)!.x;
    expectEqual("random_access", "sum of x after one step", x, RANDOM_N);
  },
};

export const adapter: Adapter = {
  library: "ecsy",
  packageName: "ecsy",
  scenarios: {
    packed_5: packed5,
    simple_iter: simpleIter,
    frag_iter: fragIter,
    entity_cycle: entityCycle,
    add_remove: addRemove,
    iterate_1m: iterate1m,
    fragmented_256: fragmented256,
    random_access: randomAccess,
  },
  unsupported: {
    spawn_1m:
      "quadratic: entity removal and query upkeep use Array indexOf/splice per entity (10.8 s per op at 100k here, ~1000 s at 1M)",
    migrate_100k:
      "quadratic: each add/remove runs indexOf + splice on the affected queries' entity arrays (2.7 s per op at 40k here, ~17 s at 100k)",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
