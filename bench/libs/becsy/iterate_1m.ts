// iterate_1m in becsy: one system reading Velocity and writing Position (entity.read /
// entity.write) over query.current; the step is one frame.
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { create, frame, Position, ProbeBodies, probe, type State, Velocity } from "./world.js";

class Move extends System {
  private readonly q = this.query((q) => q.current.with(Velocity).read.with(Position).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const e = list[i];
      const v = e.read(Velocity);
      const p = e.write(Position);
      p.x += v.x;
      p.y += v.y;
    }
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    const s = await create([Position, Velocity], System.group(Move), System.group(ProbeBodies, { out }), out, {
      maxEntities: N + 1000,
      maxShapeChangesPerFrame: 4 * N,
    });
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) sys.createEntity(Position, { x: 0, y: 0 }, Velocity, { x: VX, y: VY });
    });
    return s;
  },
  step: frame,
  stages: [frame],
  read(s) {
    const [moving, sumX, sumY] = probe(s);
    return { moving, sumX, sumY };
  },
};
