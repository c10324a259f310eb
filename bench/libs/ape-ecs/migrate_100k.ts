// migrate_100k in ape-ecs: a system over (Position, not Velocity) adding a keyed Velocity
// { x: 1, y: 1 } to each entity (entity.addComponent), then one over (Position, Velocity)
// removing it (entity.removeComponent("velocity")); the step is world.runSystems("frame") then
// world.tick().
import type { Query } from "ape-ecs";
import { N, type Readout } from "../../scenarios/migrate_100k.js";
import type { Implementation } from "../../spec.js";
import { frame, Position, System, stage, Velocity, World } from "./world.js";

class AddVelocity extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Position").not("Velocity").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.addComponent({ type: "Velocity", key: "velocity", x: 1, y: 1 });
  }
}
class RemoveVelocity extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("Position", "Velocity").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) e.removeComponent("velocity");
  }
}

interface State {
  readonly world: World;
  readonly still: Query;
  readonly moving: Query;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: N });
    world.registerComponent(Position, N);
    world.registerComponent(Velocity, N);
    const add: InstanceType<typeof AddVelocity> = world.registerSystem("frame", AddVelocity);
    const remove: InstanceType<typeof RemoveVelocity> = world.registerSystem("frame", RemoveVelocity);
    world.registerSystem("add", add);
    world.registerSystem("remove", remove);
    for (let i = 0; i < N; i++) world.createEntity({ c: { position: { type: "Position", x: 1, y: 0 } } });
    return { world, still: add.q, moving: remove.q };
  },
  step: frame,
  stages: [stage("add"), stage("remove", true)],
  read(s) {
    s.world.updateIndexes();
    let sumVx = 0;
    let sumPx = 0;
    for (const e of s.moving.execute()) {
      sumVx += (e.c.velocity as Velocity).x;
      sumPx += (e.c.position as Position).x;
    }
    for (const e of s.still.execute()) sumPx += (e.c.position as Position).x;
    return { moving: s.moving.execute().size, still: s.still.execute().size, sumVx, sumPx };
  },
};
