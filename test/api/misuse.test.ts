// Misuse through the public API: any argument (BigInt, symbols, null-prototype objects,
// proxies, getters, "__proto__", a relation without .to()) gets a documented EcsError,
// never INTERNAL or an untyped error, and leaves the world as it was; values are read
// once; after dispose() every call throws WorldPoisonedError.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ArgumentError,
  type Component,
  component,
  createWorld,
  EcsError,
  KernelError,
  Pair,
  relation,
  SchemaError,
  SnapshotError,
  StaleEntityError,
  tag,
  type World,
  WorldPoisonedError,
} from "wasm-ecs";
import { detached, shrunk } from "../support/buffers.js";
import { expectRejects, expectThrows } from "../support/errors.js";
import { stateOf } from "../support/state.js";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Label = component("Label", { text: "object" });
const Hot = tag("Hot");
const Picked = tag("Picked", { sparse: true });
const Likes = relation("Likes");
const Owns = relation("Owns", { exclusive: true, data: { share: "f32" } });
const ALL = [Pos, Label, Hot, Picked, Likes, Owns];

/** Arguments a careless or hostile caller passes where an entity, component or value goes. */
const odd = fc.oneof(
  fc.anything(),
  fc.bigInt(),
  fc.constantFrom(
    Symbol("s"),
    Object.create(null),
    new Proxy({}, {}),
    JSON.parse('{"__proto__": 1}'),
    -1,
    1.5,
    2 ** 40,
    Number.NaN,
    Likes,
    Likes.to("*"),
    Pos.with({ x: 1 }),
    Object.create(Pos),
    { ...Pos },
    { isInit: true },
    { isPair: true, relation: Pos, target: 1 },
    detached(Uint32Array.of(1, 2)),
    detached(new Float32Array(2)),
    detached(new Uint8Array(64)),
  ),
);

/** Every public World method with one argument replaced by `a`. */
function calls(w: World, e: number): [string, (a: unknown) => unknown][] {
  const q = w.query({ all: [Pos] });
  return [
    ["spawn", (a) => w.spawn(a as never)],
    ["spawn with Pos", (a) => w.spawn(Pos, a as never)],
    ["spawn values", (a) => w.spawn(Pos.with(a as never))],
    ["spawnMany count", (a) => w.spawnMany(a as never, Pos)],
    ["spawnMany withEach", (a) => w.spawnMany(2, Pos.withEach({ x: a as never }))],
    ["add entity", (a) => w.add(a as never, Hot)],
    ["add component", (a) => w.add(e, a as never)],
    ["add values", (a) => w.add(e, Pos, a as never)],
    ["set", (a) => w.set(e, Pos, a as never)],
    ["get", (a) => w.get(a as never, Pos)],
    ["get component", (a) => w.get(e, a as never)],
    ["has", (a) => w.has(e, a as never)],
    ["remove", (a) => w.remove(a as never, Hot)],
    ["remove component", (a) => w.remove(e, a as never)],
    ["destroy", (a) => w.destroy(a as never)],
    ["access", (a) => w.access(a as never)],
    ["accessor get", (a) => w.access(Pos).x(a as never)],
    ["accessor set", (a) => w.access(Pos).setX(e, a as never)],
    ["targets", (a) => w.targets(e, a as never)],
    ["tableOf", (a) => w.tableOf(a as never)],
    ["addMany", (a) => w.addMany(a as never, Hot)],
    ["addMany component", (a) => w.addMany([e], a as never)],
    ["destroyMany", (a) => w.destroyMany([a as never])],
    ["destroyMany list", (a) => w.destroyMany(a as never)],
    ["removeMany", (a) => w.removeMany(a as never, Hot)],
    ["query", (a) => w.query(a as never)],
    ["query term", (a) => w.query({ all: [a as never] })],
    ["defer", (a) => w.defer(a as never)],
    ["each", (a) => q.each(a as never)],
    ["step", (a) => w.step(a as never)],
    ["event", (a) => w.event(a as never)],
    ["removed", (a) => w.removed(a as never)],
    ["pair target", (a) => Likes.to(a as never)],
    ["pair data", (a) => w.spawn(Pos, Owns.to(e).with(a as never))],
    ["register", (a) => w.register(a as never)],
    ["restore", (a) => w.restore(a as never)],
  ];
}

