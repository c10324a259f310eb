// random_access in becsy: per pick entity.write(Position), read x, write x + 1, in a system
// with a write entitlement on Position (one frame per op). The picks are held entities
// (entity.hold(), the documented way to keep an entity across frames).
import { type Entity, System } from "@lastolivegames/becsy/lib/perf.js";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { create, frame, Position, ProbeBodies, probe, type State, Velocity } from "./world.js";

class Touch extends System {
  declare targets: Entity[];
  readonly entitlements = this.query((q) => q.using(Position).write);
  override execute(): void {
    const targets = this.targets;
    for (let i = 0; i < targets.length; i++) {
      const p = targets[i].write(Position);
      const x = p.x;
      p.x = x + 1;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    const targets: Entity[] = [];
    const s = await create(
      [Position, Velocity],
      System.group(Touch, { targets }),
      System.group(ProbeBodies, { out }),
      out,
      {
        maxEntities: 2 * N,
        maxShapeChangesPerFrame: 4 * N,
      },
    );
    const spawned: Entity[] = [];
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) spawned.push(sys.createEntity(Position, { x: 0, y: 0 }).hold());
    });
    for (const i of picks()) targets.push(spawned[i]);
    return s;
  },
  step: frame,
  stages: [frame],
  read(s) {
    // Every entity has Position: with and without Velocity, the probe's two queries hold them all.
    const [moving, movingX, , , still, stillX] = probe(s);
    return { count: moving + still, sumX: movingX + stillX };
  },
};
