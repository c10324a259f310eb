// Section createWorld/: a world with default options, then a second world that reuses
// the compiled module (no compile, no fetch) and keeps its storage apart from the first.
import { eq, ok } from "./assert.js";
import { countCompiles } from "./compiles.js";
import { PAGE } from "./values.js";

export async function checkCreateWorld(t, api) {
  const { createWorld, UnknownComponentError } = api;
  const { check, newWorld, own, throws } = t;
  const { Position, Velocity, Health, BASIC } = t.fx;

  let first;
  await check("createWorld/default-options", async () => {
    first = await createWorld({ components: BASIC });
    own(first);
    ok(first instanceof api.World, "createWorld does not resolve to a World");
    eq(first.debug, false, "debug flag of a default world");
    const s = first.stats();
    eq(s.entities, 0, "entities of a new world");
    eq(first.entityCount, 0, "entityCount of a new world");
    eq(s.components, BASIC.length, "registered components");
    ok(s.memoryBytes > 0 && s.memoryBytes % PAGE === 0, `memoryBytes ${s.memoryBytes} is not a whole number of pages`);
    ok(s.usedBytes > 0 && s.usedBytes <= s.memoryBytes, `usedBytes ${s.usedBytes} outside (0, memoryBytes]`);
  });

  await check("createWorld/second-world-reuses-compiled-module", async () => {
    if (first === undefined) first = await newWorld({ components: BASIC });
    const { value: second, counts } = await countCompiles(() => newWorld({ components: [Position, Health] }));
    eq(counts.compile, 0, "wasm compilations for the second world");
    eq(counts.instantiateFromBytes, 0, "instantiations from bytes for the second world");
    eq(counts.fetch, 0, "fetches for the second world");
    // Two worlds are independent: same component objects, separate storage.
    const a = first.spawn(Position.with({ x: 1, y: 2 }));
    const b = second.spawn(Position.with({ x: 3, y: 4 }), Health.with({ hp: 9 }));
    eq(first.get(a, Position), { x: 1, y: 2 }, "first world's value");
    eq(second.get(b, Position), { x: 3, y: 4 }, "second world's value");
    eq(second.get(b, Health), { hp: 9 }, "second world's Health");
    eq(second.entityCount, 1, "second world's entityCount");
    second.destroy(b);
    ok(first.isAlive(a), "destroying in the second world killed an entity of the first");
    eq(first.get(a, Position), { x: 1, y: 2 }, "first world's value after the second changed");
    throws("registrations are per world", () => second.spawn(Velocity), UnknownComponentError, '"Velocity"');
    first.destroy(a);
    eq(first.entityCount, 0, "first world's entityCount");
  });
}
