// Component definitions (bindings/component.ts), through the public API: relation()
// refuses bad options with SchemaError; R.to() refuses a target that is no entity.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, relation, SchemaError, tag } from "wasm-ecs";
import { expectThrows } from "../support/errors.js";
import { Likes } from "../support/relations.js";

describe("component(), tag() and relation() options", () => {
  it("an option they do not know, options that are no object and a flag that is no boolean are SchemaErrors", () => {
    const cases: [() => unknown, string][] = [
      [
        () => component("P", { x: "f32" }, { default: { x: 1 } } as never),
        'component(P) has no option "default" (its options: defaults)',
      ],
      [
        () => component("P", { x: "f32" }, null as never),
        "component(P) takes options such as { defaults: { x: 1 } }, got null",
      ],
      [() => tag("T", { spares: true } as never), 'tag(T) has no option "spares" (its options: sparse)'],
      [() => tag("T", { sparse: "yes" } as never), "tag(T): sparse is true or false, got yes"],
      [() => tag("T", 3 as never), "tag(T) takes options such as { sparse: true }, got number 3"],
      [
        () => relation("R", { schema: { w: "f32" } } as never),
        'relation(R) has no option "schema" (its options: exclusive, onTargetDestroyed, data, defaults, fragmenting)',
      ],
      [() => relation("R", { exclusive: 1 } as never), "relation(R): exclusive is true or false, got 1"],
      [() => relation("R", [] as never), "relation(R) takes options such as { exclusive: true }, got an Array object"],
    ];
    for (const [call, message] of cases) expectThrows(call, SchemaError, message);
    // Inherited options count as given; a getter is read once, so the check and the definition agree.
    expectThrows(
      () => tag("T", Object.create({ sparse: "yes" })),
      SchemaError,
      "tag(T): sparse is true or false, got yes",
    );
    let reads = 0;
    const R = relation("R", {
      get exclusive() {
        reads++;
        return reads === 1 ? true : "yes";
      },
    } as never);
    expect([R.exclusive, reads]).toEqual([true, 1]);
    // What they take still works.
    expect(component("P", { x: "f32" }, { defaults: { x: 2 } }).defaults).toEqual({ x: 2 });
    expect(tag("T", { sparse: true }).sparse).toBe(true);
    expect(tag("T", {}).sparse).toBe(false);
    expect(relation("R", { exclusive: true, data: { w: "f32" }, defaults: { w: 1 } }).exclusive).toBe(true);
  });
});

describe("relation()", () => {
  it("rejects a bad policy, data on a non-exclusive relation and object fields with SchemaError", () => {
    expect(() => relation("R1", { onTargetDestroyed: "delete" as "remove" })).toThrow(
      new SchemaError('onTargetDestroyed of R1 must be "remove" or "destroy", got delete'),
    );
    expect(() => relation("R2", { data: { w: "f32" } })).toThrow(
      new SchemaError("Relation R2 has data fields, which need exclusive: true (one value per entity, not per target)"),
    );
    expect(() => relation("R3", { exclusive: true, data: { o: "object" } })).toThrow(
      new SchemaError('Relation R3 cannot have "object" fields; numeric data fields only'),
    );
    expect(() => Likes.to(-1)).toThrow(new ArgumentError('Likes.to() takes an entity or "*", got -1'));
  });

  it('names starting with "wasm-ecs:" are refused: they name the hidden change-stamp components', async () => {
    const message = (n: string) =>
      `"${n}" starts with "wasm-ecs:", which names the package's own hidden components; choose another name`;
    expectThrows(() => component("wasm-ecs:ticks:P", { added: "u32" }), SchemaError, message("wasm-ecs:ticks:P"));
    expectThrows(() => tag("wasm-ecs:T"), SchemaError, message("wasm-ecs:T"));
    expectThrows(() => relation("wasm-ecs:R"), SchemaError, message("wasm-ecs:R"));
    // A changed: [P] query makes P's hidden companion, whatever the user named theirs.
    const P = component("P", { x: "f32" });
    const world = await createWorld({ components: [P, component("ticks:P", { added: "u32" })] });
    const e = world.spawn(P);
    expect([...world.query({ all: [P], changed: [P] }).entities()]).toEqual([e]);
  });
});

describe("a component's defaults", () => {
  it("are the values given when it was made: a later change to that object changes no spawn and no snapshot", async () => {
    const given = { hp: 100, mp: [1, 2], note: { n: 1 } };
    const H = component("H", { hp: "i32", mp: ["i32", 2], note: "object" }, { defaults: given });
    const world = await createWorld({ components: [H] });
    given.hp = 5;
    given.mp[0] = 9;
    (given as { note: unknown }).note = "changed";
    const e = world.spawn(H);
    expect(world.get(e, H)).toEqual({ hp: 100, mp: [1, 2], note: { n: 1 } });
    world.restore(world.snapshot()); // the image's defaults are the component's
    expect(world.get(world.spawn(H), H)).toEqual({ hp: 100, mp: [1, 2], note: { n: 1 } });
    expect(H.defaults).toEqual({ hp: 100, mp: [1, 2], note: { n: 1 } });
  });
});
