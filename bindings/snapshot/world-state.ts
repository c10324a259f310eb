// What a world saves in a snapshot and takes back from one: the core's memory plus the
// JS-side state (schema, sparse bitsets, change tracking, object fields, readers' ticks,
// the step counter, JSON-safe resources). restore() checks everything before it changes
// anything (the bytes' CRC, the JSON part, then the memory image itself: image.ts), and
// only then copies the image in; a refused snapshot leaves the world exactly as it was.
import { type Component, Relation } from "../component.js";
import {
  H_HEAP_TOP,
  H_SCRATCH,
  H_SCRATCH_BYTES,
  H_TMP_PAIRS,
  H_TMP_PAIRS_CAP,
  P_STRIDE,
} from "../core/constants.generated.js";
import { CapacityError, SnapshotError } from "../errors.js";
import { outOfMemory, snap } from "../messages.js";
import { checkRegistrable, coreFlags, defaultBytes, register } from "../ops/components.js";
import { changeTerms } from "../query/terms.js";
import { type TicksComponent, ticksComponent, ticksName } from "../store/changes.js";
import { releaseHeld, resetHeld } from "../store/stale-writes.js";
import type { Table } from "../store/table.js";
import type { WorldContext } from "../world/context.js";
import {
  checkEntries,
  checkObjectLists,
  checkParts,
  decode,
  describeEntry,
  encode,
  FLAG_DEBUG,
  jsonSafeCopy,
  objectValueIn,
  objectValueOut,
  type SchemaEntry,
  type SnapshotMeta,
  schemaHash,
} from "./format.js";
import { checkImage } from "./image.js";
import type { ComponentLayout } from "./image-reader.js";
import { checkLinks, type LinkedMeta, withLinks } from "./links-state.js";
import { checkTicks, mendTicks } from "./ticks-state.js";

/** What snapshot() read before the image: the schema, object values by table, component and field, resources. */
interface ReadValues {
  readonly schema: SchemaEntry[];
  readonly objects: [number, number, number, unknown[]][];
  readonly resources: Record<string, unknown>;
}

/** The worlds whose snapshot() reads their values now (a getter among them may call it again). */
const reading = new WeakSet<WorldContext>();

/** The whole world as bytes. SnapshotError when an object field or resource is not JSON-safe. */
export function snapshot(ctx: WorldContext): Uint8Array {
  if (reading.has(ctx)) throw new SnapshotError(snap.changedWhileSaving());
  reading.add(ctx);
  let values: ReadValues;
  try {
    values = readValues(ctx);
  } finally {
    reading.delete(ctx);
  }
  return image(ctx, values);
}

/**
 * The object values and resources, each read once, before the image: a getter among them
 * that changes the world (a core call, a resource or an object value set, taken, replaced)
 * would make the image disagree with them, and is refused with SnapshotError.
 */
function readValues(ctx: WorldContext): ReadValues {
  const { core, changes, registry, tables } = ctx.store;
  changes.settle();
  const schema = schemaEntries(ctx);
  const version = core.version;
  const objects: [number, number, number, unknown[]][] = [];
  const read: [Table, number, number, unknown[]][] = [];
  for (const t of tables.now()) {
    for (const id of t.objectComponents) {
      const c = registry.components[id];
      for (const f of c.objectFields) {
        const col = (t.objectColumn(id, f.index) as unknown[]).slice();
        read.push([t, id, f.index, col]);
        const values = col.map((v, row) =>
          objectValueOut(v === undefined ? v : jsonSafeCopy(v, `${c.name}.${f.name} of entity ${t.entities[row]}`)),
        );
        if (values.length > 0) objects.push([t.id, id, f.index, values]);
      }
    }
  }
  const entries = ctx.resources.entries();
  // fromEntries defines each key as its own property: "__proto__" included.
  const resources: Record<string, unknown> = Object.fromEntries(
    entries.map(([k, v]) => [k, jsonSafeCopy(v, `resource "${k}"`)]),
  );
  const same = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const now = ctx.resources.entries();
  if (
    core.version !== version ||
    !read.every(([t, id, index, col]) => same(t.objectColumn(id, index) as unknown[], col)) ||
    !same(now.flat(), entries.flat())
  )
    throw new SnapshotError(snap.changedWhileSaving());
  return { schema, objects, resources };
}

