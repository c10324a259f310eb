// Sections component/ and components/: every field type round-trips through get/set and
// the column views, defaults, fixed-size array fields, tags, eid fields, object fields and
// sparse tags (or their refusal), schema errors, and 1,024 components registered at once.
import { eq, ok } from "./assert.js";
import { CTOR, IDENTITY, RAW, range, sorted, store, storeEach } from "./values.js";

export async function checkComponents(t, api) {
  const { component, tag, createWorld, SchemaError } = api;
  const { check, newWorld, inspectError, throws, rejects, watch } = t;
  const {
    Position,
    Velocity,
    Health,
    Transform,
    Owner,
    Frozen,
    Marked,
    AllTypes,
    BASIC,
    ALL_FIELDS,
    LAYOUT,
    rawAllTypes,
    storedAllTypes,
    defaultAllTypes,
  } = t.fx;

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
    // A key that is no field: not looked at in a release world, refused in a debug one.
    world.set(e, Position, { z: 1, y: 3 });
    eq(world.get(e, Position), { x: 1, y: 3 }, "a release world's set does not look at a key that is no field");
    world.set(e, Position, { y: 2 });
    const strict = await newWorld({ components: BASIC, debug: true });
    const d = strict.spawn(Position.with({ x: 1, y: 2 }));
    throws("unknown field in set (debug)", () => strict.set(d, Position, { z: 1 }), SchemaError, '"z"', "x, y");
    eq(strict.get(d, Position), { x: 1, y: 2 }, "the refused set changed nothing");
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
}
