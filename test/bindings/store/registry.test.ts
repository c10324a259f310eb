// The JS side's component registry (bindings/store/registry.ts): ids[c[KEY]] === id exactly
// when components[id] === c; names, sparse flags and the relation count follow add and
// forget; idOf names an unregistered component or a non-component. Run from the sources.
import { describe, expect, it } from "vitest";
import { component, relation, tag } from "../../../bindings/component.js";
import { KEY } from "../../../bindings/component-keys.js";
import { ArgumentError, UnknownComponentError } from "../../../bindings/errors.js";
import { Registry } from "../../../bindings/store/registry.js";

/** The error fn throws (fails the test when it returns). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

/** A registry holding a plain component (id 0), a sparse tag (1) and a relation (2). */
function threeKinds() {
  const registry = new Registry();
  const Pos = component("Pos", { x: "f32" });
  const Picked = tag("Picked", { sparse: true });
  const ChildOf = relation("ChildOf");
  registry.add(Pos, 0);
  registry.add(Picked, 1);
  registry.add(ChildOf, 2);
  return { registry, Pos, Picked, ChildOf };
}

describe("registry", () => {
  it("add records a component under its id both ways, by name, and counts sparse tags and relations", () => {
    const { registry, Pos, Picked, ChildOf } = threeKinds();
    expect([registry.idOf(Pos), registry.idOf(Picked), registry.idOf(ChildOf)]).toEqual([0, 1, 2]);
    expect(registry.components).toEqual([Pos, Picked, ChildOf]);
    expect(registry.ids[Pos[KEY]]).toBe(0);
    expect(registry.byName.get("Picked")).toBe(Picked);
    expect([registry.isSparse(0), registry.isSparse(1), registry.isSparse(2)]).toEqual([false, true, false]);
    expect(registry.relations).toBe(1);
  });

  it("a plain component or sparse tag remembers its id in the registry that added or used it last; forget drops it", () => {
    const { registry: r1, Pos, Picked, ChildOf } = threeKinds();
    const r2 = new Registry();
    expect([Pos.hotId, Picked.hotId]).toEqual([0, 1]);
    expect(ChildOf.hotId).toBe(-1); // relations take the long way
    r2.add(Pos, 5);
    expect(Pos.hotId).toBe(5);
    r1.remember(Pos); // used in the first world again
    expect(Pos.hotId).toBe(0);
    r1.forget(Pos);
    expect(Pos.hotId).toBe(-1);
    r2.forget(Picked); // not r2's: Picked keeps its id in r1
    expect(Picked.hotId).toBe(1);
  });

  it("plainOf gives a plain component's id for the very object only, and undefined for anything else", () => {
    const { registry, Pos, Picked, ChildOf } = threeKinds();
    expect(registry.plainOf(Pos)).toBe(0);
    for (const other of [
      Picked,
      ChildOf,
      ChildOf.to(1),
      Object.create(Pos),
      new Proxy(Pos, {}),
      { ...Pos },
      5,
      null,
      undefined,
    ])
      expect(registry.plainOf(other)).toBeUndefined();
  });

  it("idOf throws UnknownComponentError for a component never added, and ArgumentError for a non-component or a stand-in", () => {
    const registry = new Registry();
    const Pos = component("Pos", { x: "f32" });
    const missing = thrown(() => registry.idOf(Pos));
    expect(missing).toBeInstanceOf(UnknownComponentError);
    expect(missing.message).toBe(
      'Component "Pos" is not registered in this world: pass it to createWorld({ components }) or world.register() first',
    );
    registry.add(Pos, 0);
    for (const [value, text] of [
      [
        Object.create(Pos),
        "a stand-in for Pos (an object made from it, such as Object.create(Pos) or a Proxy of it), not Pos itself",
      ],
      [
        new Proxy(Pos, {}),
        "a stand-in for Pos (an object made from it, such as Object.create(Pos) or a Proxy of it), not Pos itself",
      ],
      [{ ...Pos }, "[object Object]"],
      [{ name: "Pos" }, "[object Object]"],
      [Pos.with({ x: 1 }), "[object Object]"],
      [undefined, "undefined"],
    ] as const) {
      const error = thrown(() => registry.idOf(value as never));
      expect(error).toBeInstanceOf(ArgumentError);
      expect(error.message).toBe(`Expected a component, got ${text}`);
    }
  });

  it("forget drops a component's id and name; idOf then throws UnknownComponentError", () => {
    const registry = new Registry();
    const Pos = component("Pos", { x: "f32" });
    registry.add(Pos, 0);
    registry.forget(Pos);
    expect(registry.byName.has("Pos")).toBe(false);
    const error = thrown(() => registry.idOf(Pos));
    expect(error).toBeInstanceOf(UnknownComponentError);
    expect(error.message).toMatch(/^Component "Pos" is not registered in this world/);
  });

  it("visible leaves out the world's hidden bookkeeping components", () => {
    const registry = new Registry();
    const Pos = component("Pos", { x: "f32" });
    const Parked = tag("test-hidden"); // the package's own are named "wasm-ecs:..." (reserved)
    Parked.hidden = true;
    registry.add(Parked, 0);
    registry.add(Pos, 1);
    expect(registry.visible()).toEqual([Pos]);
    expect(registry.components).toHaveLength(2);
  });
});
