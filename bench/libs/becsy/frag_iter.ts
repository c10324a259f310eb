// frag_iter in becsy: a system doubling Data over query.current, then one doubling Z (26
// generated letter types, each named: becsy requires unique component names); the step is one
// frame of both.
import { System, Type } from "@lastolivegames/becsy/lib/perf.js";
import { LETTERS, PER_TYPE, type Readout, TYPES } from "../../scenarios/frag_iter.js";
import type { Implementation } from "../../spec.js";
import { create, Data, frame, named, probe, type State, stage } from "./world.js";

/** A fresh { value: i32 } component type named `name` (one per letter). */
function valueComponent(name: string): typeof Data {
  const type = class {
    static schema = { value: Type.int32 };
    declare value: number;
  };
  return named(name, type);
}

const Letters = Array.from(LETTERS, (letter) => valueComponent(`Letter${letter}`));
const Y = Letters[24];
const Z = Letters[25];

class DoubleData extends System {
  private readonly q = this.query((q) => q.current.with(Data).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(Data).value *= 2;
  }
}
class DoubleZ extends System {
  private readonly q = this.query((q) => q.current.with(Z).write);
  override execute(): void {
    const list = this.q.current;
    for (let i = 0; i < list.length; i++) list[i].write(Z).value *= 2;
  }
}

/** Records the Data count and the sums of Data, Z and Y. */
class ProbeFrag extends System {
  declare out: number[];
  private readonly data = this.query((q) => q.current.with(Data).read);
  private readonly z = this.query((q) => q.current.with(Z).read);
  private readonly y = this.query((q) => q.current.with(Y).read);
  override execute(): void {
    let data = 0;
    for (const e of this.data.current) data += e.read(Data).value;
    let z = 0;
    for (const e of this.z.current) z += e.read(Z).value;
    let y = 0;
    for (const e of this.y.current) y += e.read(Y).value;
    this.out.push(this.data.current.length, data, z, y);
  }
}

export const implementation: Implementation<State, Readout> = {
  async setup() {
    const out: number[] = [];
    const s = await create(
      [Letters, Data],
      System.group(DoubleData, DoubleZ),
      System.group(ProbeFrag, { out }),
      out,
      { maxEntities: 2 * TYPES * PER_TYPE, maxShapeChangesPerFrame: 4 * TYPES * PER_TYPE },
      [System.group(DoubleData), System.group(DoubleZ)],
    );
    s.world.build((sys) => {
      for (const Letter of Letters) {
        for (let i = 0; i < PER_TYPE; i++) sys.createEntity(Letter, { value: 1 }, Data, { value: 1 });
      }
    });
    return s;
  },
  step: frame,
  stages: [stage(0), stage(1)],
  read(s) {
    // Every entity has Data: the Data count is every entity (see packed_5 on why no query over all).
    const [n, sumData, sumZ, sumY] = probe(s);
    return { entities: n, countData: n, sumData, sumZ, sumY };
  },
};