/** The image of the world once its values are read. */
function image(ctx: WorldContext, { schema, objects, resources }: ReadValues): Uint8Array {
  const { core, changes, registry, sparse, debug } = ctx.store;
  const { runner, cache } = ctx;
  const meta: SnapshotMeta = {
    schema,
    schemaHash: schemaHash(schema),
    entities: core.alive,
    tables: core.tableCount,
    sparse: sparse.state(),
    changeTick: changes.tick,
    steps: runner.steps,
    systems: Object.fromEntries(runner.schedule.all().map((s) => [s.name, s.lastRun])),
    queries: Object.fromEntries([...cache.queries].map(([k, q]) => [k, q.lastSeen])),
    resources,
    objects,
  };
  if (debug) releaseHeld(core, registry); // no quarantined block goes into the image
  // A stale write may have landed in an entity or a stamp column: both mended before the image.
  core.checkEntityColumns();
  mendTicks(schema, changes.tick, core.u32, core.hdr << 2);
  // What the last call left in the buffers calls work in (a refused destroyMany's ids, say)
  // means nothing between calls: cleared, so a call refused for a bad id leaves the image as
  // it was (one refused for memory may have grown the heap: its reservations stay).
  core.u8.fill(0, core.header(H_SCRATCH), core.header(H_SCRATCH) + core.header(H_SCRATCH_BYTES));
  core.u8.fill(0, core.header(H_TMP_PAIRS), core.header(H_TMP_PAIRS) + core.header(H_TMP_PAIRS_CAP) * P_STRIDE * 4);
  const top = core.header(H_HEAP_TOP);
  const marks = core.takeBlockMarks(); // this world keeps its own; a restore's are the facade's (H_VIEW_REACH)
  try {
    return encode(
      withLinks(meta, ctx.store.links),
      new Uint8Array(core.buffer, 0, top),
      debug ? FLAG_DEBUG : 0,
      core.hdr << 2,
    );
  } finally {
    core.putBlockMarks(marks);
  }
}

/**
 * Puts the world back to a snapshot made by a world with the same components and the
 * same core build; otherwise, or when its bytes are damaged, SnapshotError, and this
 * world is unchanged.
 */
export function restore(ctx: WorldContext, bytes: Uint8Array): void {
  const { core, debug } = ctx.store;
  const { header, meta, memory } = decode(bytes);
  if ((header.flags & FLAG_DEBUG) !== (debug ? FLAG_DEBUG : 0))
    throw new SnapshotError(snap.build(header.flags & FLAG_DEBUG ? "debug" : "release", debug ? "debug" : "release"));
  if (header.corePtr !== core.hdr << 2) throw new SnapshotError(snap.addresses());
  checkSchema(ctx, meta.schema);
  checkParts(meta, memory, header.corePtr);
  checkImage(memory, header.corePtr, {
    statics: core.allocator,
    live: core.u8,
    components: layouts(ctx, meta.schema),
    journal: meta.schema.some((e) => e.objectFields.length > 0),
    sparse: meta.sparse,
  });
  checkObjectLists(meta, memory, header.corePtr);
  checkTicks(meta, memory, header.corePtr);
  const links = checkLinks(meta as LinkedMeta, memory, header.corePtr, (entry, id) => {
    const c = ctx.store.registry.components[id];
    return entry !== undefined && c instanceof Relation && !c.fragmenting;
  });
  if (!core.load(memory, ctx.maxPages))
    throw new CapacityError(outOfMemory(`restore a snapshot of ${memory.length} bytes`, ctx.maxPages * 65536));
  if (debug) resetHeld(core);
  adopt(ctx, meta);
  ctx.store.links.adopt(links);
}

/**
 * Registers `given` in the order of a snapshot's schema (hidden entries become the
 * world's own bookkeeping components), so ids match the snapshot's.
 */
