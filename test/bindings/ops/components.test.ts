// Registering components (bindings/ops/components.ts): each component gets the core's next
// id once, its defaults and flags written to the core; a duplicate name or a non-component
// is refused; a component with "object" fields turns the row journal on. The unit tests
// run from the sources; the last ones go through the public API (runtime registration
// after entities exist, masks wider than 64 components, 1,024 component types).
import { describe, expect, it } from "vitest";
import { component, createWorld, ArgumentError as PublicArgumentError, tag, UnknownComponentError } from "wasm-ecs";
import {
  component as sourceComponent,
  relation as sourceRelation,
  tag as sourceTag,
} from "../../../bindings/component.js";
import {
  FLAG_CASCADE,
  FLAG_EXCLUSIVE,
  FLAG_RELATION,
  FLAG_TAG,
  H_COMPONENT_COUNT,
  H_COMPONENTS,
  H_JOURNAL,
  K_FLAGS,
  K_STRIDE,
} from "../../../bindings/core/constants.generated.js";
import { ArgumentError, SchemaError } from "../../../bindings/errors.js";
import { register } from "../../../bindings/ops/components.js";
import type { Store } from "../../../bindings/store/store.js";
import { readValues } from "../../../bindings/store/values.js";
import { sourceStore } from "../../support/sources.js";

/** The error fn throws (fails the test when it returns). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

/** The flags the core keeps for component id. */
function coreFlags(store: Store, id: number): number {
  return store.core.u32[(store.core.header(H_COMPONENTS) >>> 2) + id * K_STRIDE + K_FLAGS];
}

describe("register", () => {
  it("gives each component the core's next id once; registering it again does nothing", async () => {
    const store = await sourceStore();
    const A = sourceComponent("A", { v: "f32" });
    const B = sourceTag("B");
    register(store, A);
    register(store, B);
    register(store, A);
    expect([store.registry.idOf(A), store.registry.idOf(B)]).toEqual([0, 1]);
    expect(store.core.header(H_COMPONENT_COUNT)).toBe(2);
    expect(store.registry.components).toEqual([A, B]);
  });

  it("refuses a second component with a registered name with SchemaError, and a non-component with ArgumentError", async () => {
    const store = await sourceStore();
    register(store, sourceComponent("Pos", { x: "f32" }));
    const twin = sourceComponent("Pos", { x: "f64" });
    const duplicate = thrown(() => register(store, twin));
    expect(duplicate).toBeInstanceOf(SchemaError);
    expect(duplicate.message).toBe(
      'Another component named "Pos" is already registered in this world: component names are unique per world',
    );
    const notComponent = thrown(() => register(store, 3 as never));
    expect(notComponent).toBeInstanceOf(ArgumentError);
    expect(notComponent.message).toBe("register() takes a component, got 3");
    expect(store.core.header(H_COMPONENT_COUNT)).toBe(1);
  });

  it("writes each field's default into the core, so new rows start with it", async () => {
    const store = await sourceStore();
    const C = sourceComponent("C", { hp: "i32", at: ["f32", 3], free: "u8" }, { defaults: { hp: 100, at: [1, 2, 3] } });
    const D = sourceComponent("D", { m: ["u16", 2] }, { defaults: { m: 7 } });
    register(store, C);
    register(store, D);
    const [c, d] = [store.registry.idOf(C), store.registry.idOf(D)];
    const t = store.core.tableWith(store.core.tableWith(0, c), d);
    const e = store.core.spawn(t);
    const table = store.tables.at(t);
    const row = store.core.rowOf(e);
    expect(readValues(store.core, table, row, C, c)).toEqual({ hp: 100, at: [1, 2, 3], free: 0 });
    expect(readValues(store.core, table, row, D, d)).toEqual({ m: [7, 7] });
  });

  it("passes tag, relation, exclusive and cascade flags to the core and keeps sparse tags in bitsets", async () => {
    const store = await sourceStore();
    const comps = [
      sourceComponent("Data", { v: "f32" }),
      sourceTag("Tag"),
      sourceRelation("Likes"),
      sourceRelation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" }),
      sourceTag("Picked", { sparse: true }),
    ];
    for (const c of comps) register(store, c);
    expect(comps.map((c) => coreFlags(store, store.registry.idOf(c)))).toEqual([
      0,
      FLAG_TAG,
      FLAG_TAG | FLAG_RELATION,
      FLAG_TAG | FLAG_RELATION | FLAG_EXCLUSIVE | FLAG_CASCADE,
      FLAG_TAG,
    ]);
    expect(store.sparse.isSparse(store.registry.idOf(comps[4]))).toBe(true);
    expect(store.registry.relations).toBe(2);
  });

  it("turns the row journal on for the first component with object fields, and only once", async () => {
    const store = await sourceStore();
    register(store, sourceComponent("Plain", { v: "f32" }));
    expect(store.core.header(H_JOURNAL)).toBe(0);
    expect(store.core.onJournal).toBeUndefined();
    register(store, sourceComponent("Name", { label: "object" }));
    const journal = store.core.header(H_JOURNAL);
    const replay = store.core.onJournal;
    expect(journal).not.toBe(0);
    expect(replay).toBeTypeOf("function");
    register(store, sourceComponent("Sprite", { frame: "u16", image: "object" }));
    expect(store.core.header(H_JOURNAL)).toBe(journal);
    expect(store.core.onJournal).toBe(replay);
  });
});

