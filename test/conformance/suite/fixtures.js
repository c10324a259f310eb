// The components the sections share, and the worlds built from them. One set is
// defined per run (createHarness calls defineFixtures once), so every section registers
// the same Component objects in its worlds, as one program would.
import { IDENTITY, RAW, range, store, storeEach } from "./values.js";

/** The shared components and what AllTypes stores for given values; `api` is dist/index.js. */
export function defineFixtures(api) {
  const { component, tag } = api;
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

  /** The components comboWorld() gives entity i: component k when bit k of i is set. */
  const COMBO = [Position, Velocity, Health, Frozen, Marked];

  return {
    Position,
    Velocity,
    Health,
    Transform,
    Owner,
    Frozen,
    Marked,
    AllTypes,
    Unregistered,
    BASIC,
    ALL_FIELDS,
    LAYOUT,
    COMBO,
    rawAllTypes,
    storedAllTypes,
    defaultAllTypes,
  };
}

/** A world whose entity i has component k of COMBO when bit k of i is set (Position.x = i). */
export async function comboWorld(t, n) {
  const { BASIC, COMBO, Position } = t.fx;
  const world = await t.newWorld({ components: BASIC });
  const es = range(n, (i) =>
    world.spawn(...COMBO.filter((_, k) => (i >> k) & 1).map((c) => (c === Position ? Position.with({ x: i }) : c))),
  );
  return { world, es, has: (i, c) => ((i >> COMBO.indexOf(c)) & 1) === 1 };
}
