// migrate_100k in becsy: a system over (Position, without Velocity) adding Velocity { x: 1,
// y: 1 } to each entity (entity.add), then one over Velocity removing it (entity.remove),
// scheduled after it; the step is one frame of both.
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { create, frame, Position, ProbeBodies, probe, type State, stage, Velocity } from "./world.js";

class AddVelocity extends System {
  private readonly q = this.query((q) => q.current.with(Position).without(Velocity).using(Velocity).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].add(Velocity, { x: 1, y: 1 });
  }
}
class RemoveVelocity extends System {
  private readonly q = this.query((q) => q.current.with(Velocity).write);
  readonly order = this.schedule((s) => s.after(AddVelocity));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].remove(Velocity);
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [Position, Velocity],
      System.group(AddVelocity, RemoveVelocity),
      System.group(ProbeBodies, { out }),
      out,
      { maxEntities: 2 * N, maxLimboComponents: 10 * N, maxShapeChangesPerFrame: 10 * N },
      [System.group(AddVelocity), System.group(RemoveVelocity)],
    );
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) sys.createEntity(Position, { x: 1, y: 0 });
    });
    return s;
  },
  step: frame,
  stages: [stage(0), stage(1)],
  read(s) {
    const [moving, movingPx, , sumVx, still, stillPx] = probe(s);
    return { moving, still, sumVx, sumPx: movingPx + stillPx };
  },
};