describe("register through the public API", () => {
  const Position = component("Position", { x: "f32", y: "f32" });
  const Health = component("Health", { hp: "i32" }, { defaults: { hp: 100 } });

  it("register works after entities exist and widens masks past 64 components", async () => {
    const world = await createWorld({ components: [Position] });
    const e = world.spawn(Position.with({ x: 4 }));
    const extra = Array.from({ length: 100 }, (_, i) => tag(`Extra${i}`));
    for (const t of extra) world.register(t);
    world.register(Health);
    world.add(e, extra[99]);
    world.add(e, Health);
    expect(world.get(e, Position)).toEqual({ x: 4, y: 0 });
    expect(world.has(e, extra[99])).toBe(true);
    expect(world.query({ all: [extra[99], Health] }).entities()).toEqual(Uint32Array.of(e));
  });

  it("a new component is refused inside a loop, a system or defer() (its core call may grow the memory under the loop's views); a registered one passes", async () => {
    const world = await createWorld({ components: [Position], sharedMemory: false, initialMemoryBytes: 1 << 16 });
    const es = world.spawnMany(100, Position.with({ x: 1 }));
    const q = world.query({ all: [Position] });
    const before = world.stats();
    const late = component("Late", { m: ["f64", 16] });
    const inside = /^register\(Late\) cannot run while a query is iterated, inside defer\(\) or inside step\(\)$/;
    for (const t of q) {
      const { x } = t.columns(Position);
      expect(() => world.register(late)).toThrow(PublicArgumentError);
      expect(() => world.register(late)).toThrow(inside);
      world.register(Position); // registered: nothing to do, no core call
      for (let i = 0; i < t.count; i++) x[i] = 2;
    }
    expect(() => world.defer(() => world.register(late))).toThrow(inside);
    world.system("late", { all: [Position] }, () => world.register(late));
    expect(() => world.step()).toThrow(inside);
    expect(world.stats()).toEqual(before);
    expect(() => world.add(es[0], late)).toThrow(UnknownComponentError);
    expect(Array.from(es, (e) => world.get(e, Position).x)).toEqual(Array(100).fill(2)); // no write lost
    world.register(late); // outside: fine
    world.add(es[0], late);
    expect(world.has(es[0], late)).toBe(true);
  });

  it("1,024 component types: archetypes from ids 0, 511 and 1,023 are built and queried", async () => {
    const comps = Array.from({ length: 1024 }, (_, i) => component(`C${i}`, { v: "i32" }));
    const world = await createWorld({ components: comps });
    const [c0, c511, c1023] = [comps[0], comps[511], comps[1023]];
    const a = world.spawn(c0.with({ v: 1 }), c511.with({ v: 2 }), c1023.with({ v: 3 }));
    const b = world.spawn(c511, c1023.with({ v: 30 }));
    const c = world.spawn(c0);
    expect(
      world
        .query({ all: [c1023] })
        .entities()
        .sort(),
    ).toEqual(Uint32Array.of(a, b).sort());
    expect(world.query({ all: [c0, c511, c1023] }).entities()).toEqual(Uint32Array.of(a));
    expect(world.query({ all: [c0], none: [c1023] }).entities()).toEqual(Uint32Array.of(c));
    expect(world.query({ any: [c0, c1023] }).count()).toBe(3);
    expect([world.get(a, c0).v, world.get(a, c511).v, world.get(a, c1023).v]).toEqual([1, 2, 3]);
    let sum = 0;
    for (const t of world.query({ all: [c1023] })) for (const v of t.columns(c1023).v) sum += v;
    expect(sum).toBe(33);
  });
});
