// add_remove_100k in piecs: 100,000 entities with Position (typed arrays x, y indexed by id,
// x = 1, y = 2); world.addComponent(id, Marker) on each (the entity moves to the (Position,
// Marker) archetype), then world.removeComponent(id, Marker) on each (back). Single calls,
// not a system. Registered archetype systems that never run hold the queries the check
// reads. piecs keeps no component data, so a migration moves only the entity id.
import { createArchetypeSystem, type System, World } from "piecs";
import { expectEqual } from "../../check.js";
import type { MicroImplementation } from "../../types.js";
import { countOf, entityCount, sumOf } from "./systems.js";

const N = 100_000;

interface State {
  readonly world: World;
  readonly marker: number;
  readonly ids: Uint32Array;
  readonly marked: System;
  readonly all: System;
  readonly px: Float32Array;
  readonly py: Float32Array;
}

function addEach(s: State): void {
  const { world, ids, marker } = s;
  for (let i = 0; i < N; i++) world.addComponent(ids[i], marker);
}

function removeEach(s: State): void {
  const { world, ids, marker } = s;
  for (let i = 0; i < N; i++) world.removeComponent(ids[i], marker);
}

export const micro: MicroImplementation = {
  kind: "phases",
  setup(): State {
    const world = new World();
    const Position = world.createComponentId();
    const Marker = world.createComponentId();
    const marked = createArchetypeSystem(
      function countMarked() {},
      (q) => q.every(Position, Marker),
    );
    const all = createArchetypeSystem(
      function countAll() {},
      (q) => q.every(Position),
    );
    world.registerSystem(marked).registerSystem(all);
    const prefab = world.prefabricate([Position]);
    world.initialize();
    const px = new Float32Array(N);
    const py = new Float32Array(N);
    const ids = new Uint32Array(N);
    for (let i = 0; i < N; i++) {
      const id = world.createEntity(prefab);
      px[id] = 1;
      py[id] = 2;
      ids[i] = id;
    }
    return { world, marker: Marker, ids, marked, all, px, py };
  },
  check(s: State) {
    addEach(s);
    expectEqual("add_remove_100k", "entities with Marker after adding", countOf(s.marked), N);
    expectEqual("add_remove_100k", "sum of Position.x after adding", sumOf(s.marked, s.px), N);
    expectEqual("add_remove_100k", "sum of Position.y after adding", sumOf(s.marked, s.py), 2 * N);
    removeEach(s);
    expectEqual("add_remove_100k", "entities with Marker after removing", countOf(s.marked), 0);
    expectEqual("add_remove_100k", "entities with Position after removing", countOf(s.all), N);
    expectEqual("add_remove_100k", "sum of Position.x after removing", sumOf(s.all, s.px), N);
    expectEqual("add_remove_100k", "entities after removing", entityCount(s.world, N), N);
  },
  phases: [
    { name: "add", per: N, unit: "migration", run: addEach },
    { name: "remove", per: N, unit: "migration", run: removeEach },
  ],
};
