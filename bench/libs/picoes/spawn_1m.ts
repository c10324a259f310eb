// spawn_1m in picoes: create N entities with position and velocity (entity().set(...)), then
// world.each over (position, velocity) with a callback counting and destroying each entity.
// The destroy stage ends by recording the visited count and the query's length afterwards,
// as the adapter always did (timed work).
import { type Entity, World } from "picoes";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";

interface State {
  readonly world: World;
  /** Counts the entities the destroy system visits (all matches of its query). */
  readonly destroyCounting: (data: unknown, entity: Entity) => void;
  destroyed: number;
  /** Matches of (position, velocity) when destroying began, and after it. */
  readonly counts: [number, number];
}

function create(s: State): void {
  const world = s.world;
  for (let i = 0; i < N; i++) {
    world.entity().set("position", { x: 0, y: 0 }).set("velocity", { x: 0, y: 0 });
  }
}

function destroy(s: State): void {
  s.destroyed = 0;
  s.world.each("position", "velocity", s.destroyCounting);
  s.counts[0] = s.destroyed;
  s.counts[1] = s.world.each("position", "velocity").length;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const state: State = {
      world: new World(),
      destroyCounting: (_: unknown, entity: Entity): void => {
        state.destroyed++;
        entity.destroy();
      },
      destroyed: 0,
      counts: [0, 0],
    };
    return state;
  },
  step(s) {
    create(s);
    destroy(s);
  },
  stages: [create, destroy],
  read: (s) => ({ matching: s.world.each("position", "velocity").length, entities: s.world.each().length }),
};