describe("misuse", () => {
  it("property: any argument to any method gives an EcsError other than INTERNAL, and a refused call changes nothing", async () => {
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos.with({ x: 1, y: 2 }), Hot);
    w.spawnMany(3, Pos, Label.with({ text: "a" }));
    const list = calls(w, e);
    fc.assert(
      fc.property(fc.nat(list.length - 1), odd, (k, a) => {
        const [name, call] = list[k];
        const before = stateOf(w, ALL);
        try {
          call(a);
        } catch (error) {
          expect(error, `${name}(${String(typeof a)})`).toBeInstanceOf(EcsError);
          expect((error as EcsError).code, name).not.toBe("INTERNAL");
          expect(stateOf(w, ALL), `${name} refused and changed the world`).toEqual(before);
          return;
        }
        // Accepted (a value that is valid after all): keep the world to its known entities.
        for (const x of w.query({}).entities()) if (!before.entities.some((s) => s.e === x)) w.destroy(x);
      }),
      { numRuns: 3000, seed: 7 },
    );
  });

  it("a stand-in for a component or pair is refused at the call, in a scope too, and changes nothing", async () => {
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos.with({ x: 1, y: 2 }), Hot);
    const f = w.spawn(Pos);
    w.has(f, Pos); // Pos and Hot remember their ids (the per-entity fast paths)
    w.add(f, Picked);
    const before = stateOf(w, ALL);
    const standIn = (name: string) =>
      `Expected a component, got a stand-in for ${name} (an object made from it, such as Object.create(${name}) or a Proxy of it), not ${name} itself`;
    const forged = /^Expected a component(?: or a pair)?, got (?:\[object Object\]|undefined|null|Pos\(\d+\))$/;
    const relabelled = Likes.to(f);
    Object.defineProperty(relabelled, "relation", { value: Pos }); // a Pair's fields can be written over
    const cases: [string, () => unknown, string | RegExp][] = [];
    for (const [what, made, name] of [
      ["Object.create", Object.create(Pos), "Pos"],
      ["Proxy", new Proxy(Pos, {}), "Pos"],
      ["Object.create tag", Object.create(Hot), "Hot"],
      ["Object.create sparse", Object.create(Picked), "Picked"],
    ] as const) {
      cases.push([`has ${what}`, () => w.has(e, made), standIn(name)]);
      cases.push([`add ${what}`, () => w.add(f, made), standIn(name)]);
      cases.push([`remove ${what}`, () => w.remove(e, made), standIn(name)]);
      cases.push([`spawn ${what}`, () => w.spawn(made), standIn(name)]);
      cases.push([`addMany ${what}`, () => w.addMany([f], made), standIn(name)]);
      cases.push([`register ${what}`, () => w.register(made), standIn(name)]);
    }
    const madePos = Object.create(Pos) as typeof Pos;
    cases.push(["get", () => w.get(e, madePos), standIn("Pos")]);
    cases.push(["set", () => w.set(e, madePos, { x: 9 }), standIn("Pos")]);
    cases.push(["spawn init", () => w.spawn(madePos.with({ x: 5 })), standIn("Pos")]);
    for (const [what, fake] of [
      ["spread", { ...Pos }],
      ["remembered id", { hotId: Pos.hotId, sparse: false }],
      ["remembered id of a sparse tag", { hotId: Picked.hotId, sparse: true }],
      ["init without component", { isInit: true }],
      ["init of null", { isInit: true, component: null }],
      ["pair of a component", { isPair: true, isInit: false, relation: Pos, target: f }],
      ["pair with its relation written over", relabelled],
    ] as const) {
      cases.push([`add ${what}`, () => w.add(f, fake as never), forged]);
      cases.push([`remove ${what}`, () => w.remove(e, fake as never), forged]);
      cases.push([`has ${what}`, () => w.has(e, fake as never), forged]);
      cases.push([`spawn ${what}`, () => w.spawn(fake as never), forged]);
      cases.push([`query ${what}`, () => w.query({ all: [fake as never] }), forged]);
    }
    expectThrows(
      () => new Pair(Pos as never, f, undefined),
      ArgumentError,
      "A pair's relation must be a relation made by relation(), got Pos",
    );
    const run = (where: string) => {
      for (const [name, call, message] of cases) {
        try {
          call();
        } catch (error) {
          expect(error, `${name} (${where})`).toBeInstanceOf(ArgumentError);
          if (typeof message === "string") expect((error as Error).message, `${name} (${where})`).toBe(message);
          else expect((error as Error).message, `${name} (${where})`).toMatch(message);
          continue;
        }
        expect.fail(`${name} (${where}) was accepted`);
      }
    };
    run("outside a scope");
    w.defer(() => run("in defer()"));
    for (const _ of w.query({ all: [Pos] })) run("in a query loop");
    expect(stateOf(w, ALL)).toEqual(before);
    // createWorld refuses them too, with a snapshot as without.
    const bytes = w.snapshot();
    for (const components of [
      [...ALL, Object.create(Hot)],
      [...ALL, null],
    ]) {
      await expectRejects(createWorld({ components }), ArgumentError, /stand-in for Hot|takes a component, got null/);
      await expectRejects(
        createWorld({ components, snapshot: bytes }),
        ArgumentError,
        /stand-in for Hot|takes a component, got null/,
      );
    }
  });

  it("a Proxy of a component is not registered in its place, and a pair or field ref is read once", async () => {
    const Fresh = tag("Fresh");
    const standIn =
      "Expected a component, got a stand-in for Fresh (an object made from it, such as Object.create(Fresh) or a Proxy of it), not Fresh itself";
    await expectRejects(createWorld({ components: [Pos, new Proxy(Fresh, {})] }), ArgumentError, standIn);
    const w = await createWorld({ components: ALL });
    expectThrows(() => w.register(new Proxy(Fresh, {})), ArgumentError, standIn);
    w.register(Fresh); // the component itself is still taken
    const fake = Object.assign(Object.create(Object.getPrototypeOf(Pos)), Pos) as typeof Pos; // instanceof, no key
    expectThrows(() => w.has(w.spawn(Pos), fake), ArgumentError, /stand-in for Pos/);
    // A pair whose relation answers Likes first, then Owns: the one read is the one used.
    const e = w.spawn(Pos.with({ x: 1, y: 2 }));
    const target = w.spawn(Pos);
    const fickle = () => {
      let reads = 0;
      return new Proxy(Likes.to(target), {
        get: (p, k) => (k === "relation" ? (reads++ === 0 ? Likes : Owns) : Reflect.get(p, k)),
      });
    };
    w.add(e, fickle() as never);
    expect([w.has(e, Likes.to(target)), w.has(e, Owns.to(target))]).toEqual([true, false]);
    const spawned = w.spawn(Pos, fickle() as never);
    expect([w.has(spawned, Likes.to(target)), w.has(spawned, Owns.to(target))]).toEqual([true, false]);
    w.defer(() => w.spawn(Pos, fickle() as never));
    expect(w.query({ all: [fickle() as never] }).count()).toBe(3);
    // A pair's target written over with no entity handle: refused by every path.
    const edited = Likes.to(target);
    Object.defineProperty(edited, "target", { value: target + 0.5 });
    const before = stateOf(w, ALL);
    for (const call of [() => w.add(e, edited), () => w.defer(() => w.add(e, edited)), () => w.spawn(Pos, edited)])
      expectThrows(call, ArgumentError, `Likes.to() takes an entity or "*", got ${target + 0.5}`);
    // A built-in kernel cached for Pos.x is not found by a stand-in for Pos.
    const k = await w.builtinKernels();
    const q = w.query({ all: [Pos] });
    k.scale(q, [Pos, "x"], 2);
    const scaled = stateOf(w, ALL);
    expect(w.get(e, Pos).x).toBe(2);
    expectThrows(
      () => k.scale(q, [Object.create(Pos), "x"], 2),
      KernelError,
      'Built-in kernels work on f32 fields: expected [Component, "field"], got [a stand-in for Pos, x]',
    );
    expect(stateOf(w, ALL)).toEqual(scaled);
    expect(before.entities.length).toBe(scaled.entities.length);
  });

  it("what a term, pair or id list is gets decided once: a Proxy that answers otherwise the second time changes nothing", async () => {
    const Link = relation("Link", { fragmenting: false });
    const w = await createWorld({ components: [...ALL, Link] });
    const a = w.spawn(Pos);
    const b = w.spawn(Pos);
    const c = w.spawn(Pos);
    w.add(a, Likes.to(b));
    w.add(a, Link.to(b));
    /** A Likes pair whose isPair, relation and target answer `first` once, then `later`. */
    const flipping = (first: Record<string, unknown>, later: Record<string, unknown>) => {
      const seen = new Set<PropertyKey>();
      return new Proxy(Likes.to(b), {
        get(p, k, r) {
          const answers = seen.has(k) ? later : first;
          seen.add(k);
          return typeof k === "string" && k in answers ? answers[k] : Reflect.get(p, k, r);
        },
      });
    };
    // isPair false, then true: a Pair all the same (it is one), read once, so the query works.
    const term = flipping({ isPair: false, relation: Likes }, { isPair: true, relation: Link });
    const q = w.query({ all: [Pos, term as never] });
    expect([...q.entities()]).toEqual([a]);
    w.system("pairs", { all: [Pos, term as never] }, () => {});
    w.step(1 / 60);
    // A plain object whose isPair turns true is no pair and no component.
    const fake = { isPair: false, relation: Likes, target: b };
    let reads = 0;
    const turning = new Proxy(fake, { get: (o, k) => (k === "isPair" ? reads++ > 0 : Reflect.get(o, k)) });
    const before = stateOf(w, ALL);
    expectThrows(() => w.removeMany([a], turning as never), ArgumentError, "Expected a component, got [object Object]");
    expectThrows(
      () => w.query({ all: [Pos, turning as never] }),
      ArgumentError,
      "Expected a component or a pair, got [object Object]",
    );
    // removeMany with a Pair whose target changes after the check: the target checked is the one removed.
    w.removeMany([a], flipping({ target: b }, { target: c }) as never);
    expect([w.has(a, Likes.to(b)), w.has(a, Likes.to(c))]).toEqual([false, false]);
    w.add(a, Likes.to(b));
    expect(stateOf(w, ALL)).toEqual(before);
    // Typed arrays behind a Proxy, or with a slice() of their own, are read element by element or by their slots.
    expectThrows(
      () => w.addMany(new Proxy(Uint32Array.of(c), {}), Hot),
      ArgumentError,
      "A list of entities must be an array or a typed array itself, not a Proxy of a typed array (whose length cannot be read through it)",
    );
    expect(w.has(c, Hot)).toBe(false);
    class Lying extends Uint32Array {
      override slice(): Uint32Array<ArrayBuffer> {
        return Uint32Array.of(a);
      }
    }
    w.destroyMany(new Lying([c]));
    expect([w.isAlive(a), w.isAlive(c)]).toEqual([true, false]);
    const bytes = w.snapshot();
    expectThrows(
      () => w.restore(new Proxy(bytes, {})),
      SnapshotError,
      "The snapshot was refused: a snapshot is a Uint8Array, got a Uint8Array object",
    );
  });

  it("a list, values or bytes whose buffer was detached or shrunk are refused by name, and nothing changes", async () => {
    const Arr = component("Arr", { a: ["f32", 2] });
    const w = await createWorld({ components: [...ALL, Arr], sharedMemory: false });
    const ids = w.spawnMany(3, Pos.with({ x: 1 }));
    const withArr = w.spawn(Arr);
    const before = stateOf(w, [...ALL, Arr]);
    const noList =
      "A list of entities has no elements to read: its buffer was detached (transferred by postMessage or structuredClone) or shrunk out of the view";
    for (const list of [detached(ids.slice()), detached(Float64Array.from(ids))]) {
      expectThrows(() => w.destroyMany(list), ArgumentError, noList);
      expectThrows(() => w.addMany(list, Hot), ArgumentError, noList);
      expectThrows(() => w.removeMany(list, Pos), ArgumentError, noList);
    }
    expectThrows(() => w.destroyMany(shrunk(ids)), ArgumentError, noList);
    expectThrows(
      () => w.spawnMany(2, Pos.withEach({ x: detached(new Float32Array(2)) })),
      SchemaError,
      "Pos.x has no values to read: its buffer was detached (transferred by postMessage or structuredClone) or shrunk out of the view",
    );
    const bytes = w.snapshot();
    const noBytes =
      "its buffer was detached (transferred by postMessage or structuredClone) or shrunk out of the view: there are no bytes to read";
    expectThrows(() => w.restore(detached(bytes.slice())), SnapshotError, `The snapshot was refused: ${noBytes}`);
    await expectRejects(
      createWorld({ components: ALL, snapshot: detached(bytes.slice()) }),
      SnapshotError,
      `The snapshot was refused: ${noBytes}`,
    );
    const noKernel = `The kernel module was refused: ${noBytes}`;
    await expectRejects(w.kernels(detached(new Uint8Array(8))), KernelError, noKernel);
    const buffer = new ArrayBuffer(8);
    structuredClone(buffer, { transfer: [buffer] });
    await expectRejects(w.kernels(buffer), KernelError, noKernel);
    // Values of every kind of call name it too; a BigInt array is no numbers.
    const gone =
      "Arr.a has no values to read: its buffer was detached (transferred by postMessage or structuredClone) or shrunk out of the view";
    for (const call of [
      () => w.spawn(Arr.with({ a: detached(new Float32Array(2)) })),
      () => w.spawnMany(1, Arr.withEach({ a: detached(new Float32Array(2)) })),
      () => w.set(withArr, Arr, { a: detached(new Float32Array(2)) }),
      () => w.add(ids[0], Arr, { a: shrunk(new Uint8Array(2)) }),
    ])
      expectThrows(call, SchemaError, gone);
    expectThrows(
      () => w.spawnMany(2, Pos.withEach({ x: new BigInt64Array([1n, 2n]) as never })),
      SchemaError,
      "Pos.x cannot take 1n: values must be numbers",
    );
    expect(stateOf(w, [...ALL, Arr])).toEqual(before);
    expect(w.snapshot()).toEqual(bytes);
  });

  it("a relation without .to() in spawn is an ArgumentError, as in add", async () => {
    const w = await createWorld({ components: ALL });
    expectThrows(
      () => w.spawn(Pos, Likes),
      ArgumentError,
      "Likes is a relation: spawn() takes a pair such as Likes.to(target)",
    );
    expectThrows(
      () => w.spawnMany(2, Pos, Likes),
      ArgumentError,
      "Likes is a relation: spawnMany() takes a pair such as Likes.to(target)",
    );
    expect(w.entityCount).toBe(0);
  });

  it("a BigInt id is no entity: isAlive is false, every other call throws StaleEntityError naming it", async () => {
    const w = await createWorld({ components: ALL });
    w.spawn(Pos);
    expect(w.isAlive(1n as never)).toBe(false);
    const message = "Entity 1n is not an entity id (ids are integers from 1 to 1073741823)";
    for (const call of [
      () => w.get(1n as never, Pos),
      () => w.destroy(1n as never),
      () => w.add(1n as never, Hot),
      () => w.remove(1n as never, Hot),
      () => w.access(Pos).x(1n as never),
      () => w.tableOf(1n as never),
    ])
      expectThrows(call, StaleEntityError, message);
  });

  it('a field named "__proto__" is refused with SchemaError', () => {
    expectThrows(
      () => component("Evil", JSON.parse('{"__proto__": "f32", "a": "f32"}')),
      SchemaError,
      'Evil has a field named "__proto__": that name would set the prototype of the objects fields are keys of; rename the field',
    );
  });

  it("values are read once: a getter or Proxy that answers differently the second time changes nothing", async () => {
    const w = await createWorld({ components: ALL });
    const target = w.spawn(Pos);
    const fickle = () => {
      let reads = 0;
      const values = {
        get x() {
          reads++;
          return reads === 1 ? 5 : "not a number";
        },
      };
      return { values, reads: () => reads };
    };
    for (const [name, run] of [
      ["spawn", (v: object) => w.get(w.spawn(Pos.with(v as never)), Pos)],
      ["add", (v: object) => w.add(w.spawn(Hot), Pos, v as never)],
      ["set", (v: object) => w.set(target, Pos, v as never)],
      ["addMany", (v: object) => w.addMany([w.spawn(Hot)], Pos, v as never)],
      ["pair data", (v: object) => w.spawn(Pos, Owns.to(target).with({ share: (v as { x: number }).x }))],
    ] as const) {
      const f = fickle();
      run(f.values);
      expect(f.reads(), name).toBe(1);
    }
    const f = fickle();
    w.defer(() => w.spawn(Pos.with(f.values as never)));
    expect(f.reads()).toBe(1);
    // spawnMany: a values object whose getter hands out a longer array the second time,
    // and an array-like whose length grows after the first read.
    let arrays = 0;
    const growing = {
      get x() {
        arrays++;
        return arrays === 1 ? new Float32Array(3) : new Float32Array(300_000);
      },
    };
    const count = w.entityCount;
    w.spawnMany(3, Pos.withEach(growing as never));
    expect(arrays).toBe(1);
    let lengths = 0;
    const liar = new Proxy([1, 2, 3], {
      get: (t, k) => (k === "length" ? (++lengths === 1 ? 3 : 300_000) : t[k as never]),
    });
    w.spawnMany(3, Pos.withEach({ x: liar }));
    expect(lengths).toBe(1);
    expect(w.entityCount).toBe(count + 6);
    expect(w.stats().usedBytes).toBeLessThan(1 << 20);
    expect(w.query({ all: [Pos] }).count()).toBeGreaterThan(0);
  });

  it("an error thrown by the caller's own getter passes through unchanged, and the world is as before", async () => {
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos.with({ x: 1, y: 2 }));
    const before = stateOf(w, ALL);
    const boom = new RangeError("mine");
    const values = {
      get x(): number {
        throw boom;
      },
    };
    for (const call of [
      () => w.spawn(Pos.with(values)),
      () => w.set(e, Pos, values),
      () => w.add(w.query({ all: [Pos] }).entities()[0] as number, Pos, values),
      () => w.defer(() => w.spawn(Pos.with(values))),
    ]) {
      expect(call).toThrow(boom);
      expect(stateOf(w, ALL)).toEqual(before);
    }
  });

  it("after dispose() every call throws WorldPoisonedError, kept queries, tables and accessors too; isAlive is false", async () => {
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos, Likes.to(w.spawn(Hot)));
    const q = w.query({ all: [Pos] });
    const [t] = [...q];
    const pos = w.access(Pos);
    w.dispose();
    const message = "The world refuses further calls: the world was disposed";
    for (const call of [
      () => w.entityCount,
      () => w.tick,
      () => w.resources,
      () => w.spawn(Pos),
      () => w.get(e, Pos),
      () => pos.x(e),
      () => pos.setX(e, 1),
      () => q.count(),
      () => q.entities(),
      () => [...q],
      () => t?.columns(Pos),
      () => t?.entities,
      () => t?.target(Likes),
      () => w.stats(),
      () => w.flush(),
      () => w.step(),
      () => w.snapshot(),
    ])
      expectThrows(call, WorldPoisonedError, message);
    await expectRejects(w.builtinKernels(), WorldPoisonedError, message);
    expect(w.isAlive(e)).toBe(false);
    w.dispose();
  });

  it("createWorld() refuses options that are not an object and components that are not an array", async () => {
    await expectRejects(
      createWorld(null as never),
      ArgumentError,
      "createWorld() takes options such as { components: [A, B] }, got null",
    );
    await expectRejects(
      createWorld({ components: Pos as never }),
      ArgumentError,
      "createWorld({ components }) takes an array of components, got a Component object",
    );
    // A misspelt option, or a flag that is no boolean, would otherwise be silently ignored.
    const keys =
      "components, initialEntities, maxMemoryBytes, initialMemoryBytes, sharedMemory, debug, snapshot, growMemoryEachCall";
    await expectRejects(
      createWorld({ initalEntities: 10 } as never),
      ArgumentError,
      `createWorld() has no option "initalEntities" (its options: ${keys})`,
    );
    for (const flag of ["debug", "sharedMemory", "growMemoryEachCall"])
      await expectRejects(
        createWorld({ [flag]: "yes" } as never),
        ArgumentError,
        `createWorld(): ${flag} is true or false, got yes`,
      );
    await expectRejects(
      createWorld(Object.create({ initalEntities: 10 })),
      ArgumentError,
      `createWorld() has no option "initalEntities" (its options: ${keys})`,
    );
    let reads = 0;
    const fickle = await createWorld({
      get sharedMemory() {
        reads++;
        return reads !== 1;
      },
    });
    expect([fickle.stats().sharedMemory, reads]).toEqual([false, 1]);
    fickle.dispose();
    const w = await createWorld({ components: ALL, debug: false, sharedMemory: false, growMemoryEachCall: false });
    expect(w.stats().sharedMemory).toBe(false);
    w.dispose();
  });

  it("system() refuses an option it does not know, and the world has no such system", async () => {
    const w = await createWorld({ components: ALL });
    let ran = 0;
    expectThrows(
      () => w.system("a", {}, () => ran++, { befor: ["b"] } as never),
      ArgumentError,
      'System "a" has no option "befor" (its options: before, after, begin, end)',
    );
    w.system("a", {}, () => ran++);
    w.step(1);
    expect(ran).toBe(1);
  });

  it("set() without values, or with undefined, is a SchemaError naming the component, and the values stay", async () => {
    for (const debug of [false, true]) {
      const w = await createWorld({ components: ALL, debug });
      const e = w.spawn(Pos.with({ x: 1, y: 2 }));
      const message = "Values for Pos must be an object such as { x: 1 }, got undefined";
      expectThrows(() => w.set(e, Pos, undefined as never), SchemaError, message);
      expectThrows(() => (w.set as (e: number, c: Component) => void)(e, Pos), SchemaError, message);
      // An entity spawned while deferring: set() is no get().
      w.defer(() => expectThrows(() => w.set(w.spawn(Pos), Pos, undefined as never), SchemaError, message));
      expect(w.get(e, Pos)).toEqual({ x: 1, y: 2 });
    }
  });

  it("table methods given null or undefined, and an accessor element index that is no number, throw ArgumentError", async () => {
    const Arr = component("Arr", { a: ["i32", 2] });
    const w = await createWorld({ components: [...ALL, Arr] });
    const e = w.spawn(Pos, Arr.with({ a: [1, 2] }));
    const before = stateOf(w, [...ALL, Arr]);
    const [t] = [...w.query({ all: [Pos] })];
    if (t === undefined) throw new Error("no table");
    for (const bad of [undefined, null]) {
      const message = `Expected a component, got ${bad}`;
      const calls = [t.columns, t.read, t.write, t.has, t.target, t.targets] as ((c: unknown) => unknown)[];
      for (const call of calls) expectThrows(() => call.call(t, bad), ArgumentError, message);
    }
    const arr = w.access(Arr);
    expectThrows(() => arr.a(e, Symbol("k") as never), ArgumentError, "Arr.a has elements 0 to 1, got Symbol(k)");
    expectThrows(() => arr.setA(e, Object.create(null), 5), ArgumentError, "Arr.a has elements 0 to 1, got an object");
    expect(stateOf(w, [...ALL, Arr])).toEqual(before);
  });

  it('values on every path: an own "__proto__" key is a SchemaError in a debug world and not read in a release one; inherited fields are read', async () => {
    const proto = () => JSON.parse('{"x":1,"__proto__":{"y":5}}');
    const inherited = () => Object.create({ x: 5 });
    const message = 'Pos has no field "__proto__" (its fields: x, y)';
    for (const debug of [false, true]) {
      const w = await createWorld({ components: ALL, debug });
      const e = w.spawn(Pos);
      const bare = w.spawn(Hot);
      const paths: [string, (v: object) => unknown][] = [
        ["spawn", (v) => w.spawn(Pos.with(v))],
        ["spawnMany", (v) => w.spawnMany(1, Pos.with(v))],
        ["set", (v) => w.set(e, Pos, v)],
        ["add", (v) => w.add(bare, Pos, v)],
        ["add existing", (v) => w.add(e, Pos, v)],
        ["addMany", (v) => w.addMany([bare], Pos, v)],
        ["deferred spawn", (v) => w.defer(() => w.spawn(Pos.with(v)))],
        ["deferred spawnMany", (v) => w.defer(() => w.spawnMany(1, Pos.with(v)))],
        ["deferred add", (v) => w.defer(() => w.add(bare, Pos, v))],
        [
          "set while deferring",
          (v) =>
            w.defer(() => {
              const f = w.spawn(Pos); // destroyed again: the scope's only net change is the set
              try {
                w.set(f, Pos, v);
              } finally {
                w.destroy(f);
              }
            }),
        ],
      ];
      for (const [name, run] of paths) {
        const before = stateOf(w, ALL);
        if (debug) {
          expectThrows(() => run(proto()), SchemaError, message);
          expect(stateOf(w, ALL), name).toEqual(before);
          continue;
        }
        // Release: the key is no field, so it is not read; x lands, y keeps its default.
        for (const x of w.query({ all: [Pos] }).entities()) w.set(x, Pos, { x: 0 });
        const count = w.entityCount;
        run(proto());
        const all = [...w.query({ all: [Pos] }).entities()].map((x) => w.get(x, Pos));
        expect(
          all.every((v) => v.y === 0),
          name,
        ).toBe(true);
        // The last path destroys the entity it set: only the count says it ran.
        if (name === "set while deferring") expect(w.entityCount, name).toBe(count);
        else expect(all.filter((v) => v.x === 1).length, name).toBe(1);
        if (w.has(bare, Pos)) w.remove(bare, Pos);
      }
      // (The last path destroys what it set.)
      for (const [name, run] of paths.slice(0, -1)) {
        for (const x of w.query({ all: [Pos] }).entities()) w.set(x, Pos, { x: 0 });
        run(inherited());
        const xs = [...w.query({ all: [Pos] }).entities()].map((x) => w.get(x, Pos).x);
        expect(xs.includes(5), name).toBe(true);
        if (w.has(bare, Pos)) w.remove(bare, Pos);
      }
    }
  });

  it("a component of another copy of the package is refused by name, never taken for this copy's of the same number", async () => {
    // A second copy: the same bundle under another URL is another module instance (a
    // bundle beside a CDN import, two versions in node_modules).
    const url = new URL("../../dist/index.js?second-copy", import.meta.url).href;
    const other = (await import(/* @vite-ignore */ url)) as typeof import("wasm-ecs");
    expect(other.World).not.toBe(createWorld);
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos.with({ x: 3 }));
    const before = stateOf(w, ALL);
    // Each copy numbers its components from 0: Health has the number of one of this copy's.
    const Health = other.component("Health", { hp: "f32" });
    const foreign = "Health of another copy of wasm-ecs (two copies of the package are loaded; they do not mix)";
    const Near = other.relation("Near");
    const nearPair = `Near(${e}) of another copy of wasm-ecs (two copies of the package are loaded; they do not mix)`;
    const k = await w.builtinKernels();
    const q = w.query({ all: [Pos] });
    const cases: [() => unknown, new (...args: never[]) => Error, string][] = [
      [() => w.has(e, Health as never), ArgumentError, `Expected a component, got ${foreign}`],
      [() => w.get(e, Health as never), ArgumentError, `Expected a component, got ${foreign}`],
      [() => w.add(e, Health as never), ArgumentError, `Expected a component, got ${foreign}`],
      [() => w.spawn(Health as never), ArgumentError, `Expected a component, got ${foreign}`],
      [() => w.register(Health as never), ArgumentError, `register() takes a component, got ${foreign}`],
      [() => w.add(e, Near.to(e) as never), ArgumentError, `Expected a component or a pair, got ${nearPair}`],
      [() => w.spawn(Near.to(e) as never), ArgumentError, `Expected a component or a pair, got ${nearPair}`],
      [() => w.query({ all: [Near.to(e) as never] }), ArgumentError, `Expected a component or a pair, got ${nearPair}`],
      [
        () => k.scale(q, [Health as never, "hp"], 2),
        KernelError,
        `Built-in kernels work on f32 fields: expected [Component, "field"], got [${foreign}, hp]`,
      ],
    ];
    for (const [call, type, message] of cases) expectThrows(call, type, message);
    await expectRejects(createWorld({ components: [Health as never] }), ArgumentError, /another copy of wasm-ecs/);
    expect(stateOf(w, ALL)).toEqual(before);
  });

  it("no component of another copy or object made to look like one is taken for one of this copy's", async () => {
    // Each copy numbers its components from 0: the other copy's first 40 cover every
    // number this file's components have. Forged objects carry the numbers an older copy
    // or another realm would give (the property a world once looked up).
    const url = new URL("../../dist/index.js?numbered-copy", import.meta.url).href;
    const other = (await import(/* @vite-ignore */ url)) as typeof import("wasm-ecs");
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos.with({ x: 3 }), Label.with({ text: "a" }), Hot);
    w.add(e, Picked);
    const before = stateOf(w, ALL);
    const strangers: unknown[] = [];
    for (let i = 0; i < 40; i++) {
      strangers.push(other.component(`X${i}`, { x: "f32" }), other.tag(`T${i}`, { sparse: i % 2 === 0 }));
      strangers.push({ key: i, isInit: false, name: "Pos", fields: [], sparse: false, isTag: false });
    }
    for (const c of strangers) {
      const refused = /^(Expected a component|Expected a component or a pair|register\(\) takes a component), got /;
      expectThrows(() => w.has(e, c as never), ArgumentError, refused);
      expectThrows(() => w.get(e, c as never), ArgumentError, refused);
      expectThrows(() => w.set(e, c as never, { x: 9 } as never), ArgumentError, refused);
      expectThrows(() => w.add(e, c as never), ArgumentError, refused);
      expectThrows(() => w.remove(e, c as never), ArgumentError, refused);
      expectThrows(() => w.spawn(c as never), ArgumentError, refused);
      expectThrows(() => w.query({ all: [c as never] }), ArgumentError, refused);
      expectThrows(() => w.register(c as never), ArgumentError, refused);
    }
    expect(stateOf(w, ALL)).toEqual(before);
  });

  it("built-in kernels check every field ref, also once a kernel for the same fields is made", async () => {
    const w = await createWorld({ components: ALL });
    const e = w.spawn(Pos.with({ x: 3 }));
    const k = await w.builtinKernels();
    const q = w.query({ all: [Pos] });
    k.scale(q, [Pos, "x"], 2); // made and kept for [Pos, "x"]
    const refs: [unknown, string][] = [
      [[{ key: 0 }, "x"], "[[object Object], x]"],
      [[null, "x"], "[null, x]"],
      [[Pos, 1], "[Pos, 1]"],
      ["x", "string x"],
    ];
    for (const [ref, got] of refs)
      expectThrows(
        () => k.scale(q, ref as never, 2),
        KernelError,
        `Built-in kernels work on f32 fields: expected [Component, "field"], got ${got}`,
      );
    expect(w.get(e, Pos).x).toBe(6);
  });
});
