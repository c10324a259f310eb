// Section exports/: the entry's public names are there, the error classes extend
// EcsError and Error, and component() and Component.with() build the exported classes.
import { ok } from "./assert.js";

export async function checkExports(t, api) {
  const { EcsError } = api;
  const { check } = t;
  const { Position } = t.fx;

  await check("exports/public-names", () => {
    const names = [
      "component",
      "tag",
      "createWorld",
      "World",
      "Query",
      "Table",
      "Component",
      "ComponentInit",
      "relation",
      "Relation",
      "Pair",
      "EventType",
      "Resources",
      "EcsError",
      "StaleEntityError",
      "UnknownComponentError",
      "MissingComponentError",
      "SchemaError",
      "CapacityError",
      "ArgumentError",
      "SnapshotError",
      "WorldPoisonedError",
      "KernelError",
    ];
    for (const n of names) ok(typeof api[n] === "function", `export ${n} is missing or not a function`);
    for (const n of names.filter((x) => x.endsWith("Error") && x !== "EcsError")) {
      ok(api[n].prototype instanceof EcsError, `${n} does not extend EcsError`);
    }
    ok(EcsError.prototype instanceof Error, "EcsError does not extend Error");
    ok(Position instanceof api.Component, "component() does not return a Component");
    ok(Position.with({ x: 1 }) instanceof api.ComponentInit, "Component.with() does not return a ComponentInit");
  });
}
