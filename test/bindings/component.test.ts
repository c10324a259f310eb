// Component definitions (bindings/component.ts), through the public API: relation()
// refuses bad options with SchemaError; R.to() refuses a target that is no entity.
import { describe, expect, it } from "vitest";
import { ArgumentError, relation, SchemaError } from "wasm-ecs";
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
});
