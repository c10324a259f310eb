// A plain JS reference model of a world: entity -> component name -> field values.
// Model-based tests run the same operations on a World and on this model and
// compare every live entity, value and query answer after each operation.
import { type Component, component, tag } from "wasm-ecs";

export const Pos = component("Pos", { x: "f32", y: "f32" });
export const Hp = component("Hp", { hp: "i32" }, { defaults: { hp: 100 } });
export const Rgb = component("Rgb", { c: ["u8", 3] });
export const Mass = component("Mass", { m: "f64" });
export const Frozen = tag("Frozen");
export const Marked = tag("Marked");
/** A sparse tag: membership in a bitset, never in the archetype. */
export const Picked = tag("Picked", { sparse: true });
/** A component with an "object" field beside a numeric one. */
export const Label = component("Label", { name: "object", n: "i32" });
export const ALL: readonly Component[] = [Pos, Hp, Rgb, Mass, Frozen, Marked, Picked, Label];

export type FieldValues = Record<string, unknown>;
export type EntityModel = Map<Component, FieldValues>;

/** Default row of a component as the world creates it. */
export function defaultsOf(c: Component): FieldValues {
  const out: FieldValues = {};
  for (const f of c.fields) {
    const d = (c.defaults as Record<string, number | undefined>)[f.name] ?? 0;
    out[f.name] = f.isArray ? new Array<number>(f.length).fill(d) : d;
  }
  for (const o of c.objectFields) out[o.name] = (c.defaults as Record<string, unknown>)[o.name];
  return out;
}

/** The model's copy of values after a typed-array store (f32 rounding, u8 wrap). */
export function stored(c: Component, values: Record<string, unknown>): FieldValues {
  const out: FieldValues = {};
  for (const [name, v] of Object.entries(values)) {
    if (c.objectFields.some((o) => o.name === name)) {
      out[name] = v;
      continue;
    }
    const f = c.fields.find((x) => x.name === name);
    if (f === undefined || v === undefined) continue;
    const arr = new f.ctor(f.length);
    if (typeof v === "number") arr.fill(v);
    else arr.set(Array.from(v as ArrayLike<number>));
    out[name] = f.isArray ? Array.from(arr) : arr[0];
  }
  return out;
}

export interface Terms {
  all?: Component[];
  any?: Component[];
  none?: Component[];
}

export function matches(m: EntityModel, terms: Terms): boolean {
  if ((terms.all ?? []).some((c) => !m.has(c))) return false;
  if ((terms.none ?? []).some((c) => m.has(c))) return false;
  const any = terms.any ?? [];
  return any.length === 0 || any.some((c) => m.has(c));
}

export class WorldModel {
  readonly entities = new Map<number, EntityModel>();
  readonly dead: number[] = [];
  /** Per watched component: entities whose value was added, set or written since the last reset. */
  readonly changed = new Map<Component, Set<number>>();
  /** Per watched component: entities that lost it since the last reset (a list: repeats allowed). */
  readonly lost = new Map<Component, number[]>();

  /** A deep copy (what a snapshot of the world it follows holds). */
  clone(): WorldModel {
    const m = new WorldModel();
    for (const [e, comps] of this.entities) {
      m.entities.set(e, new Map([...comps].map(([c, v]) => [c, structuredClone(v)])));
    }
    m.dead.push(...this.dead);
    for (const [c, set] of this.changed) m.changed.set(c, new Set(set));
    for (const [c, list] of this.lost) m.lost.set(c, [...list]);
    return m;
  }

  /** Becomes a copy of `other` (restoring a snapshot). */
  assign(other: WorldModel): void {
    const copy = other.clone();
    this.entities.clear();
    for (const [e, comps] of copy.entities) this.entities.set(e, comps);
    this.dead.length = 0;
    this.dead.push(...copy.dead);
    this.changed.clear();
    for (const [c, set] of copy.changed) this.changed.set(c, set);
    this.lost.clear();
    for (const [c, list] of copy.lost) this.lost.set(c, list);
  }

  /** Starts following changes and removals of c. */
  watch(c: Component): void {
    this.changed.set(c, new Set());
    this.lost.set(c, []);
  }

  spawn(e: number, comps: ReadonlyMap<Component, Record<string, unknown>>): void {
    const m: EntityModel = new Map();
    this.entities.set(e, m);
    for (const [c, v] of comps) {
      m.set(c, { ...defaultsOf(c), ...stored(c, v) });
      this.changed.get(c)?.add(e);
    }
  }
  add(e: number, c: Component, values: Record<string, unknown> | undefined): void {
    const m = this.entities.get(e);
    if (m === undefined) return;
    if (!m.has(c) || values !== undefined) this.changed.get(c)?.add(e);
    m.set(c, { ...(m.get(c) ?? defaultsOf(c)), ...stored(c, values ?? {}) });
  }
  set(e: number, c: Component, values: Record<string, unknown>): void {
    const m = this.entities.get(e) as EntityModel;
    m.set(c, { ...(m.get(c) as FieldValues), ...stored(c, values) });
    this.changed.get(c)?.add(e);
  }
  remove(e: number, c: Component): void {
    const m = this.entities.get(e);
    if (m?.has(c)) {
      this.lost.get(c)?.push(e);
      this.changed.get(c)?.delete(e);
    }
    m?.delete(c);
  }
  destroy(e: number): void {
    const m = this.entities.get(e);
    if (m === undefined) return;
    for (const c of m.keys()) {
      this.lost.get(c)?.push(e);
      this.changed.get(c)?.delete(e);
    }
    this.entities.delete(e);
    this.dead.push(e);
  }
  query(terms: Terms): number[] {
    return [...this.entities].filter(([, m]) => matches(m, terms)).map(([e]) => e);
  }
}
