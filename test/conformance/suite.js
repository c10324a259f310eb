// The conformance suite: the whole public API (API.md), run against the built package
// in every runtime (Node, Deno, Bun, Chromium, Firefox). Plain ESM with no test
// framework and no runtime-specific API, so every runner loads this same file.
// `runConformance(api)` takes the module namespace of dist/index.js and returns
// `{ passed: string[], failed: { name, message }[] }`. Expected values are derived from
// the operations themselves (typed-array semantics for stored numbers, sets computed
// in JS for queries), never copied from the implementation's output.

/** Typed array of each scalar field type, as the contract defines it. */
const CTOR = {
  f32: Float32Array,
  f64: Float64Array,
  i8: Int8Array,
  u8: Uint8Array,
  i16: Int16Array,
  u16: Uint16Array,
  i32: Int32Array,
  u32: Uint32Array,
  eid: Uint32Array,
};
const INT_RANGE = {
  i8: [-128, 127],
  u8: [0, 255],
  i16: [-32768, 32767],
  u16: [0, 65535],
  i32: [-2147483648, 2147483647],
  u32: [0, 4294967295],
  eid: [0, 4294967295],
};
/** Probe values: in range, wrapping, fractional, huge and non-finite. */
// biome-ignore format: a table of values
const RAW = [
  0, 1, -1, 3.7, -3.7, 0.1, 127, 128, -129, 255, 256, 32767, 32768, -32769, 65535, 65536,
  2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32 - 1, 2 ** 32 + 5, 1e10, -1e-10, 1.5e300,
  Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
];
const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const PAGE = 65536;

// ── Values and assertions ────────────────────────────────────────────────────

/** v as a field of this scalar type stores it (the typed array's conversion). */
function store(type, v) {
  const a = new CTOR[type](1);
  a[0] = v;
  return a[0];
}

function storeEach(type, values) {
  return Array.from(values, (v) => store(type, v));
}

