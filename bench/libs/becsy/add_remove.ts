// add_remove in becsy: a system over TagA adding TagB to each entity (entity.add), then one
// over TagB removing it (entity.remove), scheduled after it; tags are classes without a
// schema. The step is one frame of both.
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { create, frame, probe, type State, stage } from "./world.js";

class TagA {}
class TagB {}

class AddB extends System {
  private readonly q = this.query((q) => q.current.with(TagA).read.using(TagB).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].add(TagB);
  }
}
class RemoveB extends System {
  private readonly q = this.query((q) => q.current.with(TagB).write);
  readonly order = this.schedule((s) => s.after(AddB));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].remove(TagB);
  }
}

/** Records the A count, the B count and how many A entities hold B. */
class ProbeTags extends System {
  declare out: number[];
  private readonly as = this.query((q) => q.current.with(TagA).read.using(TagB).read);
  private readonly bs = this.query((q) => q.current.with(TagB).read);
  override execute(): void {
    let holding = 0;
    for (const e of this.as.current) if (e.has(TagB)) holding++;
    this.out.push(this.as.current.length, this.bs.current.length, holding);
  }
}

export const implementation: Implementation<State, Readout & { holdingLessB: number }> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [TagA, TagB],
      System.group(AddB, RemoveB),
      System.group(ProbeTags, { out }),
      out,
      { maxEntities: 2 * N, maxLimboComponents: 10 * N, maxShapeChangesPerFrame: 10 * N },
      [System.group(AddB), System.group(RemoveB)],
    );
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) sys.createEntity(TagA);
    });
    return s;
  },
  step: frame,
  stages: [stage(0), stage(1)],
  read(s) {
    // Every entity has TagA: the A count is every entity (see packed_5 on why no query over all).
    // The A entities holding B (entity.has) must be as many as the B query holds.
    const [countA, countB, holding] = probe(s);
    return { entities: countA, countA, countB, holdingLessB: holding - countB };
  },
  invariants: { holdingLessB: 0 },
};
