// simple_iter in becsy: three systems swapping (A,B), (C,D), (C,E) through entity.write over
// query.current, scheduled in that order; the step is one frame of all three.
import { System } from "@lastolivegames/becsy/lib/perf.js";
import { N, type Readout } from "../../scenarios/simple_iter.js";
import type { Implementation } from "../../spec.js";
import { A, B, C, create, D, E, frame, probe, type State, stage } from "./world.js";

class SwapAB extends System {
  private readonly q = this.query((q) => q.current.with(A, B).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const a = list[i].write(A);
      const b = list[i].write(B);
      const x = a.value;
      a.value = b.value;
      b.value = x;
    }
  }
}
class SwapCD extends System {
  private readonly q = this.query((q) => q.current.with(C, D).write);
  readonly order = this.schedule((s) => s.after(SwapAB));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const c = list[i].write(C);
      const d = list[i].write(D);
      const x = c.value;
      c.value = d.value;
      d.value = x;
    }
  }
}
class SwapCE extends System {
  private readonly q = this.query((q) => q.current.with(C, E).write);
  readonly order = this.schedule((s) => s.after(SwapCD));
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) {
      const c = list[i].write(C);
      const e = list[i].write(E);
      const x = c.value;
      c.value = e.value;
      e.value = x;
    }
  }
}

/** Records the (A,B) count and the sums of A, B (over (A,B)), C, D, E. */
class ProbeSimple extends System {
  declare out: number[];
  private readonly ab = this.query((q) => q.current.with(A, B).read);
  private readonly c = this.query((q) => q.current.with(C).read);
  private readonly d = this.query((q) => q.current.with(D).read);
  private readonly e = this.query((q) => q.current.with(E).read);
  override execute(): void {
    let a = 0;
    let b = 0;
    for (const e of this.ab.current) {
      a += e.read(A).value;
      b += e.read(B).value;
    }
    let c = 0;
    for (const e of this.c.current) c += e.read(C).value;
    let d = 0;
    for (const e of this.d.current) d += e.read(D).value;
    let e5 = 0;
    for (const e of this.e.current) e5 += e.read(E).value;
    this.out.push(this.ab.current.length, a, b, c, d, e5);
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [A, B, C, D, E],
      System.group(SwapAB, SwapCD, SwapCE),
      System.group(ProbeSimple, { out }),
      out,
      { maxEntities: 5 * N, maxShapeChangesPerFrame: 30 * N },
      [System.group(SwapAB), System.group(SwapCD), System.group(SwapCE)],
    );
    s.world.build((sys) => {
      for (let i = 0; i < N; i++) sys.createEntity(A, { value: 1 }, B, { value: 2 });
      for (let i = 0; i < N; i++) sys.createEntity(A, { value: 1 }, B, { value: 2 }, C, { value: 3 });
      for (let i = 0; i < N; i++) {
        sys.createEntity(A, { value: 1 }, B, { value: 2 }, C, { value: 3 }, D, { value: 4 });
      }
      for (let i = 0; i < N; i++) {
        sys.createEntity(A, { value: 1 }, B, { value: 2 }, C, { value: 3 }, E, { value: 5 });
      }
    });
    return s;
  },
  step: frame,
  stages: [stage(0), stage(1), stage(2)],
  read(s) {
    // Every entity has A and B: the (A,B) count is every entity (see packed_5 on why no query over all).
    const [ab, sumA, sumB, sumC, sumD, sumE] = probe(s);
    return { entities: ab, countAB: ab, sumA, sumB, sumC, sumD, sumE };
  },
};