export function registerLike(ctx: WorldContext, schema: readonly SchemaEntry[], given: readonly Component[]): void {
  const { store } = ctx;
  const { registry } = store;
  for (const c of given) checkRegistrable(c);
  const byName = new Map(given.map((c) => [c.name, c]));
  checkEntries(schema);
  for (let id = registry.components.length; id < schema.length; id++) {
    const entry = schema[id];
    if (entry.hidden) {
      if (entry.tracks === undefined || registry.components[entry.tracks] === undefined)
        throw new SnapshotError(snap.internalComponent(id, entry.name));
      register(store, ticksComponent(registry.components[entry.tracks]));
      continue;
    }
    const c = byName.get(entry.name);
    if (c === undefined) throw new SnapshotError(snap.notGiven(entry.name));
    byName.delete(entry.name);
    register(store, c);
  }
  const extra = [...byName.keys()];
  if (extra.length > 0) throw new SnapshotError(snap.extraGiven(extra));
}

/**
 * The core layout of each component of a snapshot's schema: this world's component of
 * that id (checkSchema found it the same), or the change-stamps component it will make
 * for a hidden entry (adopt).
 */
function layouts(ctx: WorldContext, schema: readonly SchemaEntry[]): ComponentLayout[] {
  const { components } = ctx.store.registry;
  return schema.map((entry, id) => {
    let c = components[id] as Component | undefined;
    if (c === undefined || c.name !== entry.name) {
      const tracked = entry.tracks === undefined ? undefined : components[entry.tracks];
      if (!entry.hidden || tracked === undefined) throw new SnapshotError(snap.internalComponent(id, entry.name));
      c = ticksComponent(tracked);
    }
    return {
      flags: coreFlags(c),
      fields: c.fields.map((f) => [f.code, f.length] as const),
      defaults: defaultBytes(c),
      // Stamps whose tracking ran out of memory are in no table yet (ops/tracking.ts moves all or none).
      maskless: c.sparse || (entry.hidden === true && entry.tracks === undefined),
    };
  });
}

/** This world's components as a snapshot records them, by id. */
function schemaEntries(ctx: WorldContext): SchemaEntry[] {
  const { changes, registry } = ctx.store;
  const tracks = new Map<number, number>();
  changes.ticksOf.forEach((k, id) => {
    if (k !== undefined) tracks.set(k, id);
  });
  return registry.components.map((c, id) => ({ ...entryOf(c), ...(tracks.has(id) ? { tracks: tracks.get(id) } : {}) }));
}

/** Component c as a snapshot's schema records it (what it tracks aside). */
function entryOf(c: Component): SchemaEntry {
  return {
    name: c.name,
    hidden: c.hidden,
    tag: c.isTag,
    sparse: c.sparse,
    fields: c.fields.map((f) => [f.name, f.scalar, f.length] as const),
    objectFields: c.objectFields.map((f) => f.name),
    ...(c instanceof Relation
      ? { relation: [c.exclusive ? "exclusive" : "multiple", `onTargetDestroyed: ${c.onTargetDestroyed}`] as const }
      : {}),
  };
}

/** The keys in which two schema entries differ, what they track aside. */
function differences(a: SchemaEntry, b: SchemaEntry): string[] {
  // Key by key (not by key order); what tracks what is checked with the stamps' names.
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((k) => k !== "tracks" && textOf(a[k as keyof SchemaEntry]) !== textOf(b[k as keyof SchemaEntry]));
}

/** A schema entry's value as JSON text; null for one nested too deep to write (a hostile snapshot's), which no entry of ours is. */
function textOf(value: unknown): string | null | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/**
 * SnapshotError unless the snapshot's components are this world's: the same user
 * components with the same layouts at the same ids. Either side may have extra hidden
 * (bookkeeping) components at the end.
 */
