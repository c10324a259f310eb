// packed_5 in becsy: five systems, each iterating query.current over one component with a
// write entitlement and doubling entity.write(X).value; the step is one frame of all five.
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, create, D, E, frame, probe, type State, stage } from "./world.js";

class DoubleA extends System {
  private readonly q = this.query((q) => q.current.with(A).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(A).value *= 2;
  }
}
class DoubleB extends System {
  private readonly q = this.query((q) => q.current.with(B).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(B).value *= 2;
  }
}
class DoubleC extends System {
  private readonly q = this.query((q) => q.current.with(C).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(C).value *= 2;
  }
}
class DoubleD extends System {
  private readonly q = this.query((q) => q.current.with(D).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(D).value *= 2;
  }
}
class DoubleE extends System {
  private readonly q = this.query((q) => q.current.with(E).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(E).value *= 2;
  }
}

/** Records the entity count and the sums of A..E. */
class ProbePacked extends System {
  declare out: number[];
  private readonly q = this.query((q) => q.current.with(A, B, C, D, E).read);
  override execute(): void {
    const sums = [0, 0, 0, 0, 0];
    for (const e of this.q.current) {
      sums[0] += e.read(A).value;
      sums[1] += e.read(B).value;
      sums[2] += e.read(C).value;
      sums[3] += e.read(D).value;
      sums[4] += e.read(E).value;
    }
    this.out.push(this.q.current.length, ...sums);
  }
}

const SYSTEMS = [DoubleA, DoubleB, DoubleC, DoubleD, DoubleE];

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [A, B, C, D, E],
      System.group(...SYSTEMS),
      System.group(ProbePacked, { out }),
      out,
      { maxEntities: 2 * N, maxShapeChangesPerFrame: 10 * N },
      SYSTEMS.map((system) => System.group(system)),
    );
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) {
        sys.createEntity(A, { value: 1 }, B, { value: 1 }, C, { value: 1 }, D, { value: 1 }, E, { value: 1 });
      }
    });
    return s;
  },
  step: frame,
  stages: [stage(0), stage(1), stage(2), stage(3), stage(4)],
  read(s) {
    // The probe's one query holds every entity (each has A..E): it gives every count. A query
    // over all entities would make each create / delete log a shape change in the timed frames.
    const [n, sumA, sumB, sumC, sumD, sumE] = probe(s);
    return { entities: n, countA: n, countB: n, countC: n, countD: n, countE: n, sumA, sumB, sumC, sumD, sumE };
  },
};
