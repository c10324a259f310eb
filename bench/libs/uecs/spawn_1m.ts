// spawn_1m in uecs: world.create(new Position(), new Velocity()) N times, then the cached
// (Position, Velocity) view's each with a callback counting and destroying each entity. The
// destroy stage ends by recording the visited count and world.size(), as the adapter did.
import { type Entity, type View, World } from "uecs";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import { countWith, Position, Velocity } from "./components.js";

interface State {
  readonly world: World;
  readonly both: View<[typeof Position, typeof Velocity]>;
  /** The destroy system's callback; counts the entities the view visits. */
  readonly destroyCounting: (e: Entity) => void;
  destroyed: number;
  /** Matches of (Position, Velocity) when destroying began, entities left after it. */
  readonly counts: [number, number];
}

function create(s: State): void {
  const world = s.world;
  for (let i = 0; i < N; i++) world.create(new Position(), new Velocity());
}

function destroy(s: State): void {
  s.destroyed = 0;
  s.both.each(s.destroyCounting);
  s.counts[0] = s.destroyed;
  s.counts[1] = s.world.size();
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const state: State = {
      world,
      both: world.view(Position, Velocity),
      destroyCounting: (e: Entity): void => {
        state.destroyed++;
        world.destroy(e);
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
  read: (s) => ({ matching: countWith(s.world, Position, Velocity), entities: s.world.size() }),
};
