// Section debug/: the debug core (compiled once, invariants checked after every structural
// operation) and its strict integers, against the release build's typed-array stores.
import { eq, ok } from "./assert.js";
import { countCompiles } from "./compiles.js";
import { INT_RANGE, range, store } from "./values.js";

export async function checkDebug(t, api) {
  const { SchemaError } = api;
  const { check, newWorld, watch } = t;
  const { Position, Velocity, Health, Frozen, AllTypes, BASIC } = t.fx;

  await check("debug/core-build-and-strict-integers", async () => {
    const { value: world, counts: firstCounts } = await countCompiles(() =>
      newWorld({ components: BASIC, debug: true }),
    );
    ok(firstCounts.compile <= 1, `the first debug world compiled the core ${firstCounts.compile} times`);
    const { value: tw, counts } = await countCompiles(() => newWorld({ components: [AllTypes], debug: true }));
    eq(counts.compile, 0, "wasm compilations for the second debug world");
    eq(counts.instantiateFromBytes, 0, "instantiations from bytes for the second debug world");
    eq(counts.fetch, 0, "fetches for the second debug world");
    eq(world.debug, true, "world.debug");
    // A scenario through the debug core (invariants checked after every structural op).
    const es = Array.from(world.spawnMany(64, Position.withEach({ x: range(64) }), Health));
    for (const e of es.slice(0, 20)) world.add(e, Velocity, { x: 1 });
    for (const e of es.slice(10, 30)) world.remove(e, Position);
    world.destroyMany(es.slice(0, 5));
    const frozen = new Set();
    for (const t of world.query({ all: [Health] })) {
      for (let i = 0; i < t.count; i += 2) {
        world.add(t.entities[i], Frozen);
        frozen.add(t.entities[i]);
      }
    }
    es.forEach((e, i) => {
      if (i < 5) {
        eq(world.isAlive(e), false, `debug: destroyed ${i}`);
        return;
      }
      eq(world.has(e, Position), !(i >= 10 && i < 30), `debug: Position on ${i}`);
      if (i >= 30) eq(world.get(e, Position).x, i, `debug: value ${i}`);
      eq(world.has(e, Velocity), i < 20, `debug: Velocity on ${i}`);
      eq(world.has(e, Frozen), frozen.has(e), `debug: Frozen added while iterating, on ${i}`);
    });
    // Health tables: (P, H) 34 rows, (P, H, V) 5, (H, V) 10, (H) 10: every other row is 17 + 3 + 5 + 5.
    eq(frozen.size, 30, "debug: rows tagged while iterating");
    // Strict integers: out of range or non-finite is a SchemaError naming field and value.
    const e = es[40];
    const track = [e];
    // Just past each integer type's range, plus values no integer field holds exactly.
    const strict = [
      ...Object.entries(INT_RANGE).flatMap(([type, [lo, hi]]) => [
        [type, lo - 1],
        [type, hi + 1],
      ]),
      ["i32", Number.NaN],
      ["u8", Number.POSITIVE_INFINITY],
      ["i16", 1.5],
    ];
    const te = tw.spawn(AllTypes);
    const refuseStrict = watch(tw, [te], [AllTypes]);
    const refuse = watch(world, track);
    for (const [field, value] of strict) {
      const mentions = [`AllTypes.${field}`, String(value)];
      refuseStrict(
        `debug set ${field} = ${value}`,
        () => tw.set(te, AllTypes, { [field]: value }),
        SchemaError,
        ...mentions,
      );
      refuseStrict(
        `debug spawn ${field} = ${value}`,
        () => tw.spawn(AllTypes.with({ [field]: value })),
        SchemaError,
        ...mentions,
      );
      refuseStrict(
        `debug spawnMany ${field} = ${value}`,
        () => tw.spawnMany(3, AllTypes.withEach({ [field]: [0, value, 0] })),
        SchemaError,
        `AllTypes.${field}`,
      );
    }
    refuse(
      "debug add out of range",
      () => world.add(e, Health, { hp: 2 ** 40 }),
      SchemaError,
      "Health.hp",
      String(2 ** 40),
    );
    refuseStrict(
      "debug array element out of range",
      () => tw.set(te, AllTypes, { quad: [1, 2, 70000, 4] }),
      SchemaError,
      "AllTypes.quad",
    );
    // The same values in a release world are stored as the typed array stores them.
    const release = await newWorld({ components: [AllTypes] });
    for (const [field, value] of strict) {
      const r = release.spawn(AllTypes.with({ [field]: value }));
      eq(
        release.get(r, AllTypes)[field],
        store(field, value),
        `release world stores ${field} = ${value} as its typed array`,
      );
    }
    // Floats take any number in debug mode too.
    tw.set(te, AllTypes, { f32: Number.NaN, f64: Number.NEGATIVE_INFINITY });
    eq(tw.get(te, AllTypes).f32, Number.NaN, "debug f32 NaN");
    eq(tw.get(te, AllTypes).f64, Number.NEGATIVE_INFINITY, "debug f64 -Infinity");
  });
}
