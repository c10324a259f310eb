// add_remove in ape-ecs: a system over TagA adding TagB to each entity of its persisted query
// (entity.addTag), then one over TagB removing it (entity.removeTag); tags are registered
// strings. The step is world.runSystems("frame") then world.tick().
import type { Query } from "ape-ecs";
import { N, type Readout } from "../../scenarios/add_remove.js";
import type { Implementation } from "../../spec.js";
import { frame, System, stage, World } from "./world.js";

class AddB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("TagA").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.addTag("TagB");
  }
}
class RemoveB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("TagB").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.removeTag("TagB");
  }
}

interface State {
  readonly world: World;
  readonly qa: Query;
  readonly qb: Query;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: N });
    world.registerTags("TagA", "TagB");
    const add: InstanceType<typeof AddB> = world.registerSystem("frame", AddB);
    const remove: InstanceType<typeof RemoveB> = world.registerSystem("frame", RemoveB);
    world.registerSystem("add", add);
    world.registerSystem("remove", remove);
    for (let i = 0; i < N; i++) world.createEntity({ tags: ["TagA"] });
    return { world, qa: add.q, qb: remove.q };
  },
  step: frame,
  stages: [stage("add"), stage("remove", true)],
  read(s) {
    s.world.updateIndexes();
    return { entities: s.world.entities.size, countA: s.qa.execute().size, countB: s.qb.execute().size };
  },
};
