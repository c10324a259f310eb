// Registering components in the core (runtime registration included, also after
// entities exist) and the switch that starts keeping "object" fields row-aligned.
import { Component, fieldOf, Relation } from "../component.js";
import { isOwnComponent, KEY } from "../component-keys.js";
import { F_STRIDE, FLAG_CASCADE, FLAG_EXCLUSIVE, FLAG_RELATION, FLAG_TAG } from "../core/constants.generated.js";
import { scratch } from "../core/scratch.js";
import { expect, registered } from "../core/status.js";
import { ArgumentError, SchemaError } from "../errors.js";
import { duplicateName, registerTakesComponent, standIn } from "../messages.js";
import { replay } from "../store/objects.js";
import type { Store } from "../store/store.js";

/**
 * ArgumentError unless c is a component this copy made, the very object: not one of
 * another copy, nor a Proxy of one or an object made from one (Object.create(C) has C's key).
 */
export function checkRegistrable(c: unknown): asserts c is Component {
  if (!(c instanceof Component)) throw new ArgumentError(registerTakesComponent(c));
  if (!isOwnComponent(c)) throw new ArgumentError(standIn(String(c.name)));
}

/** Registers c (once; registering it again does nothing). */
export function register(store: Store, c: Component): void {
  const { core, registry } = store;
  checkRegistrable(c);
  if (registry.ids[c[KEY]] !== undefined) return;
  if (registry.byName.has(c.name)) throw new SchemaError(duplicateName(c.name));
  if (c.objectFields.length > 0) useObjects(store);
  // Field descriptors (F_STRIDE u32 each), then the default bytes of the fields that have one.
  const n = c.fields.length;
  let bytes = n * F_STRIDE * 4;
  for (const f of c.fields) bytes += f.bytes;
  const ptr = scratch(store, bytes, `register ${c.name}`);
  const u32 = core.u32;
  let at = ptr + n * F_STRIDE * 4;
  const defaults = defaultBytes(c);
  for (const f of c.fields) {
    const rec = (ptr >>> 2) + f.index * F_STRIDE;
    const def = defaults[f.index];
    u32[rec] = f.code;
    u32[rec + 1] = f.length;
    u32[rec + 2] = def === undefined ? 0 : 1;
    u32[rec + 3] = 0;
    if (def === undefined) continue;
    core.u8.set(def, at);
    at += f.bytes;
  }
  const id = registered(store, core.registerComponent(ptr, n, coreFlags(c)), c.name);
  registry.add(c, id);
  if (c.sparse) store.sparse.add(id);
  if (c instanceof Relation && !c.fragmenting) store.links.add(id, c.exclusive, c.onTargetDestroyed === "destroy");
}

/**
 * Per field of c: the bytes of its declared default as its column stores them (what the
 * core keeps as the field's default), or undefined when it has none (the core's are zeros).
 */
export function defaultBytes(c: Component): (Uint8Array | undefined)[] {
  return c.fields.map((f) => {
    const def = fieldOf(c.defaults, f.name) as number | ArrayLike<number> | undefined;
    if (def === undefined) return undefined;
    const pattern = new f.ctor(f.length);
    if (typeof def === "number") pattern.fill(def);
    else pattern.set(Array.from(def));
    return new Uint8Array(pattern.buffer);
  });
}

/** The flags the core's component record of c holds (FLAG_* of constants.ts). */
export function coreFlags(c: Component): number {
  let flags = c.isTag ? FLAG_TAG : 0;
  // A non-fragmenting relation is never in a table: the core knows it as a plain tag.
  if (c instanceof Relation && c.fragmenting) {
    flags |= FLAG_RELATION;
    if (c.exclusive) flags |= FLAG_EXCLUSIVE;
    if (c.onTargetDestroyed === "destroy") flags |= FLAG_CASCADE;
  }
  return flags;
}

/** Starts keeping JS-side "object" columns row-aligned (once a component has object fields). */
export function useObjects(store: Store): void {
  const { core, tables, registry } = store;
  if (core.onJournal !== undefined) return;
  expect(store, core.journalOn(), "keep object fields");
  core.onJournal = () => {
    tables.sync(true);
    replay(core, tables.list, registry.components);
  };
}
