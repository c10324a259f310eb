// engine_100k: the engine layer's per-unit costs.
// - step overhead per system: world.step() over 100 systems whose query matches one
//   table of one entity and whose body reads one column (ns per system);
// - batches over 100,000 entities with Position: spawnMany, addMany / removeMany of a
//   tag over an entity list and over a query, destroyMany (ns per entity).
import { component, createWorld, type Query, tag, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { PhaseBench, PhaseImplementation } from "../types.js";

const N = 100_000;
const SYSTEMS = 100;

const Position = component("Position", { x: "f32", y: "f32" });
const Marker = tag("Marker");
const Lone = component("Lone", { v: "f32" });

interface State {
  readonly world: World;
  readonly plain: Query;
  readonly marked: Query;
  ids: Uint32Array;
  sum: number;
}

function step(s: State): void {
  s.world.step(1 / 60);
}

function spawnAll(s: State): void {
  s.ids = s.world.spawnMany(N, Position);
}

function addList(s: State): void {
  s.world.addMany(s.ids, Marker);
}

function removeList(s: State): void {
  s.world.removeMany(s.ids, Marker);
}

function addQuery(s: State): void {
  s.world.addMany(s.plain, Marker);
}

function removeQuery(s: State): void {
  s.world.removeMany(s.marked, Marker);
}

function destroyAll(s: State): void {
  s.world.destroyMany(s.ids);
}

const wasmEcs: PhaseImplementation<State> = {
  async setup() {
    const world = await createWorld({ components: [Position, Marker, Lone], initialEntities: N + 1 });
    world.spawn(Lone.with({ v: 1 }));
    const s: State = {
      world,
      plain: world.query({ all: [Position], none: [Marker] }),
      marked: world.query({ all: [Position, Marker] }),
      ids: new Uint32Array(0),
      sum: 0,
    };
    for (let k = 0; k < SYSTEMS; k++) {
      world.system(`system ${k}`, { all: [Lone] }, (q) => {
        for (const t of q) s.sum += t.read(Lone).v[0];
      });
    }
    return s;
  },
  check(s) {
    step(s);
    expectEqual("engine_100k", "systems run by one step", s.sum, SYSTEMS);
    spawnAll(s);
    addList(s);
    expectEqual("engine_100k", "entities with Marker after addMany(list)", s.marked.count(), N);
    removeList(s);
    expectEqual("engine_100k", "entities with Marker after removeMany(list)", s.marked.count(), 0);
    addQuery(s);
    expectEqual("engine_100k", "entities with Marker after addMany(query)", s.marked.count(), N);
    removeQuery(s);
    expectEqual("engine_100k", "entities without Marker after removeMany(query)", s.plain.count(), N);
    destroyAll(s);
    expectEqual("engine_100k", "entities after destroyMany", s.world.entityCount, 1);
  },
  phases: [
    { name: "step overhead", per: SYSTEMS, unit: "system", run: step },
    { name: "spawnMany", per: N, unit: "entity", run: spawnAll },
    { name: "addMany(list)", per: N, unit: "entity", run: addList },
    { name: "removeMany(list)", per: N, unit: "entity", run: removeList },
    { name: "addMany(query)", per: N, unit: "entity", run: addQuery },
    { name: "removeMany(query)", per: N, unit: "entity", run: removeQuery },
    { name: "destroyMany", per: N, unit: "entity", run: destroyAll },
  ],
};

export const bench: PhaseBench = {
  kind: "phases",
  name: "engine_100k",
  group: "micro",
  description:
    "step() over 100 systems (ns per system); spawnMany, addMany / removeMany (list, query), destroyMany of 100k (ns per entity)",
  implementations: { "wasm-ecs": wasmEcs },
};
