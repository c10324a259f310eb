// entity_cycle in ape-ecs: a system over A creating one entity with B { value: A.value } per
// entity of its persisted query, then one destroying every B entity; the step is
// world.runSystems("frame") then world.tick().
import type { Query } from "ape-ecs";
import { N, type Readout } from "../../scenarios/entity_cycle.js";
import type { Implementation } from "../../spec.js";
import { A, B, frame, System, stage, sumKey, World } from "./world.js";

class SpawnBs extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("A").persist();
  }
  override update(): void {
    const world = this.world;
    for (const e of this.q.execute()) world.createEntity({ c: { b: { type: "B", value: (e.c.a as A).value } } });
  }
}
class DestroyBs extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("B").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.destroy();
  }
}

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: 2 * N });
    world.registerComponent(A, N);
    world.registerComponent(B, N);
    // Each system also gets a group of its own, so the check can run them one at a time.
    const spawn: InstanceType<typeof SpawnBs> = world.registerSystem("frame", SpawnBs);
    const destroy: InstanceType<typeof DestroyBs> = world.registerSystem("frame", DestroyBs);
    world.registerSystem("spawn", spawn);
    world.registerSystem("destroy", destroy);
    for (let i = 0; i < N; i++) world.createEntity({ c: { a: { type: "A", value: i } } });
    return { world, qa: spawn.q, qb: destroy.q };
  },
  step: frame,
  stages: [stage("spawn"), stage("destroy", true)],
  read(s) {
    s.world.updateIndexes();
    return {
      entities: s.world.entities.size,
      countA: s.qa.execute().size,
      countB: s.qb.execute().size,
      sumA: sumKey(s.qa, "a"),
      sumB: sumKey(s.qb, "b"),
    };
  },
};
