// simple_iter in ape-ecs: three systems swapping (A,B), (C,D), (C,E) through entity.c.<key>
// over persisted queries; the step is world.runSystems("frame") then world.tick().
import type { Query } from "ape-ecs";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, D, E, frame, System, stage, sumKey, World } from "./world.js";

class SwapAB extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("A", "B").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const a = e.c.a as A;
      const b = e.c.b as B;
      const x = a.value;
      a.value = b.value;
      b.value = x;
    }
  }
}
class SwapCD extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("C", "D").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const c = e.c.c as C;
      const d = e.c.d as D;
      const x = c.value;
      c.value = d.value;
      d.value = x;
    }
  }
}
class SwapCE extends System {
  declare q: Query;
  override init(): void {
    this.q = this.createQuery().fromAll("C", "E").persist();
  }
  override update(): void {
    for (const e of this.q.execute()) {
      const c = e.c.c as C;
      const e5 = e.c.e as E;
      const x = c.value;
      c.value = e5.value;
      e5.value = x;
    }
  }
}

interface State {
  readonly world: World;
  readonly ab: Query;
  readonly cd: Query;
  readonly ce: Query;
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World({ entityPool: 4 * N });
    for (const type of [A, B, C, D, E]) world.registerComponent(type, 4 * N);
    const ab: InstanceType<typeof SwapAB> = world.registerSystem("frame", SwapAB);
    const cd: InstanceType<typeof SwapCD> = world.registerSystem("frame", SwapCD);
    const ce: InstanceType<typeof SwapCE> = world.registerSystem("frame", SwapCE);
    // Each system also gets a group of its own, so the check can run them one at a time.
    world.registerSystem("swapAB", ab);
    world.registerSystem("swapCD", cd);
    world.registerSystem("swapCE", ce);
    const a = () => ({ type: "A", value: 1 });
    const b = () => ({ type: "B", value: 2 });
    const c = () => ({ type: "C", value: 3 });
    for (let i = 0; i < N; i++) world.createEntity({ c: { a: a(), b: b() } });
    for (let i = 0; i < N; i++) world.createEntity({ c: { a: a(), b: b(), c: c() } });
    for (let i = 0; i < N; i++) world.createEntity({ c: { a: a(), b: b(), c: c(), d: { type: "D", value: 4 } } });
    for (let i = 0; i < N; i++) world.createEntity({ c: { a: a(), b: b(), c: c(), e: { type: "E", value: 5 } } });
    return { world, ab: ab.q, cd: cd.q, ce: ce.q };
  },
  step: frame,
  stages: [stage("swapAB"), stage("swapCD"), stage("swapCE", true)],
  read(s) {
    s.world.updateIndexes();
    let sumC = 0;
    for (const e of s.ab.execute()) if (e.has("C")) sumC += (e.c.c as C).value;
    return {
      entities: s.world.entities.size,
      countAB: s.ab.execute().size,
      sumA: sumKey(s.ab, "a"),
      sumB: sumKey(s.ab, "b"),
      sumC,
      sumD: sumKey(s.cd, "d"),
      sumE: sumKey(s.ce, "e"),
    };
  },
};
