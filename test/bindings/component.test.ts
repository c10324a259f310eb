// Component definitions (bindings/component.ts), through the public API: relation()
// refuses bad options with SchemaError; R.to() refuses a target that is no entity.
import { describe, expect, it } from "vitest";
import { ArgumentError, component, createWorld, relation, SchemaError, tag } from "wasm-ecs";
import { expectThrows } from "../support/errors.js";
import { Likes } from "../support/relations.js";

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
