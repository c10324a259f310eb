// entity_cycle in becsy: a system over A creating one B { value: A.value } per entity
// (this.createEntity), then one deleting every B entity (entity.delete()), scheduled after it;
// the step is one frame of both.
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, create, frame, probe, type State, stage } from "./world.js";

class SpawnBs extends System {
  private readonly as = this.query((q) => q.current.with(A).read.using(B).create);
  override execute(): void {
    const list = this.as.current;
    for (let i = 0; i < list.length; i++) this.createEntity(B, { value: list[i].read(A).value });
  }
}
class DestroyBs extends System {
  private readonly bs = this.query((q) => q.current.with(B).write);
  readonly order = this.schedule((s) => s.after(SpawnBs));
  override execute(): void {
    const list = this.bs.current;
    for (let i = 0; i < list.length; i++) list[i].delete();
  }
}

/** Records the A count, the sum of A, the B count and the sum of B. */
class ProbeCycle extends System {
  declare out: number[];
  private readonly as = this.query((q) => q.current.with(A).read);
  private readonly bs = this.query((q) => q.current.with(B).read);
  override execute(): void {
    let a = 0;
    for (const e of this.as.current) a += e.read(A).value;
    let b = 0;
    for (const e of this.bs.current) b += e.read(B).value;
    this.out.push(this.as.current.length, a, this.bs.current.length, b);
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [A, B],
      System.group(SpawnBs, DestroyBs),
      System.group(ProbeCycle, { out }),
      out,
      { maxEntities: 10 * N, maxLimboComponents: 20 * N, maxShapeChangesPerFrame: 20 * N },
      [System.group(SpawnBs), System.group(DestroyBs)],
    );
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) sys.createEntity(A, { value: i });
    });
    return s;
  },
  step: frame,
  stages: [stage(0), stage(1)],
  read(s) {
    // Every entity has A or B: their counts add up to every entity (see packed_5 on why no query over all).
    const [countA, sumA, countB, sumB] = probe(s);
    return { entities: countA + countB, countA, countB, sumA, sumB };
  },
};
