// spawn_1m in becsy: a system creating N entities with Position and Velocity
// (this.createEntity), then one deleting every (Position, Velocity) entity, scheduled after it;
// the step is one frame of both. Deleted entities stay in limbo for up to two frames, so the
// world holds ~3M ids.
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { N, type Readout } from "../../scenarios/spawn_1m.js";
import type { Implementation } from "../../spec.js";
import { create, frame, Position, ProbeBodies, probe, type State, stage, Velocity } from "./world.js";

class SpawnAll extends System {
  readonly entitlements = this.query((q) => q.using(Position, Velocity).create);
  override execute(): void {
    for (let i = 0; i < N; i++) this.createEntity(Position, Velocity);
  }
}
class DeleteAll extends System {
  private readonly q = this.query((q) => q.current.with(Position, Velocity).write);
  readonly order = this.schedule((s) => s.after(SpawnAll));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].delete();
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    return create(
      [Position, Velocity],
      System.group(SpawnAll, DeleteAll),
      System.group(ProbeBodies, { out }),
      out,
      { maxEntities: 3_200_000, maxLimboComponents: 10_000_000, maxShapeChangesPerFrame: 8_000_000 },
      [System.group(SpawnAll), System.group(DeleteAll)],
    );
  },
  step: frame,
  stages: [stage(0), stage(1)],
  read(s) {
    // Every entity has Position: with and without Velocity, the probe's two queries hold them all.
    const [matching, , , , still] = probe(s);
    return { matching, entities: matching + still };
  },
};
