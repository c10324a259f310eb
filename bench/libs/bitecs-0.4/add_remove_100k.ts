// add_remove_100k in bitECS 0.4: 100,000 entities with Position (a store of x, y arrays
// indexed by id, x = 1, y = 2); addComponent(world, e, Marker) on each (a tag: an empty
// object), then removeComponent(world, e, Marker) on each. Single calls, not a system. The
// (Position, Marker) and (Position) queries the check reads are registered, as systems' would
// be; each phase ends with a query() of (Position, Marker), where bitECS commits its deferred
// query removals. bitECS keeps no archetype tables, so nothing moves but the entity's mask
// and query memberships.
import {
  addComponent,
  addEntity,
  createWorld,
  getAllEntities,
  type QueryTerm,
  query,
  removeComponent,
  type World,
} from "bitecs";
import { expectEqual } from "../../check.js";
import type { MicroImplementation } from "../../types.js";
import { sumOver, type Tag, tag, type Vec2, vec2 } from "./stores.js";

const N = 100_000;

interface State {
  readonly world: World;
  readonly Position: Vec2;
  readonly Marker: Tag;
  readonly ids: Uint32Array;
  readonly marked: QueryTerm[];
  readonly all: QueryTerm[];
}

function addEach(s: State): void {
  const { world, ids, Marker } = s;
  for (let i = 0; i < N; i++) addComponent(world, ids[i], Marker);
  query(world, s.marked);
}

function removeEach(s: State): void {
  const { world, ids, Marker } = s;
  for (let i = 0; i < N; i++) removeComponent(world, ids[i], Marker);
  query(world, s.marked);
}

export const micro: MicroImplementation = {
  kind: "phases",
  setup(): State {
    const world = createWorld();
    const Position = vec2(N);
    const Marker = tag();
    const ids = new Uint32Array(N);
    for (let i = 0; i < N; i++) {
      const e = addEntity(world, Position);
      Position.x[e] = 1;
      Position.y[e] = 2;
      ids[i] = e;
    }
    const marked = [Position, Marker];
    const all = [Position];
    query(world, marked);
    query(world, all);
    return { world, Position, Marker, ids, marked, all };
  },
  check(s: State) {
    const { x, y } = s.Position;
    addEach(s);
    const marked = query(s.world, s.marked);
    expectEqual("add_remove_100k", "entities with Marker after adding", marked.length, N);
    expectEqual("add_remove_100k", "sum of Position.x after adding", sumOver(marked, x), N);
    expectEqual("add_remove_100k", "sum of Position.y after adding", sumOver(marked, y), 2 * N);
    removeEach(s);
    const all = query(s.world, s.all);
    expectEqual("add_remove_100k", "entities with Marker after removing", query(s.world, s.marked).length, 0);
    expectEqual("add_remove_100k", "entities with Position after removing", all.length, N);
    expectEqual("add_remove_100k", "sum of Position.x after removing", sumOver(all, x), N);
    expectEqual("add_remove_100k", "entities after removing", getAllEntities(s.world).length, N);
  },
  phases: [
    { name: "add", per: N, unit: "migration", run: addEach },
    { name: "remove", per: N, unit: "migration", run: removeEach },
  ],
};