function checkSchema(ctx: WorldContext, theirs: readonly SchemaEntry[]): void {
  const ours = schemaEntries(ctx);
  const n = Math.max(ours.length, theirs.length);
  for (let id = 0; id < n; id++) {
    const a = ours[id];
    const b = theirs[id];
    if (a !== undefined && b !== undefined) {
      if (a.hidden && b.hidden === true && a.name === b.name) continue;
      const differ = differences(a, b);
      // Change stamps of another component (worlds that began tracking in another order): adopt() swaps them.
      if (differ.length === 0 || (a.hidden && b.hidden === true && differ.join() === "name")) continue;
      throw new SnapshotError(snap.schema(snap.entryDiffers(id, describeEntry(b), describeEntry(a), differ)));
    }
    const extra = (a ?? b) as SchemaEntry;
    if (!extra.hidden)
      throw new SnapshotError(
        snap.schema(
          `component ${id} (${describeEntry(extra)}) exists only ${a === undefined ? "in the snapshot" : "in this world"}`,
        ),
      );
  }
  // Each of the snapshot's stamps entries is, field for field, the companion this world
  // makes for what it tracks: the restore takes their layout from them (adopt, checkTicks).
  // One without `tracks` is a companion whose tracking ran out of memory (ops/tracking.ts
  // keeps it registered for the next try): the component its name gives.
  const { components } = ctx.store.registry;
  const byStampsName = new Map(components.filter((c) => !c.hidden).map((c) => [ticksName(c.name), c]));
  theirs.forEach((b, id) => {
    if (b?.hidden !== true) return;
    const k = b.tracks;
    // What it tracks: a component of this world the loop above found the snapshot's too.
    const of =
      k === undefined
        ? byStampsName.get(b.name)
        : Number.isInteger(k) && theirs[k]?.hidden === false
          ? components[k]
          : undefined;
    if (of === undefined || of.hidden) throw new SnapshotError(snap.malformed(snap.tracksNothing(id)));
    const want = entryOf(ticksComponent(of));
    const differ = differences(want, b);
    if (differ.length > 0)
      throw new SnapshotError(snap.schema(snap.entryDiffers(id, describeEntry(b), describeEntry(want), differ)));
  });
}

/** Takes on a loaded snapshot's JS-side state; every cached view and table id is dropped. */
function adopt(ctx: WorldContext, meta: SnapshotMeta): void {
  const { store, cache, runner, defer } = ctx;
  const { registry, changes, sparse, tables, sets } = store;
  // Bookkeeping components: the snapshot's, at its ids.
  for (let id = 1; id < registry.components.length; id++) {
    const c = registry.components[id];
    if (c.hidden && meta.schema[id]?.name !== c.name) registry.forget(c);
  }
  registry.components.length = Math.min(registry.components.length, meta.schema.length);
  const tracked: [number, number, TicksComponent][] = [];
  meta.schema.forEach((entry, id) => {
    if (!entry.hidden || entry.tracks === undefined) return;
    let k = registry.components[id] as TicksComponent | undefined;
    if (k === undefined || k.name !== entry.name) {
      k = ticksComponent(registry.components[entry.tracks]);
      registry.add(k, id);
    }
    tracked.push([entry.tracks, id, k]);
  });
  changes.adopt(meta.changeTick, tracked);
  sparse.adopt(meta.sparse);
  tables.forget();
  sets.epoch++;
  const list = tables.now();
  for (const [t, id, index, values] of meta.objects) {
    const col = list[t].objectColumn(id, index) as unknown[];
    col.length = 0;
    for (const v of values) col.push(objectValueIn(v));
  }
  cache.forgetTables(meta.queries);
  // Own keys only: a system named "toString" is not Object.prototype's.
  for (const s of runner.schedule.all()) s.lastRun = Object.hasOwn(meta.systems, s.name) ? meta.systems[s.name] : 0;
  runner.steps = meta.steps;
  ctx.resources.replace(meta.resources);
  // Queries that filter on components the snapshot did not track start tracking again,
  // at the next flush if memory is short now (a restore does not fail after loading).
  for (const q of cache.queries.values()) for (const id of changeTerms(q.filter)) defer.trackSoon(id);
}