function sameNumber(a, b) {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

function isArrayLike(v) {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
}

function deepEqual(a, b) {
  if (typeof a === "number" && typeof b === "number") return sameNumber(a, b);
  if (isArrayLike(a) && isArrayLike(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    if (isArrayLike(a) || isArrayLike(b)) return false;
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (!deepEqual(ka, kb)) return false;
    for (const k of ka) if (!deepEqual(a[k], b[k])) return false;
    return true;
  }
  return a === b;
}

function show(v, depth = 0) {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null || v === undefined || typeof v !== "object") return String(v);
  if (depth > 3) return "…";
  if (isArrayLike(v)) {
    const items = Array.from(v.length > 8 ? Array.prototype.slice.call(v, 0, 8) : v, (x) => show(x, depth + 1));
    const name = Array.isArray(v) ? "" : v.constructor.name;
    return `${name}[${items.join(", ")}${v.length > 8 ? `, … (${v.length})` : ""}]`;
  }
  return `{ ${Object.keys(v)
    .map((k) => `${k}: ${show(v[k], depth + 1)}`)
    .join(", ")} }`;
}

class CheckFailure extends Error {}

function ok(condition, what) {
  if (!condition) throw new CheckFailure(what);
}

/** Path and values of the first difference between a and b (for short failure messages); undefined when equal. */
function difference(a, b, path = "") {
  if (deepEqual(a, b)) return undefined;
  if (isArrayLike(a) && isArrayLike(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
  }
  if (
    a !== null &&
    b !== null &&
    typeof a === "object" &&
    typeof b === "object" &&
    !isArrayLike(a) &&
    !isArrayLike(b)
  ) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = difference(a[k], b[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
  }
  return { path, a, b };
}

function eq(actual, expected, what) {
  const d = difference(actual, expected);
  if (d === undefined) return;
  const at = d.path === "" ? "" : ` (first difference at ${d.path}: expected ${show(d.b)}, got ${show(d.a)})`;
  throw new CheckFailure(`${what}: expected ${show(expected)}, got ${show(actual)}${at}`);
}

function sorted(list) {
  return Array.from(list).sort((a, b) => a - b);
}

function range(n, f = (i) => i) {
  return Array.from({ length: n }, (_, i) => f(i));
}

function describeError(error) {
  if (error instanceof CheckFailure) return error.message;
  if (error instanceof Error) {
    const stack = typeof error.stack === "string" ? error.stack.split("\n").slice(0, 6).join("\n") : "";
    return `unexpected ${error.name}: ${error.message}${stack ? `\n${stack}` : ""}`;
  }
  return `unexpected throw of ${show(error)}`;
}

// ── The suite ────────────────────────────────────────────────────────────────

export async function runConformance(api) {
  const passed = [];
  const failed = [];
  const {
    component,
    tag,
    createWorld,
    EcsError,
    StaleEntityError,
    UnknownComponentError,
    MissingComponentError,
    SchemaError,
    CapacityError,
    ArgumentError,
    WorldPoisonedError,
  } = api;
  const worlds = [];

  /** A world that is disposed when the suite ends. Small by default (many worlds per page). */
  async function newWorld(options = {}) {
    const world = await createWorld({ initialMemoryBytes: 1 << 20, ...options });
    worlds.push(world);
    return world;
  }

  async function check(name, fn) {
    try {
      await fn();
      passed.push(name);
    } catch (error) {
      failed.push({ name, message: describeError(error) });
    }
  }

  /** The stable `code` of each error class (API.md, README). */
  const CODES = {
    StaleEntityError: "STALE_ENTITY",
    UnknownComponentError: "UNKNOWN_COMPONENT",
    MissingComponentError: "MISSING_COMPONENT",
    SchemaError: "SCHEMA",
    CapacityError: "CAPACITY",
    ArgumentError: "INVALID_ARGUMENT",
    SnapshotError: "SNAPSHOT",
    WorldPoisonedError: "WORLD_POISONED",
  };

  /** Checks a thrown error: its class, the EcsError base, stable code and name, and a message naming `mentions`. */
  function inspectError(what, error, Cls, ...mentions) {
    if (error === undefined) throw new CheckFailure(`${what}: expected ${Cls.name}, nothing was thrown`);
    if (!(error instanceof Cls)) {
      throw new CheckFailure(`${what}: expected ${Cls.name}, got ${describeError(error)}`);
    }
    ok(error instanceof EcsError && error instanceof Error, `${what}: ${Cls.name} does not extend EcsError and Error`);
    eq(error.code, CODES[Cls.name], `${what}: code`);
    eq(error.name, Cls.name, `${what}: name`);
    ok(typeof error.message === "string" && error.message.length > 0, `${what}: empty message`);
    for (const m of mentions) {
      ok(error.message.includes(String(m)), `${what}: the message ${JSON.stringify(error.message)} does not name ${m}`);
    }
    return error;
  }

  /** fn() must throw Cls (see inspectError). */
  function throws(what, fn, Cls, ...mentions) {
    let error;
    try {
      fn();
    } catch (e) {
      error = e;
    }
    return inspectError(what, error, Cls, ...mentions);
  }

  /** await fn() must reject with Cls (see inspectError). */
  async function rejects(what, fn, Cls, ...mentions) {
    let error;
    try {
      await fn();
    } catch (e) {
      error = e;
    }
    return inspectError(what, error, Cls, ...mentions);
  }

  /** Everything observable about `entities` and the world's counts, for "nothing changed" checks. */
  function stateOf(world, entities, comps) {
    const stats = world.stats();
    return {
      entityCount: world.entityCount,
      entities: stats.entities,
      archetypes: stats.archetypes,
      components: stats.components,
      rows: Array.from(entities, (e) => {
        if (!world.isAlive(e)) return "dead";
        const row = {};
        for (const c of comps) {
          if (!world.has(e, c)) continue;
          row[c.name] = Object.keys(c.schema).length === 0 ? true : world.get(e, c);
        }
        return row;
      }),
    };
  }

  /**
   * A checker for calls that must throw Cls (see inspectError) and leave the world's
   * counts and the components of `entities` exactly as they were.
   */
  function watch(world, entities, comps = BASIC) {
    return (what, fn, Cls, ...mentions) => {
      const before = stateOf(world, entities, comps);
      const error = throws(what, fn, Cls, ...mentions);
      eq(stateOf(world, entities, comps), before, `${what}: world changed by the failing call`);
      return error;
    };
  }

  /** Counts compilations and fetches of wasm while fn runs (a cached module needs neither). */
  async function countCompiles(fn) {
    const W = globalThis.WebAssembly;
    const counts = { compile: 0, fetch: 0, instantiateFromBytes: 0, instantiateFromModule: 0 };
    const saved = {
      compile: W.compile,
      compileStreaming: W.compileStreaming,
      instantiate: W.instantiate,
      instantiateStreaming: W.instantiateStreaming,
      fetch: globalThis.fetch,
    };
    const wrappers = {
      compile(...args) {
        counts.compile++;
        return saved.compile.apply(W, args);
      },
      compileStreaming(...args) {
        counts.compile++;
        return saved.compileStreaming.apply(W, args);
      },
      instantiate(source, imports) {
        if (source instanceof W.Module) counts.instantiateFromModule++;
        else counts.instantiateFromBytes++;
        return saved.instantiate.call(W, source, imports);
      },
      instantiateStreaming(...args) {
        counts.instantiateFromBytes++;
        return saved.instantiateStreaming.apply(W, args);
      },
      fetch(...args) {
        counts.fetch++;
        return saved.fetch.apply(globalThis, args);
      },
    };
    W.compile = wrappers.compile;
    W.instantiate = wrappers.instantiate;
    if (typeof saved.compileStreaming === "function") W.compileStreaming = wrappers.compileStreaming;
    if (typeof saved.instantiateStreaming === "function") W.instantiateStreaming = wrappers.instantiateStreaming;
    if (typeof saved.fetch === "function") globalThis.fetch = wrappers.fetch;
    try {
      ok(
        W.compile === wrappers.compile && W.instantiate === wrappers.instantiate,
        "cannot observe WebAssembly.compile/instantiate in this runtime",
      );
      const value = await fn();
      return { value, counts };
    } finally {
      W.compile = saved.compile;
      W.instantiate = saved.instantiate;
      if (typeof saved.compileStreaming === "function") W.compileStreaming = saved.compileStreaming;
      if (typeof saved.instantiateStreaming === "function") W.instantiateStreaming = saved.instantiateStreaming;
      if (typeof saved.fetch === "function") globalThis.fetch = saved.fetch;
    }
  }

  // ── Components used throughout ──
  const Position = component("Position", { x: "f32", y: "f32" });
  const Velocity = component("Velocity", { x: "f32", y: "f32" });
  const Health = component("Health", { hp: "i32" }, { defaults: { hp: 100 } });
  const Transform = component("Transform", { m: ["f32", 16] }, { defaults: { m: IDENTITY } });
  const Owner = component("Owner", { who: "eid" });
  const Frozen = tag("Frozen");
  const Marked = tag("Marked");
  const ALL_DEFAULTS = { i8: -5, u16: 65535, rgb: [1, 2, 3], pair: 0.5 };
  const AllTypes = component(
    "AllTypes",
    {
      f32: "f32",
      f64: "f64",
      i8: "i8",
      u8: "u8",
      i16: "i16",
      u16: "u16",
      i32: "i32",
      u32: "u32",
      eid: "eid",
      mat: ["f32", 16],
      rgb: ["u8", 3],
      pair: ["f64", 2],
      quad: ["i16", 4],
    },
    { defaults: ALL_DEFAULTS },
  );
  const Unregistered = component("Unregistered", { v: "f32" });
  const BASIC = [Position, Velocity, Health, Transform, Owner, Frozen, Marked, AllTypes];
  const ALL_FIELDS = AllTypes.schema;

  /** Field name -> [scalar, length] of AllTypes. */
  const LAYOUT = Object.fromEntries(
    Object.entries(ALL_FIELDS).map(([name, type]) => [name, Array.isArray(type) ? [type[0], type[1]] : [type, 1]]),
  );

  /** Raw values (some out of range or non-finite) for entity i of AllTypes. */
  function rawAllTypes(i) {
    const out = {};
    let j = 0;
    for (const [name, [, len]] of Object.entries(LAYOUT)) {
      out[name] = len === 1 ? RAW[(i + j) % RAW.length] : range(len, (k) => RAW[(i * 7 + j + k) % RAW.length]);
      j++;
    }
    return out;
  }

  /** What get() returns once `raw` was written (numbers for scalars, arrays for array fields). */
  function storedAllTypes(raw) {
    const out = {};
    for (const [name, [scalar, len]] of Object.entries(LAYOUT)) {
      const v = raw[name];
      if (len === 1) out[name] = store(scalar, v);
      else out[name] = storeEach(scalar, typeof v === "number" ? range(len, () => v) : v);
    }
    return out;
  }

  /** AllTypes values as defaults leave them. */
  function defaultAllTypes() {
    const raw = {};
    for (const [name, [, len]] of Object.entries(LAYOUT)) {
      const v = ALL_DEFAULTS[name] ?? 0;
      raw[name] = len === 1 ? v : typeof v === "number" ? range(len, () => v) : v;
    }
    return storedAllTypes(raw);
  }

  // ── Exports ──
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
    ];
    for (const n of names) ok(typeof api[n] === "function", `export ${n} is missing or not a function`);
    for (const n of names.filter((x) => x.endsWith("Error") && x !== "EcsError")) {
      ok(api[n].prototype instanceof EcsError, `${n} does not extend EcsError`);
    }
    ok(EcsError.prototype instanceof Error, "EcsError does not extend Error");
    ok(Position instanceof api.Component, "component() does not return a Component");
    ok(Position.with({ x: 1 }) instanceof api.ComponentInit, "Component.with() does not return a ComponentInit");
  });

  // ── createWorld: the first world, then a second that reuses the compiled module ──
  let first;
  await check("createWorld/default-options", async () => {
    first = await createWorld({ components: BASIC });
    worlds.push(first);
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

  // ── Components of every field type ──
  await check("component/every-field-type-round-trips", async () => {
    const world = await newWorld({ components: BASIC });
    const n = RAW.length;
    const es = range(n, (i) => world.spawn(AllTypes.with(rawAllTypes(i))));
    es.forEach((e, i) => {
      eq(world.get(e, AllTypes), storedAllTypes(rawAllTypes(i)), `get after spawn with values ${i}`);
    });
    // set, a partial update: only the named fields change
    es.forEach((e, i) => {
      const raw = rawAllTypes(i + 3);
      const before = world.get(e, AllTypes);
      world.set(e, AllTypes, { i16: raw.i16, mat: raw.mat, eid: raw.eid });
      const want = {
        ...before,
        i16: store("i16", raw.i16),
        mat: storeEach("f32", raw.mat),
        eid: store("eid", raw.eid),
      };
      eq(world.get(e, AllTypes), want, `get after a partial set ${i}`);
    });
    // add of a component the entity has: writes the given fields, no migration
    const archetypes = world.stats().archetypes;
    es.forEach((e, i) => {
      const raw = rawAllTypes(i + 11);
      world.add(e, AllTypes, raw);
      eq(world.get(e, AllTypes), storedAllTypes(raw), `get after add of a present component ${i}`);
    });
    eq(world.stats().archetypes, archetypes, "archetypes after adding a component entities already have");
  });

  await check("component/every-field-type-columns", async () => {
    const world = await newWorld({ components: BASIC });
    const n = 40;
    const es = range(n, () => world.spawn(AllTypes, Marked));
    const byEntity = new Map(es.map((e, i) => [e, i]));
    let tables = 0;
    for (const t of world.query({ all: [AllTypes, Marked] })) {
      tables++;
      eq(t.count, n, "table rows");
      const cols = t.columns(AllTypes);
      eq(Object.keys(cols).sort(), Object.keys(ALL_FIELDS).sort(), "column names");
      for (const [name, [scalar, len]] of Object.entries(LAYOUT)) {
        ok(cols[name] instanceof CTOR[scalar], `column ${name} is not a ${CTOR[scalar].name}`);
        eq(cols[name].length, t.count * len, `length of column ${name}`);
      }
      // Write through the views: element k of row i at i * len + k.
      for (let row = 0; row < t.count; row++) {
        const raw = rawAllTypes(byEntity.get(t.entities[row]));
        for (const [name, [, len]] of Object.entries(LAYOUT)) {
          if (len === 1) cols[name][row] = raw[name];
          else for (let k = 0; k < len; k++) cols[name][row * len + k] = raw[name][k];
        }
      }
    }
    eq(tables, 1, "tables matching (AllTypes, Marked)");
    es.forEach((e, i) => {
      eq(world.get(e, AllTypes), storedAllTypes(rawAllTypes(i)), `get after writes through columns, entity ${i}`);
    });
  });

  await check("component/defaults", async () => {
    const world = await newWorld({ components: BASIC });
    const a = world.spawn(Health, Transform, AllTypes, Position);
    eq(world.get(a, Health), { hp: 100 }, "Health default");
    eq(world.get(a, Transform), { m: IDENTITY }, "Transform default (array default)");
    eq(world.get(a, AllTypes), defaultAllTypes(), "AllTypes defaults (scalar default, array fill default, zeros)");
    eq(world.get(a, Position), { x: 0, y: 0 }, "fields without defaults are 0");
    const b = world.spawn(Health.with({}), Position.with({ y: 5 }));
    eq(world.get(b, Health), { hp: 100 }, "Health.with({}) keeps the default");
    eq(world.get(b, Position), { x: 0, y: 5 }, "a partial init keeps the other field at 0");
    const c = world.spawn(Position);
    world.add(c, Health);
    world.add(c, Transform, { m: 2 });
    eq(world.get(c, Health), { hp: 100 }, "add without values writes the default");
    eq(world.get(c, Transform), { m: range(16, () => 2) }, "one number fills an array field");
    const many = world.spawnMany(5, Health, Transform.with({ m: 3 }));
    for (const e of many) {
      eq(world.get(e, Health), { hp: 100 }, "spawnMany default");
      eq(world.get(e, Transform), { m: range(16, () => 3) }, "spawnMany one number for an array field");
    }
  });

  await check("component/fixed-array-field-f32x16", async () => {
    const world = await newWorld({ components: BASIC });
    const mats = range(12, (i) => range(16, (k) => i * 16 + k + 0.25));
    const es = mats.map((m) => world.spawn(Transform.with({ m }), Position));
    es.forEach((e, i) => {
      eq(world.get(e, Transform).m, storeEach("f32", mats[i]), `matrix ${i} after spawn`);
    });
    const got = world.get(es[0], Transform).m;
    ok(Array.isArray(got) && got.length === 16, "get of a [f32, 16] field is an array of 16 numbers");
    got[0] = 999;
    eq(world.get(es[0], Transform).m[0], Math.fround(mats[0][0]), "get returns a copy");
    world.set(es[1], Transform, { m: Float32Array.from(IDENTITY) });
    eq(world.get(es[1], Transform).m, IDENTITY, "set with a Float32Array");
    mats[1] = IDENTITY;
    // Views: row i's element k at i * 16 + k; write the transpose through the view.
    for (const t of world.query({ all: [Transform, Position] })) {
      const m = t.columns(Transform).m;
      eq(m.length, t.count * 16, "[f32, 16] column length");
      for (let row = 0; row < t.count; row++) {
        const i = es.indexOf(t.entities[row]);
        eq(Array.from(m.subarray(row * 16, row * 16 + 16)), storeEach("f32", mats[i]), `view of matrix ${i}`);
        for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) m[row * 16 + r * 4 + c] = mats[i][c * 4 + r];
      }
    }
    es.forEach((e, i) => {
      const want = range(16, (k) => Math.fround(mats[i][(k % 4) * 4 + Math.floor(k / 4)]));
      eq(world.get(e, Transform).m, want, `transposed matrix ${i} read back`);
    });
    throws(
      "an array of the wrong length",
      () => world.set(es[0], Transform, { m: [1, 2, 3] }),
      SchemaError,
      "Transform.m",
      "16",
    );
  });

  await check("component/tags", async () => {
    const world = await newWorld({ components: BASIC });
    const a = world.spawn(Position, Frozen);
    const b = world.spawn(Position);
    const archetypes = world.stats().archetypes;
    eq(world.has(a, Frozen), true, "has(tagged)");
    eq(world.has(b, Frozen), false, "has(untagged)");
    world.add(b, Frozen);
    eq(world.has(b, Frozen), true, "has after add of a tag");
    eq(world.stats().archetypes, archetypes, "adding the tag reused the (Position, Frozen) archetype");
    world.add(b, Marked);
    eq(world.stats().archetypes, archetypes + 1, "a new tag combination is a new archetype");
    eq(world.query({ all: [Frozen] }).count(), 2, "query by a tag");
    eq(world.query({ all: [Position], none: [Marked] }).count(), 1, "query excluding a tag");
    for (const t of world.query({ all: [Frozen, Marked] })) {
      eq(Object.keys(t.columns(Frozen)).length, 0, "a tag has no columns");
      eq(t.count, 1, "rows of (Position, Frozen, Marked)");
    }
    eq(world.remove(b, Frozen), true, "remove of a tag it has");
    eq(world.remove(b, Frozen), false, "remove of a tag it lacks");
    eq(world.has(b, Frozen), false, "has after removing the tag");
    eq(world.has(b, Marked), true, "other tag kept");
  });

  await check("component/eid-field-holds-entities", async () => {
    const world = await newWorld({ components: BASIC });
    const targets = world.spawnMany(6, Position);
    const owners = Array.from(targets, (t) => world.spawn(Owner.with({ who: t })));
    owners.forEach((o, i) => {
      const who = world.get(o, Owner).who;
      eq(who, targets[i], "eid read back");
      ok(world.isAlive(who), "the stored entity is alive");
    });
    for (const t of world.query({ all: [Owner] })) {
      const who = t.columns(Owner).who;
      ok(who instanceof Uint32Array, "eid column is a Uint32Array");
      for (let row = 0; row < t.count; row++) {
        eq(who[row], targets[owners.indexOf(t.entities[row])], "eid column row");
      }
    }
  });

  await check("component/object-fields-and-sparse-tags", async () => {
    // The contract lists "object" fields and sparse tags; a version without them must
    // refuse them with a SchemaError naming them. Either way no other error is allowed.
    let Obj;
    try {
      Obj = component("Obj", { data: "object", n: "i32" });
    } catch (error) {
      inspectError("an object field refused at definition", error, SchemaError, "Obj.data", "object");
    }
    if (Obj !== undefined) {
      const world = await newWorld({ components: [Obj] });
      const value = { nested: [1, 2, 3] };
      const e = world.spawn(Obj.with({ data: value, n: 4 }));
      ok(world.get(e, Obj).data === value, "object field keeps the JS value");
      eq(world.get(e, Obj).n, 4, "numeric field next to an object field");
    }
    const Sparse = tag("SparseTag", { sparse: true });
    let world;
    try {
      world = await newWorld({ components: [Position, Sparse] });
    } catch (error) {
      inspectError("a sparse tag refused at registration", error, SchemaError, "SparseTag");
      return;
    }
    const e = world.spawn(Position);
    const archetypes = world.stats().archetypes;
    world.add(e, Sparse);
    eq(world.has(e, Sparse), true, "sparse tag has after add");
    eq(world.stats().archetypes, archetypes, "toggling a sparse tag never migrates");
  });

  await check("component/schema-errors", async () => {
    const bad = (what, fn, ...mentions) => throws(what, fn, SchemaError, ...mentions);
    bad("unknown field type", () => component("Bad", { x: "f16" }), "Bad.x", "f16");
    bad("array of length 0", () => component("Bad", { x: ["f32", 0] }), "Bad.x");
    bad("array of an unknown type", () => component("Bad", { x: ["q8", 4] }), "Bad.x", "q8");
    bad("empty name", () => component("", { x: "f32" }), '""');
    bad("null schema", () => component("Bad", null), "Bad");
    bad(
      "default of the wrong type",
      () => component("Bad", { x: "f32" }, { defaults: { x: "one" } }),
      "Bad.x",
      '"one"',
    );
    bad("default of an unknown field", () => component("Bad", { x: "f32" }, { defaults: { z: 1 } }), "Bad", '"z"');
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position.with({ x: 1, y: 2 }));
    const refuse = watch(world, [e]);
    const DupPosition = component("Position", { z: "f64" });
    const err = refuse("duplicate name", () => world.register(DupPosition), SchemaError, '"Position"');
    ok(err.message.includes("unique"), "duplicate-name message states the rule");
    await rejects(
      "duplicate name in createWorld",
      () => createWorld({ components: [Position, DupPosition], initialMemoryBytes: 1 << 20 }),
      SchemaError,
      '"Position"',
    );
    world.register(Position); // the same component again: nothing happens
    eq(world.stats().components, BASIC.length, "registering a component twice is a no-op");
    refuse("string value in spawn", () => world.spawn(Position.with({ x: "1" })), SchemaError, "Position.x", '"1"');
    refuse("unknown field in set", () => world.set(e, Position, { z: 1 }), SchemaError, '"z"', "x, y");
    refuse("null value in add", () => world.add(e, Velocity, { x: null }), SchemaError, "Velocity.x", "null");
    refuse(
      "withEach of the wrong length",
      () => world.spawnMany(3, Position.withEach({ x: [1, 2] })),
      SchemaError,
      "Position.x",
    );
    refuse(
      "array of the wrong length in spawn",
      () => world.spawn(Transform.with({ m: [1, 2] })),
      SchemaError,
      "Transform.m",
    );
    refuse("values that are not an object", () => world.set(e, Position, 5), SchemaError, "Position");
  });

  // ── World: entities ──
  await check("world/spawn-with-inits", async () => {
    const world = await newWorld({ components: BASIC });
    const n = 30;
    const es = range(n, (i) => world.spawn(Position.with({ x: i, y: -i / 4 }), Velocity.with({ x: i * 0.1 }), Frozen));
    for (const e of es) ok(Number.isInteger(e) && e >= 0, `spawn returned ${e}, not a non-negative integer`);
    eq(new Set(es).size, n, "distinct ids");
    es.forEach((e, i) => {
      ok(world.isAlive(e), `entity ${i} alive`);
      eq(world.get(e, Position), { x: i, y: Math.fround(-i / 4) }, `Position ${i}`);
      eq(world.get(e, Velocity), { x: Math.fround(i * 0.1), y: 0 }, `Velocity ${i}`);
      eq(world.has(e, Frozen), true, `Frozen ${i}`);
      eq(world.has(e, Health), false, `no Health ${i}`);
    });
    eq(world.entityCount, n, "entityCount");
    const bare = world.spawn();
    ok(world.isAlive(bare), "an entity with no components is alive");
    eq(world.has(bare, Position), false, "entity with no components lacks Position");
    eq(world.entityCount, n + 1, "entityCount with a bare entity");
  });

  await check("world/spawnMany-shared-values", async () => {
    const world = await newWorld({ components: BASIC });
    const before = world.spawn(Position);
    const es = world.spawnMany(500, Position.with({ x: 1.5 }), Velocity, Health.with({ hp: -7 }), Frozen);
    ok(es instanceof Uint32Array, "spawnMany returns a Uint32Array");
    eq(es.length, 500, "spawnMany length");
    eq(new Set(es).size, 500, "distinct ids");
    ok(!es.includes(before), "no id reused from a live entity");
    for (const e of es) {
      ok(world.isAlive(e), "spawned entity alive");
      eq(world.get(e, Position), { x: 1.5, y: 0 }, "shared Position");
      eq(world.get(e, Health), { hp: -7 }, "shared Health");
      eq(world.has(e, Frozen), true, "tag");
    }
    eq(world.entityCount, 501, "entityCount");
    eq(world.spawnMany(0, Position).length, 0, "spawnMany(0) spawns nothing");
    eq(world.entityCount, 501, "entityCount after spawnMany(0)");
    eq(world.query({ all: [Position, Velocity, Health, Frozen] }).count(), 500, "query count after spawnMany");
  });

  await check("world/spawnMany-withEach", async () => {
    const world = await newWorld({ components: BASIC });
    const n = 257;
    const xs = Float32Array.from(range(n, (i) => i * 0.5));
    const ys = range(n, (i) => -i); // a plain array
    const hp = Int32Array.from(range(n, (i) => i * 1000));
    const mats = range(n * 16, (k) => k / 8);
    const raws = range(n, (i) => rawAllTypes(i));
    const allTypesEach = {};
    for (const [name, [, len]] of Object.entries(LAYOUT)) {
      allTypesEach[name] = len === 1 ? raws.map((r) => r[name]) : raws.flatMap((r) => r[name]);
    }
    const es = world.spawnMany(
      n,
      Position.withEach({ x: xs, y: ys }),
      Health.withEach({ hp }),
      Transform.withEach({ m: mats }),
      AllTypes.withEach(allTypesEach),
      Velocity.withEach({ y: 2 }),
    );
    eq(es.length, n, "spawnMany length");
    es.forEach((e, i) => {
      eq(world.get(e, Position), { x: xs[i], y: Math.fround(ys[i]) }, `Position ${i}`);
      eq(world.get(e, Health), { hp: hp[i] }, `Health ${i}`);
      eq(world.get(e, Transform).m, storeEach("f32", mats.slice(i * 16, i * 16 + 16)), `Transform ${i}`);
      eq(world.get(e, AllTypes), storedAllTypes(raws[i]), `AllTypes ${i}`);
      eq(world.get(e, Velocity), { x: 0, y: 2 }, `Velocity ${i} (one value for all in withEach)`);
    });
    // One array of the field's length for an array field is one value for all.
    const same = world.spawnMany(3, Transform.withEach({ m: IDENTITY }));
    for (const e of same) eq(world.get(e, Transform).m, IDENTITY, "one matrix for all");
  });

  await check("world/add-set-get-has-remove", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position.with({ x: 1, y: 2 }));
    const archetypes = world.stats().archetypes;
    world.add(e, Velocity, { y: 5 });
    eq(world.stats().archetypes, archetypes + 1, "add migrated to a new archetype");
    eq(world.get(e, Position), { x: 1, y: 2 }, "values kept across migration");
    eq(world.get(e, Velocity), { x: 0, y: 5 }, "added values");
    world.add(e, Position, { y: 9 });
    eq(world.get(e, Position), { x: 1, y: 9 }, "add of a present component writes given fields only");
    eq(world.stats().archetypes, archetypes + 1, "no migration for a present component");
    world.set(e, Velocity, { x: 3 });
    eq(world.get(e, Velocity), { x: 3, y: 5 }, "partial set");
    const copy = world.get(e, Velocity);
    copy.x = 42;
    eq(world.get(e, Velocity).x, 3, "get returns a copy");
    eq(world.has(e, Velocity), true, "has after add");
    eq(world.remove(e, Velocity), true, "remove of a present component");
    eq(world.remove(e, Velocity), false, "remove of an absent component");
    eq(world.has(e, Velocity), false, "has after remove");
    eq(world.get(e, Position), { x: 1, y: 9 }, "values kept after remove");
    world.add(e, Velocity);
    eq(world.get(e, Velocity), { x: 0, y: 0 }, "re-added component starts from its defaults");
    // Many entities migrating through the same edges keep their own values.
    const es = range(50, (i) => world.spawn(Position.with({ x: i, y: i * 2 })));
    es.forEach((x, i) => {
      world.add(x, Health, { hp: i });
      if (i % 2 === 0) world.remove(x, Position);
    });
    es.forEach((x, i) => {
      eq(world.get(x, Health), { hp: i }, `Health ${i} after migrations`);
      if (i % 2 === 0) eq(world.has(x, Position), false, `Position removed ${i}`);
      else eq(world.get(x, Position), { x: i, y: i * 2 }, `Position kept ${i}`);
    });
  });

  await check("world/destroy-isAlive-recycling", async () => {
    const world = await newWorld({ components: BASIC });
    const es = range(20, (i) => world.spawn(Position.with({ x: i })));
    const dead = es.filter((_, i) => i % 3 === 0);
    for (const e of dead) world.destroy(e);
    eq(world.entityCount, 20 - dead.length, "entityCount after destroy");
    for (const e of es) eq(world.isAlive(e), !dead.includes(e), `isAlive(${e})`);
    es.forEach((e, i) => {
      if (!dead.includes(e)) eq(world.get(e, Position).x, i, `survivor ${i} keeps its value`);
    });
    // Slots are recycled with a new generation: new ids never equal old ones.
    const fresh = world.spawnMany(100, Position);
    for (const e of dead) {
      ok(!fresh.includes(e), `destroyed id ${e} handed out again`);
      eq(world.isAlive(e), false, `destroyed id ${e} alive after its slot was reused`);
    }
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 40, 0x7fffffff]) eq(world.isAlive(bad), false, `isAlive(${bad})`);
    eq(world.entityCount, 20 - dead.length + 100, "entityCount after respawn");
  });

  await check("world/register-at-runtime", async () => {
    const world = await newWorld({ components: [Position] });
    const e = world.spawn(Position.with({ x: 4 }));
    throws("before register", () => world.add(e, Health), UnknownComponentError, '"Health"');
    world.register(Health);
    world.register(Health);
    world.register(Frozen);
    eq(world.stats().components, 3, "components after runtime registration");
    world.add(e, Health, { hp: 8 });
    world.add(e, Frozen);
    eq(world.get(e, Health), { hp: 8 }, "value of a component registered after entities exist");
    eq(world.get(e, Position), { x: 4, y: 0 }, "older values kept");
    eq(world.query({ all: [Health, Frozen] }).count(), 1, "query on runtime-registered components");
  });

  await check("world/stats", async () => {
    const world = await newWorld({ components: [Position, Velocity, Frozen] });
    const s0 = world.stats();
    eq(s0.components, 3, "components");
    const keys = ["entities", "archetypes", "components", "queries", "memoryBytes", "usedBytes", "layoutEpoch"];
    for (const k of keys) ok(typeof s0[k] === "number", `stats().${k} is not a number`);
    world.spawnMany(10, Position);
    const s1 = world.stats();
    eq(s1.entities, 10, "entities");
    eq(s1.archetypes, s0.archetypes + 1, "one new archetype");
    world.spawnMany(5, Position);
    eq(world.stats().archetypes, s1.archetypes, "same archetype reused");
    world.spawn(Position, Velocity, Frozen);
    eq(world.stats().archetypes, s1.archetypes + 1, "archetype for (Position, Velocity, Frozen)");
    const q0 = world.stats().queries;
    world.query({ all: [Position] });
    world.query({ all: [Position] });
    world.query({ all: [Position], none: [Frozen] });
    eq(world.stats().queries, q0 + 2, "distinct queries");
    eq(world.stats().entities, world.entityCount, "stats().entities === entityCount");
    ok(s1.usedBytes >= s0.usedBytes, `usedBytes shrank from ${s0.usedBytes} to ${s1.usedBytes} after spawning`);
  });

  // ── Queries ──
  /** A world whose entity i has component k of COMBO when bit k of i is set. */
  const COMBO = [Position, Velocity, Health, Frozen, Marked];
  async function comboWorld(n) {
    const world = await newWorld({ components: BASIC });
    const es = range(n, (i) =>
      world.spawn(...COMBO.filter((_, k) => (i >> k) & 1).map((c) => (c === Position ? Position.with({ x: i }) : c))),
    );
    return { world, es, has: (i, c) => ((i >> COMBO.indexOf(c)) & 1) === 1 };
  }

  await check("query/all-any-none-count-entities", async () => {
    const { world, es, has } = await comboWorld(96);
    const cases = [
      [{ all: [Position] }, (i) => has(i, Position)],
      [{ all: [Position, Velocity] }, (i) => has(i, Position) && has(i, Velocity)],
      [{ all: [Position], none: [Frozen] }, (i) => has(i, Position) && !has(i, Frozen)],
      [{ any: [Health, Marked] }, (i) => has(i, Health) || has(i, Marked)],
      [
        { all: [Velocity], any: [Frozen, Marked], none: [Health] },
        (i) => has(i, Velocity) && (has(i, Frozen) || has(i, Marked)) && !has(i, Health),
      ],
      [{ none: [Position, Velocity, Health, Frozen, Marked] }, (i) => COMBO.every((c) => !has(i, c))],
      [{ all: [Frozen, Marked], none: [Velocity] }, (i) => has(i, Frozen) && has(i, Marked) && !has(i, Velocity)],
      [{ all: [Health], optional: [Velocity] }, (i) => has(i, Health)],
    ];
    for (const [terms, pred] of cases) {
      const label = JSON.stringify(
        Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, v.map((c) => c.name)])),
      );
      const want = sorted(es.filter((_, i) => pred(i)));
      const q = world.query(terms);
      eq(q.count(), want.length, `count() of ${label}`);
      const got = q.entities();
      ok(got instanceof Uint32Array, `entities() of ${label} is not a Uint32Array`);
      eq(sorted(got), want, `entities() of ${label}`);
      const iterated = [];
      for (const t of q) {
        ok(t.count > 0, `${label} yielded an empty table`);
        eq(t.entities.length, t.count, "t.entities row count");
        iterated.push(...t.entities);
      }
      eq(sorted(iterated), want, `iteration of ${label}`);
      got.fill(0);
      eq(sorted(q.entities()), want, "entities() is a copy");
    }
  });

  await check("query/cached-and-live", async () => {
    const { world, es, has } = await comboWorld(32);
    const q = world.query({ all: [Position], none: [Frozen] });
    ok(world.query({ all: [Position], none: [Frozen] }) === q, "same terms, same Query");
    ok(world.query({ all: [Position] }) !== q, "different terms, different Query");
    const want = es.filter((_, i) => has(i, Position) && !has(i, Frozen)).length;
    eq(q.count(), want, "count");
    // The query sees archetypes created after it.
    world.spawn(Position, Transform, Owner);
    world.spawnMany(4, Position, AllTypes);
    eq(q.count(), want + 5, "count after new archetypes appear");
    const f = world.spawn(Position);
    world.add(f, Frozen);
    eq(q.count(), want + 5, "an entity that gained Frozen left the query");
  });

  await check("query/optional", async () => {
    const { world, es, has } = await comboWorld(64);
    const q = world.query({ all: [Position], optional: [Velocity] });
    const want = sorted(es.filter((_, i) => has(i, Position)));
    eq(sorted(q.entities()), want, "optional does not restrict the match");
    let withV = 0;
    for (const t of q) {
      const v = t.tryColumns(Velocity);
      eq(v !== undefined, t.has(Velocity), "tryColumns agrees with has");
      if (v !== undefined) {
        eq(v.x.length, t.count, "optional columns length");
        withV += t.count;
      }
    }
    eq(
      withV,
      es.filter((_, i) => has(i, Position) && has(i, Velocity)).length,
      "rows that have the optional component",
    );
  });

  await check("query/each", async () => {
    const { world, es, has } = await comboWorld(64);
    const q = world.query({ all: [Position, Health] });
    const seen = [];
    q.each((e, t, row) => {
      seen.push(e);
      eq(t.entities[row], e, "each: t.entities[row] is the entity");
      eq(t.columns(Position).x[row], es.indexOf(e), "each: row of the entity's column");
    });
    eq(sorted(seen), sorted(es.filter((_, i) => has(i, Position) && has(i, Health))), "each visits every match once");
  });

  await check("query/table-columns-write-read", async () => {
    const { world, es, has } = await comboWorld(128);
    const q = world.query({ all: [Position, Velocity] });
    const index = new Map(es.map((e, i) => [e, i]));
    for (const t of q) {
      const p = t.columns(Position);
      const v = t.columns(Velocity);
      ok(p.x instanceof Float32Array && p.y instanceof Float32Array, "Position columns are Float32Arrays");
      eq(p.x.length, t.count, "column length === t.count");
      for (let i = 0; i < t.count; i++) {
        eq(p.x[i], index.get(t.entities[i]), "columns are row-aligned with t.entities");
        v.x[i] = index.get(t.entities[i]) * 0.5;
        v.y[i] = -1;
        p.y[i] = p.x[i] + v.x[i];
      }
    }
    for (const [e, i] of index) {
      if (!(has(i, Position) && has(i, Velocity))) continue;
      eq(world.get(e, Velocity), { x: Math.fround(i * 0.5), y: -1 }, `Velocity written through a view, entity ${i}`);
      eq(
        world.get(e, Position),
        { x: i, y: Math.fround(i + Math.fround(i * 0.5)) },
        `Position written through a view, entity ${i}`,
      );
    }
    // world.set is visible through the views of the next iteration.
    const some = es.filter((_, i) => has(i, Position) && has(i, Velocity)).slice(0, 5);
    for (const e of some) world.set(e, Position, { x: -index.get(e) - 100 });
    for (const t of q) {
      const p = t.columns(Position);
      for (let i = 0; i < t.count; i++) {
        const e = t.entities[i];
        eq(p.x[i], some.includes(e) ? -index.get(e) - 100 : index.get(e), "set visible through views");
      }
    }
    const lacking = world.spawn(Position);
    for (const t of world.query({ all: [Position], none: [Velocity, Health, Frozen, Marked] })) {
      throws("columns of a component the table lacks", () => t.columns(Velocity), MissingComponentError, "Velocity");
    }
    ok(world.isAlive(lacking), "entity alive");
  });

  await check("query/never-yields-empty-tables", async () => {
    const world = await newWorld({ components: BASIC });
    const a = world.spawnMany(5, Position, Frozen);
    const b = world.spawnMany(3, Position, Marked);
    world.spawnMany(2, Position);
    world.destroyMany(a);
    for (const e of b) world.remove(e, Marked);
    const q = world.query({ all: [Position] });
    let tables = 0;
    for (const t of q) {
      tables++;
      ok(t.count > 0, "empty table yielded");
      ok(!t.has(Frozen) && !t.has(Marked), "a table emptied by destroy/remove was yielded");
    }
    eq(tables, 1, "non-empty tables yielded");
    eq(q.count(), 5, "count");
  });

  await check("query/argument-errors", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position);
    const refuse = watch(world, [e]);
    refuse("unknown query term", () => world.query({ bogus: [Position] }), ArgumentError, '"bogus"');
    refuse("a term that is not an array", () => world.query({ all: Position }), ArgumentError, '"all"');
    refuse(
      "unregistered component in a query",
      () => world.query({ all: [Unregistered] }),
      UnknownComponentError,
      '"Unregistered"',
    );
  });

  // ── Deferral ──
  await check("deferral/destroy-and-spawn-while-iterating", async () => {
    const world = await newWorld({ components: BASIC });
    const a = world.spawnMany(50, Position.withEach({ x: range(50) }));
    const b = world.spawnMany(30, Position.withEach({ x: range(30, (i) => 50 + i) }), Velocity);
    const all = [...a, ...b];
    const q = world.query({ all: [Position] });
    const visited = [];
    const spawned = [];
    const destroyed = [];
    const countBefore = q.count();
    for (const t of q) {
      const rows = t.count;
      for (let i = 0; i < t.count; i++) {
        const e = t.entities[i];
        visited.push(e);
        if (t.columns(Position).x[i] % 2 === 0) {
          world.destroy(e);
          destroyed.push(e);
        }
        const s = world.spawn(Position.with({ x: 1000 + visited.length }), Frozen);
        ok(world.isAlive(s), "an entity spawned during iteration is alive at once");
        spawned.push(s);
      }
      eq(t.count, rows, "table rows changed during iteration");
      eq(q.count(), countBefore, "query count changed during iteration");
    }
    eq(sorted(visited), sorted(all), "every entity visited exactly once, spawned ones not at all");
    for (const e of destroyed) eq(world.isAlive(e), false, "destroyed after the iteration");
    spawned.forEach((s, i) => {
      ok(world.isAlive(s), "spawned entity alive after the iteration");
      eq(world.get(s, Position).x, 1000 + i + 1, "spawned entity received its values");
      eq(world.has(s, Frozen), true, "spawned entity received its tag");
    });
    eq(world.entityCount, all.length - destroyed.length + spawned.length, "entityCount after applying");
    eq(q.count(), all.length - destroyed.length + spawned.length, "query count after applying");
  });

  await check("deferral/migration-visits-each-entity-once", async () => {
    const world = await newWorld({ components: BASIC });
    const es = world.spawnMany(40, Position.withEach({ x: range(40) }));
    world.spawnMany(10, Position, Velocity);
    const q = world.query({ all: [Position] });
    const seen = new Map();
    for (const t of q) {
      for (let i = 0; i < t.count; i++) {
        const e = t.entities[i];
        seen.set(e, (seen.get(e) ?? 0) + 1);
        if (!t.has(Velocity)) world.add(e, Velocity, { x: i + 1 });
        else world.remove(e, Velocity);
      }
    }
    eq(seen.size, 50, "entities visited");
    ok(
      [...seen.values()].every((n) => n === 1),
      "an entity was visited twice",
    );
    for (const e of es) {
      eq(world.has(e, Velocity), true, "migrated after the iteration");
      ok(world.get(e, Velocity).x >= 1, "added values applied");
    }
    eq(world.query({ all: [Position, Velocity] }).count(), 40, "entities that gained Velocity");
  });

  await check("deferral/order-of-changes", async () => {
    const world = await newWorld({ components: BASIC });
    const [a, b, c, d] = world.spawnMany(4, Position, Velocity);
    const q = world.query({ all: [Position] });
    for (const _t of q) {
      world.add(a, Health, { hp: 1 });
      world.remove(a, Health);
      world.remove(b, Velocity);
      world.add(b, Velocity, { x: 7 });
      world.add(c, Health, { hp: 2 });
      world.add(c, Health, { hp: 3 });
      world.destroy(d);
      break;
    }
    eq(world.has(a, Health), false, "add then remove: removed");
    eq(world.get(b, Velocity), { x: 7, y: 0 }, "remove then add: added with the values");
    eq(world.get(c, Health), { hp: 3 }, "add twice: the later values win");
    eq(world.isAlive(d), false, "destroyed");
  });

  await check("deferral/applied-on-break", async () => {
    const world = await newWorld({ components: BASIC });
    world.spawnMany(10, Position);
    world.spawnMany(10, Position, Velocity);
    const q = world.query({ all: [Position] });
    let victim;
    let spawned;
    for (const t of q) {
      victim = t.entities[0];
      world.add(victim, Marked);
      spawned = world.spawn(Position.with({ x: 5 }));
      break;
    }
    eq(world.has(victim, Marked), true, "change made before break applied");
    eq(world.get(spawned, Position), { x: 5, y: 0 }, "spawn made before break applied");
    eq(q.count(), 21, "count after break");
    // Not deferring any more: a change is visible at once.
    const now = world.spawn(Position);
    eq(world.has(now, Position), true, "changes after the loop are immediate");
    world.flush();
    eq(world.entityCount, 22, "entityCount");
  });

  await check("deferral/applied-on-throw", async () => {
    const world = await newWorld({ components: BASIC });
    const es = world.spawnMany(8, Position);
    const q = world.query({ all: [Position] });
    const boom = new Error("boom");
    let caught;
    try {
      for (const t of q) {
        world.destroy(t.entities[0]);
        world.add(t.entities[1], Velocity, { y: 3 });
        throw boom;
      }
    } catch (error) {
      caught = error;
    }
    ok(caught === boom, "the error thrown inside the loop propagates unchanged");
    eq(world.entityCount, 7, "destroy before the throw applied");
    const alive = es.filter((e) => world.isAlive(e));
    eq(alive.length, 7, "survivors");
    eq(alive.filter((e) => world.has(e, Velocity)).length, 1, "add before the throw applied");
    const after = world.spawn(Position, Velocity);
    eq(world.has(after, Velocity), true, "not deferring after the throw");
    let caughtEach;
    try {
      q.each((e) => {
        world.destroy(e);
        throw boom;
      });
    } catch (error) {
      caughtEach = error;
    }
    ok(caughtEach === boom, "each propagates the error");
    eq(world.entityCount, 7, "destroy inside each before the throw applied");
  });

  await check("deferral/nested-iteration", async () => {
    const world = await newWorld({ components: BASIC });
    world.spawnMany(3, Position);
    world.spawnMany(2, Velocity);
    const qp = world.query({ all: [Position] });
    const qv = world.query({ all: [Velocity] });
    let inner = 0;
    for (const _a of qp) {
      for (const _b of qv) {
        world.spawn(Velocity);
        inner++;
      }
      eq(qv.count(), 2, "changes wait for the outermost iteration");
    }
    eq(inner, 1, "inner loop ran over one table");
    eq(qv.count(), 3, "applied after the outermost iteration");
  });

  await check("deferral/defer-and-flush", async () => {
    const world = await newWorld({ components: BASIC });
    const q = world.query({ all: [Position] });
    const result = world.defer(() => {
      const e = world.spawn(Position.with({ x: 2 }));
      ok(world.isAlive(e), "spawned inside defer is alive");
      eq(q.count(), 0, "spawn inside defer waits");
      return e;
    });
    eq(world.get(result, Position), { x: 2, y: 0 }, "defer returns fn's value and applies at the end");
    eq(q.count(), 1, "applied after defer");
    world.defer(() => {
      world.spawn(Position);
      world.defer(() => world.spawn(Position));
      eq(q.count(), 1, "nested defer waits for the outermost");
      world.flush();
      eq(q.count(), 3, "flush applies now");
      world.spawn(Position);
    });
    eq(q.count(), 4, "changes after flush applied at the end of defer");
    const boom = new Error("boom");
    let caught;
    try {
      world.defer(() => {
        world.spawnMany(2, Position);
        throw boom;
      });
    } catch (error) {
      caught = error;
    }
    ok(caught === boom, "defer propagates fn's error");
    eq(q.count(), 6, "changes made before the throw applied");
    const es = q.entities();
    for (const t of q) {
      throws("flush during an iteration", () => world.flush(), ArgumentError, "flush");
      world.destroy(t.entities[0]);
    }
    eq(world.entityCount, es.length - 1, "iteration continued after the refused flush");
    world.flush();
    eq(world.entityCount, es.length - 1, "flush with nothing pending changes nothing");
  });

  await check("deferral/spawnMany-and-batches-while-iterating", async () => {
    const world = await newWorld({ components: BASIC });
    const es = world.spawnMany(20, Position.withEach({ x: range(20) }));
    const q = world.query({ all: [Position] });
    let made;
    for (const t of q) {
      made = world.spawnMany(10, Position.withEach({ x: range(10, (i) => 100 + i) }), Health);
      for (const e of made) ok(world.isAlive(e), "spawnMany during iteration: alive at once");
      world.addMany(t.entities.subarray(0, 5), Velocity, { x: 9 });
      world.removeMany(t.entities.subarray(0, 2), Velocity);
      world.destroyMany([t.entities[19]]);
      eq(q.count(), 20, "count during iteration");
    }
    made.forEach((e, i) => {
      eq(world.get(e, Position).x, 100 + i, "deferred spawnMany values");
      eq(world.get(e, Health), { hp: 100 }, "deferred spawnMany default");
    });
    eq(world.isAlive(es[19]), false, "deferred destroyMany applied");
    // In order: addMany on rows 0-4, then removeMany on rows 0-1.
    es.slice(0, 19).forEach((e, i) => {
      eq(world.has(e, Velocity), i >= 2 && i < 5, `Velocity on ${i} after batches`);
    });
    eq(world.get(es[3], Velocity), { x: 9, y: 0 }, "deferred addMany values");
    eq(world.entityCount, 29, "entityCount");
  });

  // ── Batches ──
  await check("batches/addMany-removeMany-destroyMany-lists", async () => {
    const world = await newWorld({ components: BASIC });
    const es = Array.from(world.spawnMany(30, Position.withEach({ x: range(30) })));
    for (const e of es.slice(0, 5)) world.add(e, Velocity, { y: 4 });
    const target = es.filter((_, i) => i % 2 === 0);
    world.addMany(target, Velocity, { x: 2 });
    es.forEach((e, i) => {
      const inTarget = i % 2 === 0;
      const hadIt = i < 5;
      eq(world.has(e, Velocity), inTarget || hadIt, `Velocity on ${i}`);
      if (inTarget) eq(world.get(e, Velocity), { x: 2, y: hadIt ? 4 : 0 }, `addMany values on ${i}`);
      eq(world.get(e, Position).x, i, `Position kept on ${i}`);
    });
    world.removeMany(Uint32Array.from(es.slice(0, 10)), Velocity);
    es.forEach((e, i) => {
      eq(world.has(e, Velocity), i >= 10 && i % 2 === 0, `Velocity after removeMany on ${i}`);
    });
    world.addMany([], Velocity);
    world.removeMany([], Velocity);
    const doomed = es.filter((_, i) => i % 3 === 1);
    world.destroyMany(doomed);
    es.forEach((e, i) => {
      eq(world.isAlive(e), i % 3 !== 1, `alive after destroyMany ${i}`);
    });
    eq(world.entityCount, 30 - doomed.length, "entityCount after destroyMany");
    const survivors = es.filter((e) => world.isAlive(e)).slice(0, 3);
    world.addMany(survivors, Frozen);
    eq(sorted(world.query({ all: [Frozen] }).entities()), sorted(survivors), "tag added by addMany");
  });

  await check("batches/with-queries", async () => {
    const { world, es, has } = await comboWorld(64);
    const q = world.query({ all: [Position], none: [Frozen] });
    const matching = sorted(es.filter((_, i) => has(i, Position) && !has(i, Frozen)));
    world.addMany(q, Owner, { who: 7 });
    for (const e of matching) eq(world.get(e, Owner), { who: 7 }, "addMany(query) values");
    eq(world.query({ all: [Owner] }).count(), matching.length, "entities that got Owner");
    world.removeMany(world.query({ all: [Owner, Velocity] }), Owner);
    for (const e of matching) eq(world.has(e, Owner), !has(es.indexOf(e), Velocity), "removeMany(query)");
    const before = world.entityCount;
    const frozen = world.query({ all: [Frozen] });
    const nFrozen = frozen.count();
    world.destroyMany(frozen);
    eq(frozen.count(), 0, "destroyMany(query) emptied the query");
    eq(world.entityCount, before - nFrozen, "entityCount after destroyMany(query)");
    es.forEach((e, i) => {
      eq(world.isAlive(e), !has(i, Frozen), `alive after destroyMany(query), ${i}`);
    });
  });

  await check("batches/atomic-on-stale-entity", async () => {
    const world = await newWorld({ components: BASIC });
    const es = Array.from(world.spawnMany(10, Position.withEach({ x: range(10) })));
    const stale = world.spawn(Position);
    world.destroy(stale);
    const list = [...es.slice(0, 5), stale, ...es.slice(5)];
    const track = [...es, stale];
    const refuse = watch(world, track);
    refuse("addMany with a stale entity", () => world.addMany(list, Velocity, { x: 1 }), StaleEntityError, stale);
    refuse("removeMany with a stale entity", () => world.removeMany(list, Position), StaleEntityError, stale);
    refuse("destroyMany with a stale entity", () => world.destroyMany(list), StaleEntityError, stale);
    world.defer(() => {
      refuse("deferred destroyMany with a stale entity", () => world.destroyMany(list), StaleEntityError, stale);
    });
    eq(world.entityCount, 10, "no entity destroyed");
  });

  // ── Relations ──
  const ChildOf = api.relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });
  const Likes = api.relation("Likes");

  await check("relations/pairs-targets-exclusive", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const [a, b, c] = [world.spawn(Position), world.spawn(Position), world.spawn(Position)];
    const e = world.spawn(Position.with({ x: 4 }), ChildOf.to(a));
    eq(world.targets(e, ChildOf), [a], "targets after spawn");
    world.add(e, ChildOf.to(b));
    eq(world.targets(e, ChildOf), [b], "an exclusive relation keeps one target");
    world.add(e, Likes.to(c));
    world.add(e, Likes.to(a));
    eq(world.targets(e, Likes), sorted([a, c]), "a non-exclusive relation holds several");
    eq(world.has(e, Likes.to(c)), true, "has(pair)");
    eq(world.remove(e, Likes.to(c)), true, "remove(pair)");
    eq(world.has(e, Likes.to(c)), false, "has(pair) after remove");
    eq(world.get(e, Position), { x: 4, y: 0 }, "data survives the moves");
  });

  await check("relations/sub-tables-and-queries", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const [p, q] = [world.spawn(Position), world.spawn(Position)];
    const ps = [...world.spawnMany(3, Position, ChildOf.to(p))];
    const qs = [...world.spawnMany(2, Position, ChildOf.to(q))];
    const tables = [...world.query({ all: [Position, ChildOf.to(p)] })];
    eq(tables.length, 1, "one sub-table for one target");
    eq(tables[0].target(ChildOf), p, "the sub-table's target");
    eq(sorted(tables[0].entities), sorted(ps), "its rows");
    eq(sorted(world.query({ all: [ChildOf.to("*")] }).entities()), sorted([...ps, ...qs]), "wildcard");
    eq(sorted(world.query({ all: [Position], none: [ChildOf] }).entities()), sorted([p, q]), "none: [R]");
    const x = world.tableOf(qs[1]).columns(Position).x;
    x[world.rowOf(qs[1])] = 9;
    eq(world.get(qs[1], Position).x, 9, "tableOf / rowOf address the entity's row");
  });

  await check("relations/cascade-breadth-order", async () => {
    const world = await newWorld({ components: [Position, ChildOf] });
    const leaf = world.spawn(Position);
    const mid = world.spawn(Position);
    const root = world.spawn(Position);
    world.add(leaf, ChildOf.to(mid));
    world.add(mid, ChildOf.to(root));
    const order = [];
    for (const t of world.query({ all: [Position], cascade: ChildOf })) order.push(...t.entities);
    eq(order, [root, mid, leaf], "parents before children");
  });

  await check("relations/destroying-a-target", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const root = world.spawn(Position);
    const kid = world.spawn(Position, ChildOf.to(root));
    const grandkid = world.spawn(Position, ChildOf.to(kid));
    const fan = world.spawn(Position, Likes.to(kid));
    for (const _ of world.query({ all: [Position] })) world.destroy(root); // deferred
    eq(
      [root, kid, grandkid].map((e) => world.isAlive(e)),
      [false, false, false],
      '"destroy" goes down the tree',
    );
    eq(world.isAlive(fan), true, '"remove" keeps the entity');
    eq(world.targets(fan, Likes), [], "and takes the pair");
    const refuse = watch(world, [fan], [Position]);
    refuse("a stale target", () => world.add(fan, Likes.to(kid)), StaleEntityError, `Entity ${kid}`);
  });

  await check("relations/snapshot-round-trip", async () => {
    const world = await newWorld({ components: [Position, ChildOf, Likes] });
    const p = world.spawn(Position);
    const kids = [...world.spawnMany(2, Position, ChildOf.to(p), Likes.to(p))];
    const bytes = world.snapshot();
    world.destroy(p);
    world.restore(bytes);
    eq(sorted(world.query({ all: [ChildOf.to(p)] }).entities()), sorted(kids), "pairs are back");
    const copy = await newWorld({ snapshot: bytes, components: [Position, ChildOf, Likes] });
    eq(copy.targets(kids[0], Likes), [p], "a world made from the snapshot");
  });

  // ── Errors ──
  await check("errors/StaleEntityError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position.with({ x: 1 }), Health);
    const dead = world.spawn(Position);
    world.destroy(dead);
    const track = [e, dead];
    const refuse = watch(world, track);
    const calls = {
      get: () => world.get(dead, Position),
      set: () => world.set(dead, Position, { x: 1 }),
      add: () => world.add(dead, Velocity),
      has: () => world.has(dead, Position),
      remove: () => world.remove(dead, Position),
      destroy: () => world.destroy(dead),
    };
    for (const [name, call] of Object.entries(calls)) {
      const err = refuse(`${name} of a destroyed entity`, call, StaleEntityError, `Entity ${dead}`, "stale");
      eq(err.entity, dead, `${name}: error.entity`);
    }
    refuse("a negative id", () => world.get(-1, Position), StaleEntityError, "-1");
    refuse("an id never handed out", () => world.add(123456, Position), StaleEntityError, "123456");
    eq(world.isAlive(dead), false, "isAlive never throws");
  });

  await check("errors/UnknownComponentError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position);
    const refuse = watch(world, [e]);
    const mention = ['"Unregistered"', "register"];
    const calls = {
      spawn: () => world.spawn(Position, Unregistered),
      "spawn with": () => world.spawn(Unregistered.with({ v: 1 })),
      spawnMany: () => world.spawnMany(4, Unregistered),
      add: () => world.add(e, Unregistered, { v: 1 }),
      set: () => world.set(e, Unregistered, { v: 1 }),
      get: () => world.get(e, Unregistered),
      has: () => world.has(e, Unregistered),
      remove: () => world.remove(e, Unregistered),
      addMany: () => world.addMany([e], Unregistered),
      removeMany: () => world.removeMany([e], Unregistered),
    };
    for (const [name, call] of Object.entries(calls)) {
      refuse(name, call, UnknownComponentError, ...mention);
    }
    for (const t of world.query({ all: [Position] })) {
      throws("t.columns", () => t.columns(Unregistered), UnknownComponentError, '"Unregistered"');
    }
  });

  await check("errors/MissingComponentError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position.with({ x: 3 }));
    const refuse = watch(world, [e]);
    refuse("get", () => world.get(e, Velocity), MissingComponentError, `Entity ${e}`, "Velocity");
    refuse("set", () => world.set(e, Health, { hp: 1 }), MissingComponentError, `Entity ${e}`, "Health");
    for (const t of world.query({ all: [Position] })) {
      throws("t.columns", () => t.columns(Transform), MissingComponentError, "Transform", "Position");
    }
  });

  await check("errors/CapacityError-maxMemoryBytes", async () => {
    const limit = 1 << 20;
    // initialMemoryBytes left at its default: the whole limit is reserved up front.
    const world = await newWorld({ components: BASIC, maxMemoryBytes: limit, initialMemoryBytes: undefined });
    ok(world.stats().memoryBytes <= limit, `memory ${world.stats().memoryBytes} above maxMemoryBytes ${limit}`);
    const es = Array.from(world.spawnMany(100, Position.withEach({ x: range(100) })));
    const refuse = watch(world, es, [Position, Velocity, Transform, AllTypes]);
    world.destroy(world.spawn(Position, Velocity)); // the archetype exists: see the next check
    const err = refuse(
      "spawnMany beyond maxMemoryBytes",
      () => world.spawnMany(1_000_000, Position, Velocity),
      CapacityError,
      String(limit),
      "maxMemoryBytes",
    );
    ok(err.message.includes("nothing was changed"), "the message says nothing changed");
    // Fill up with single spawns: every successful spawn counts, the failing one changes nothing.
    let spawned = 0;
    let failure;
    for (let i = 0; i < 200_000 && failure === undefined; i++) {
      try {
        world.spawn(Position.with({ x: i }), Transform);
        spawned++;
      } catch (error) {
        failure = error;
      }
    }
    inspectError("single spawns until memory runs out", failure, CapacityError, String(limit));
    eq(world.entityCount, 100 + spawned, "entityCount counts exactly the successful spawns");
    ok(world.stats().memoryBytes <= limit, "memory stayed within maxMemoryBytes");
    es.forEach((e, i) => {
      eq(world.get(e, Position).x, i, "earlier values intact after CapacityError");
    });
    // A batch migration that does not fit changes nothing (its archetype exists: see the next checks).
    world.destroy(world.spawn(Position, Transform, AllTypes));
    refuse(
      "addMany beyond maxMemoryBytes",
      () => world.addMany(world.query({ all: [Position, Transform] }), AllTypes),
      CapacityError,
      String(limit),
    );
    // Still usable: free room, spawn again.
    world.destroyMany(world.query({ all: [Transform] }));
    eq(world.entityCount, 100, "entityCount after freeing");
    const again = world.spawn(Position.with({ x: -1 }));
    eq(world.get(again, Position).x, -1, "spawn works after CapacityError");
  });

  // "The failing call changes nothing": also no archetype left behind by a batch that did not fit.
  for (const batch of ["spawnMany", "addMany"]) {
    await check(`errors/CapacityError-${batch}-leaves-no-new-archetype`, async () => {
      const limit = 1 << 20;
      const world = await newWorld({ components: BASIC, maxMemoryBytes: limit, initialMemoryBytes: undefined });
      const es = Array.from(world.spawnMany(10_000, Position.withEach({ x: range(10_000) })));
      const archetypes = world.stats().archetypes;
      const call =
        batch === "spawnMany"
          ? () => world.spawnMany(1_000_000, Health, Transform)
          : () => world.addMany(world.query({ all: [Position] }), AllTypes);
      throws(`${batch} of a new component set beyond maxMemoryBytes`, call, CapacityError, String(limit));
      eq(world.entityCount, es.length, "entityCount after the failed batch");
      eq(world.stats().archetypes, archetypes, `archetypes after the failed ${batch}`);
    });
  }

  await check("errors/ArgumentError", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position);
    const refuse = watch(world, [e]);
    const bad = (what, fn, ...mentions) => refuse(what, fn, ArgumentError, ...mentions);
    bad("negative count", () => world.spawnMany(-1, Position), "-1");
    bad("fractional count", () => world.spawnMany(1.5, Position), "1.5");
    bad("a string instead of a component", () => world.spawn("Position"), "Position");
    bad("register of a non-component", () => world.register({ name: "Fake" }), "register");
    await rejects(
      "maxMemoryBytes too small",
      () => createWorld({ maxMemoryBytes: 1000 }),
      ArgumentError,
      "1000",
      "maxMemoryBytes",
    );
    await rejects(
      "negative initialEntities",
      () => createWorld({ initialEntities: -5 }),
      ArgumentError,
      "-5",
      "initialEntities",
    );
    await rejects(
      "negative initialMemoryBytes",
      () => createWorld({ initialMemoryBytes: -1 }),
      ArgumentError,
      "-1",
      "initialMemoryBytes",
    );
  });

  await check("errors/WorldPoisonedError-after-dispose", async () => {
    const world = await newWorld({ components: BASIC });
    const e = world.spawn(Position, Velocity);
    const q = world.query({ all: [Position] });
    world.dispose();
    const calls = {
      spawn: () => world.spawn(Position),
      spawnMany: () => world.spawnMany(2, Position),
      add: () => world.add(e, Health),
      set: () => world.set(e, Position, { x: 1 }),
      get: () => world.get(e, Position),
      has: () => world.has(e, Position),
      remove: () => world.remove(e, Velocity),
      destroy: () => world.destroy(e),
      register: () => world.register(Owner),
      stats: () => world.stats(),
      query: () => world.query({ all: [Velocity] }),
      iterate: () => {
        for (const _t of q) break;
      },
      defer: () => world.defer(() => 1),
      flush: () => world.flush(),
      addMany: () => world.addMany([e], Health),
      removeMany: () => world.removeMany([e], Velocity),
      destroyMany: () => world.destroyMany([e]),
    };
    for (const [name, call] of Object.entries(calls)) {
      throws(`${name} after dispose`, call, WorldPoisonedError, "disposed");
    }
    eq(world.isAlive(e), false, "isAlive in a disposed world");
  });

  // ── Memory growth ──
  await check("memory/growth-keeps-values-and-views-refetch", async () => {
    const world = await createWorld({ components: BASIC, initialMemoryBytes: 0 });
    worlds.push(world);
    const start = world.stats().memoryBytes;
    const q = world.query({ all: [Position, Velocity] });
    const e0 = world.spawn(Position.with({ x: 1, y: 2 }), Velocity.with({ x: 3, y: 4 }));
    let grownBy = "";
    // Single spawns first, then batches, then migrations, until the memory has grown.
    const singles = range(2000, (i) => world.spawn(Position.with({ x: i, y: -i }), Velocity.with({ x: i / 2 })));
    if (world.stats().memoryBytes > start) grownBy = "spawn";
    const n = 20_000;
    const xs = Float32Array.from(range(n, (i) => i * 0.25));
    const batch = world.spawnMany(n, Position.withEach({ x: xs }), Velocity.withEach({ y: xs }), Transform);
    if (grownBy === "" && world.stats().memoryBytes > start) grownBy = "spawnMany";
    world.addMany(batch.subarray(n / 2), Health, { hp: 5 });
    const end = world.stats().memoryBytes;
    ok(end > start, `memory did not grow (${start} -> ${end} bytes)`);
    ok(end % PAGE === 0, "memoryBytes is a whole number of pages");
    eq(world.get(e0, Position), { x: 1, y: 2 }, "first entity after growth");
    singles.forEach((e, i) => {
      if (i % 97 === 0)
        eq(world.get(e, Velocity), { x: Math.fround(i / 2), y: 0 }, `single ${i} after growth (${grownBy})`);
    });
    for (let i = 0; i < n; i += 333) {
      eq(world.get(batch[i], Position), { x: xs[i], y: 0 }, `batch ${i} Position after growth`);
      eq(world.get(batch[i], Transform).m, IDENTITY, `batch ${i} Transform after growth`);
      eq(world.has(batch[i], Health), i >= n / 2, `batch ${i} Health after growth`);
    }
    // Views fetched after growth: full length, live, values right.
    let rows = 0;
    for (const t of q) {
      const p = t.columns(Position);
      const v = t.columns(Velocity);
      eq(p.x.length, t.count, "re-fetched view length");
      ok(p.x.buffer.byteLength === end, "re-fetched view is on the current memory");
      for (let i = 0; i < t.count; i++) {
        v.x[i] = p.x[i] + 1;
        rows++;
      }
    }
    eq(rows, 1 + singles.length + n, "rows iterated after growth");
    eq(world.get(batch[7], Velocity).x, Math.fround(xs[7] + 1), "writes through re-fetched views");
    // Growth while iterating (applied at the end): values written in the loop survive.
    const before = world.stats().memoryBytes;
    let made;
    for (const t of world.query({ all: [Transform], none: [Health] })) {
      t.columns(Transform).m[0] = 42;
      made = world.spawnMany(30_000, Position, Velocity, Transform.with({ m: 7 }));
    }
    ok(world.stats().memoryBytes > before, "memory grew when the deferred batch was applied");
    eq(world.get(batch[0], Transform).m[0], 42, "write before deferred growth kept");
    eq(
      world.get(made[29_999], Transform).m,
      range(16, () => 7),
      "deferred batch values after growth",
    );
    // Values that are views on the world's own columns, while the call grows memory.
    const source = world.query({ all: [Transform] });
    let srcX;
    let srcCount = 0;
    for (const t of world.query({ all: [Position, Velocity], none: [Transform, Health] })) {
      srcX = t.columns(Position).x;
      srcCount = t.count;
    }
    const expectX = Array.from(srcX);
    const growBefore = world.stats().memoryBytes;
    const copies = world.spawnMany(srcCount, Position.withEach({ x: srcX }), Velocity, Transform, Owner);
    ok(world.stats().memoryBytes >= growBefore, "memory never shrinks");
    copies.forEach((e, i) => {
      if (i % 101 === 0) eq(world.get(e, Position).x, expectX[i], `withEach from the world's own view, row ${i}`);
    });
    ok(source.count() > 0, "query still counts after growth");
    world.dispose();
  });

  await check("memory/growth-in-one-world-leaves-others-intact", async () => {
    const a = await newWorld({ components: [Position], initialMemoryBytes: 0 });
    const b = await newWorld({ components: [Position], initialMemoryBytes: 0 });
    const eb = b.spawn(Position.with({ x: 11, y: 12 }));
    let view;
    for (const t of b.query({ all: [Position] })) view = t.columns(Position);
    const startA = a.stats().memoryBytes;
    a.spawnMany(50_000, Position.with({ x: 1 }));
    ok(a.stats().memoryBytes > startA, "world a grew");
    eq(view.x[0], 11, "world b's view still valid after world a grew");
    eq(b.get(eb, Position), { x: 11, y: 12 }, "world b's value");
  });

  // ── Debug build ──
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

  // ── 1,024 components ──
  await check("components/1024-registered-ids-0-511-1023", async () => {
    // Tags and data components mixed; W0 holds an i32, W511 is a tag, W1023 holds an f64.
    const wide = range(1024, (k) =>
      k % 3 === 2 || k === 511 ? tag(`W${k}`) : component(`W${k}`, { v: k % 2 === 0 ? "i32" : "f64" }),
    );
    const world = await newWorld({ components: wide });
    eq(world.stats().components, 1024, "components registered");
    const [c0, c511, c1023] = [wide[0], wide[511], wide[1023]];
    ok(
      Object.keys(c1023.schema).length === 1 && Object.keys(c511.schema).length === 0,
      "test layout: 1023 has data, 511 is a tag",
    );
    const sets = [[c0], [c511], [c1023], [c0, c511], [c0, c1023], [c511, c1023], [c0, c511, c1023]];
    const per = 7;
    const archetypes = world.stats().archetypes;
    const members = [];
    sets.forEach((set, s) => {
      for (let j = 0; j < per; j++) {
        const value = s * 100 + j;
        const args = set.map((c) => (Object.keys(c.schema).length ? c.with({ v: c === c0 ? value : -value }) : c));
        members.push({ e: world.spawn(...args), set, value });
      }
    });
    eq(world.stats().archetypes, archetypes + sets.length, "one archetype per component set");
    for (const { e, set, value } of members) {
      for (const c of [c0, c511, c1023]) eq(world.has(e, c), set.includes(c), `has ${c.name}`);
      if (set.includes(c0)) eq(world.get(e, c0), { v: value }, "W0 value");
      if (set.includes(c1023)) eq(world.get(e, c1023), { v: -value }, "W1023 value");
    }
    const expect = (pred) => sorted(members.filter((m) => pred(m.set)).map((m) => m.e));
    const cases = [
      [{ all: [c0] }, (s) => s.includes(c0)],
      [{ all: [c1023] }, (s) => s.includes(c1023)],
      [{ all: [c0, c1023], none: [c511] }, (s) => s.includes(c0) && s.includes(c1023) && !s.includes(c511)],
      [{ any: [c511, c1023] }, (s) => s.includes(c511) || s.includes(c1023)],
      [{ all: [c511], none: [c0] }, (s) => s.includes(c511) && !s.includes(c0)],
    ];
    for (const [terms, pred] of cases) {
      const q = world.query(terms);
      eq(
        sorted(q.entities()),
        expect(pred),
        `query ${JSON.stringify(Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, v.map((c) => c.name)])))}`,
      );
    }
    for (const t of world.query({ all: [c1023] })) {
      const col = t.columns(c1023).v;
      ok(col instanceof Float64Array, "W1023 column type");
      for (let i = 0; i < t.count; i++) col[i] = t.entities[i] * 2;
    }
    for (const { e, set } of members)
      if (set.includes(c1023)) eq(world.get(e, c1023).v, e * 2, "W1023 written through a view");
    // Migrations across the whole id range, single and batched.
    const lone = members.find((m) => m.set.length === 1 && m.set[0] === c0).e;
    world.add(lone, c1023, { v: 3 });
    world.add(lone, c511);
    world.remove(lone, c0);
    eq([world.has(lone, c0), world.has(lone, c511), world.has(lone, c1023)], [false, true, true], "single migrations");
    eq(world.get(lone, c1023), { v: 3 }, "W1023 after migrations");
    const q0 = world.query({ all: [c0], none: [c1023] });
    const targets = sorted(q0.entities());
    world.addMany(q0, c1023, { v: 9 });
    for (const e of targets) eq(world.get(e, c1023), { v: 9 }, "addMany(query) of W1023");
    world.removeMany(targets, c0);
    eq(
      world.query({ all: [c0] }).count(),
      members.filter((m) => m.set.includes(c0)).length - targets.length - 1,
      "removeMany of W0",
    );
    const extra = wide[600];
    const x = world.spawn(extra.with({ v: 600 }), c1023);
    eq(world.get(x, extra), { v: 600 }, "another id in the middle");
  });

  // ── Engine layer: systems, events, resources, change detection, sparse tags, object fields ──
  await check("engine/systems-order-deferral-and-hooks", async () => {
    const world = await newWorld({ components: [Position, Velocity] });
    for (let i = 0; i < 4; i++) world.spawn(Position.with({ x: i }));
    const log = [];
    world.system("render", { all: [Position] }, () => log.push("render"), { after: ["move"] });
    world.system("move", { all: [Position, Velocity] }, (q, ctx) => {
      log.push(`move ${ctx.tick} ${q.count()}`);
      for (const t of q) {
        const p = t.write(Position);
        const v = t.read(Velocity);
        for (let i = 0; i < t.count; i++) p.x[i] += v.x[i];
      }
    });
    world.system(
      "start",
      { all: [Position], none: [Velocity] },
      (q) => {
        log.push("start");
        for (const t of q) for (const e of t.entities) world.add(e, Velocity, { x: 10 });
      },
      { before: ["move"], begin: () => log.push("begin"), end: () => log.push("end") },
    );
    world.step(1 / 60);
    eq(log, ["begin", "start", "end", "move 1 4", "render"], "systems ran in order, start's adds applied before move");
    eq(
      sorted(
        world
          .query({ all: [Position] })
          .entities()
          .map((e) => world.get(e, Position).x),
      ),
      [10, 11, 12, 13],
      "move saw the flushed adds",
    );
    world.system("a", { all: [Position] }, () => {}, { after: ["b"] });
    world.system("b", { all: [Position] }, () => {}, { after: ["a"] });
    throws("a cycle of systems", () => world.step(), ArgumentError, '"a"', '"b"', "cycle");
  });

  await check("engine/events-and-resources", async () => {
    const world = await newWorld({ components: [Position] });
    const Hit = world.event("Hit");
    const seen = [];
    world.system("read", { all: [Position] }, () => seen.push(world.read(Hit).map((h) => h.damage)));
    world.emit(Hit, { damage: 1 });
    world.step();
    world.step();
    world.step();
    eq(seen, [[1], [1], []], "an event lives for the step it belongs to and the next");
    world.resources.set("score", { points: 3 });
    eq(world.resources.get("score"), { points: 3 }, "resource value");
  });

  await check("engine/change-detection-and-removed", async () => {
    const world = await newWorld({ components: [Position, Velocity] });
    const es = world.spawnMany(3, Position);
    const changed = world.query({ all: [Position], changed: [Position] });
    const added = world.query({ added: [Velocity] });
    const rows = (q) => {
      const out = [];
      for (const t of q) for (const r of t.rows) out.push(t.entities[r]);
      return sorted(out);
    };
    eq(rows(changed), sorted(es), "first read: every row");
    eq(rows(changed), [], "second read: nothing new");
    world.set(es[1], Position, { x: 5 });
    eq(rows(changed), [es[1]], "set marks one row");
    for (const t of world.query({ read: [Position] })) {
      t.read(Position);
      throws("write() of a read term", () => t.write(Position), ArgumentError, "Position");
    }
    eq(rows(changed), [], "read() marks nothing");
    world.add(es[2], Velocity);
    eq(rows(added), [es[2]], "added filter");
    eq(world.removed(Velocity), [], "removed(): the first ask starts the log");
    world.remove(es[2], Velocity);
    world.destroy(es[0]);
    eq(world.removed(Velocity), [es[2]], "removed() lists the entity that lost Velocity");
  });

  await check("engine/sparse-tags", async () => {
    const Picked = tag("Picked", { sparse: true });
    const world = await newWorld({ components: [Position, Picked] });
    const es = world.spawnMany(100, Position);
    const archetypes = world.stats().archetypes;
    world.addMany(es.subarray(0, 10), Picked);
    world.add(es[50], Picked);
    eq(world.stats().archetypes, archetypes, "sparse tags never create archetypes");
    eq(world.query({ all: [Picked] }).count(), 11, "query on a sparse tag");
    eq(world.query({ all: [Position], none: [Picked] }).count(), 89, "none on a sparse tag");
    world.destroy(es[50]);
    const again = world.spawn(Position);
    eq(world.has(again, Picked), false, "a reused slot starts without the tag");
  });

  await check("engine/object-fields-follow-rows", async () => {
    const Label = component("Label", { text: "object" });
    const world = await newWorld({ components: [Label, Position, Velocity] });
    const es = Array.from({ length: 8 }, (_, i) => world.spawn(Label.with({ text: { i } }), Position));
    world.add(es[1], Velocity);
    world.destroy(es[2]);
    world.addMany(world.query({ all: [Label], none: [Velocity] }), Velocity);
    world.removeMany([es[5]], Position);
    for (const [i, e] of es.entries()) if (i !== 2) eq(world.get(e, Label).text.i, i, `entity ${i}'s object value`);
    for (const t of world.query({ all: [Label] })) eq(t.columns(Label).text.length, t.count, "object column length");
  });

  for (const world of worlds) {
    try {
      world.dispose();
    } catch {
      // already disposed
    }
  }
  return { passed, failed };
}
