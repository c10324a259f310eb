// packed_5 in ape-ecs: five systems, each over a persisted query of one component doubling
// entity.c.<key>.value; the step is world.runSystems("frame") then world.tick().
import type { Query } from "ape-ecs";
import { N, type Readout } from "../../scenarios/packed_5.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, frame, System, stage, sumKey, World } from "./world.js";

class DoubleA extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("A").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.a as A).value *= 2;
  }
}
class DoubleB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("B").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.b as B).value *= 2;
  }
}
class DoubleC extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("C").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.c as C).value *= 2;
  }
}
class DoubleD extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("D").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.d as D).value *= 2;
  }
}
class DoubleE extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("E").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) (e.c.e as E).value *= 2;
  }
}

interface State {
  readonly world: World;
  readonly queries: readonly Query[];
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type, N);
    const systems = [DoubleA, DoubleB, DoubleC, DoubleD, DoubleE].map((type) => world.registerSystem("frame", type));
    // Each system also gets a group of its own, so the check can run them one at a time.
    for (const [k, system] of systems.entries()) world.registerSystem(`double${"ABCDE"[k]}`, system);
    for (let i = 0; i < N; i++) {
      world.createEntity({
        c: {
          a: { type: "A", value: 1 },
          b: { type: "B", value: 1 },
          c: { type: "C", value: 1 },
          d: { type: "D", value: 1 },
          e: { type: "E", value: 1 },
        },
      });
    }
    return { world, queries: systems.map((system: InstanceType<typeof DoubleA>) => system.q) };
  },
  step: frame,
  stages: [stage("doubleA"), stage("doubleB"), stage("doubleC"), stage("doubleD"), stage("doubleE", true)],
  read(s) {
    s.world.updateIndexes();
    const [a, b, c, d, e] = s.queries;
    return {
      entities: s.world.entities.size,
      countA: a.execute().size,
      countB: b.execute().size,
      countC: c.execute().size,
      countD: d.execute().size,
      countE: e.execute().size,
      sumA: sumKey(a, "a"),
      sumB: sumKey(b, "b"),
      sumC: sumKey(c, "c"),
      sumD: sumKey(d, "d"),
      sumE: sumKey(e, "e"),
    };
  },
};
