// A plain JS reference model of a world: entity -> component -> field values, and
// entity -> relation -> targets.
// Model-based tests run the same operations on a World and on this model and
// compare every live entity, value and query answer after each operation.
import { type Component, component, type Pair, type Relation, relation, tag } from "wasm-ecs";

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
/** A hierarchy: one parent, destroyed with it. */
export const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });
/** Any number of targets; a dead target's pair goes. */
export const Likes = relation("Likes");
/** One target with data, kept when the target changes; a dead target's pair (and data) goes. */
export const Weight = relation("Weight", { exclusive: true, data: { w: "f32" }, defaults: { w: 1.5 } });
export const RELATIONS: readonly Relation[] = [ChildOf, Likes, Weight];

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

/** Query terms; a pair stands for "holds that pair" (any target for `R.to("*")`). */
export interface Terms {
  all?: (Component | Pair)[];
  any?: (Component | Pair)[];
  none?: (Component | Pair)[];
  cascade?: Relation;
}

/** Relation -> targets of one entity. */
export type EntityPairs = Map<Relation, Set<number>>;

function holds(m: EntityModel, pairs: EntityPairs | undefined, c: Component | Pair): boolean {
  if (!c.isPair) return m.has(c);
  if (c.target === "*") return m.has(c.relation);
  return pairs?.get(c.relation)?.has(c.target) ?? false;
}

export function matches(m: EntityModel, terms: Terms, pairs?: EntityPairs): boolean {
  if ((terms.all ?? []).some((c) => !holds(m, pairs, c))) return false;
  if ((terms.none ?? []).some((c) => holds(m, pairs, c))) return false;
  const any = terms.any ?? [];
  return any.length === 0 || any.some((c) => holds(m, pairs, c));
}

export class WorldModel {
  readonly entities = new Map<number, EntityModel>();
  readonly dead: number[] = [];
  /** Per watched component: entities whose value was added, set or written since the last reset. */
  readonly changed = new Map<Component, Set<number>>();
  /** Per watched component: entities that lost it since the last reset (a list: repeats allowed). */
  readonly lost = new Map<Component, number[]>();
  /**
   * Entity -> relation -> targets. An entity's model holds a relation (with its data
   * values) exactly when it has a target of it here.
   */
  readonly pairs = new Map<number, EntityPairs>();

  /** A deep copy (what a snapshot of the world it follows holds). */
  clone(): WorldModel {
    const m = new WorldModel();
    for (const [e, comps] of this.entities) {
      m.entities.set(e, new Map([...comps].map(([c, v]) => [c, structuredClone(v)])));
    }
    m.dead.push(...this.dead);
    for (const [c, set] of this.changed) m.changed.set(c, new Set(set));
    for (const [c, list] of this.lost) m.lost.set(c, [...list]);
    for (const [e, rels] of this.pairs) m.pairs.set(e, new Map([...rels].map(([r, ts]) => [r, new Set(ts)])));
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
    this.pairs.clear();
    for (const [e, rels] of copy.pairs) this.pairs.set(e, rels);
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
  /** Removes c from e; for a relation, every pair of it. */
  remove(e: number, c: Component): void {
    const m = this.entities.get(e);
    if (m?.has(c)) {
      this.lost.get(c)?.push(e);
      this.changed.get(c)?.delete(e);
    }
    m?.delete(c);
    if (c.isRelation) this.pairs.get(e)?.delete(c as Relation);
  }
  /**
   * Destroys e and, through "destroy" relations, everything related to it (recursively);
   * the survivors lose their pairs naming the dead.
   */
  destroy(e: number): void {
    this.destroyAll([e]);
  }
  /** destroy() of several entities at once (dead ones are skipped). */
  destroyAll(es: Iterable<number>): void {
    const doomed = new Set([...es].filter((e) => this.entities.has(e)));
    if (doomed.size === 0) return;
    const stack = [...doomed];
    while (stack.length > 0) {
      const x = stack.pop() as number;
      for (const [y, rels] of this.pairs) {
        if (doomed.has(y)) continue;
        for (const [r, ts] of rels) {
          if (r.onTargetDestroyed !== "destroy" || !ts.has(x)) continue;
          doomed.add(y);
          stack.push(y);
          break;
        }
      }
    }
    for (const x of doomed) {
      const m = this.entities.get(x) as EntityModel;
      for (const c of m.keys()) {
        this.lost.get(c)?.push(x);
        this.changed.get(c)?.delete(x);
      }
      this.entities.delete(x);
      this.pairs.delete(x);
      this.dead.push(x);
    }
    for (const [y, rels] of this.pairs) {
      for (const [r, ts] of rels) {
        for (const x of doomed) ts.delete(x);
        if (ts.size > 0) continue;
        rels.delete(r);
        this.remove(y, r);
      }
    }
  }
  /** Targets of r on e, ascending. */
  targets(e: number, r: Relation): number[] {
    return [...(this.pairs.get(e)?.get(r) ?? [])].sort((a, b) => a - b);
  }
  /**
   * e gains (r, t): an exclusive r replaces its old target, keeping its data. With a
   * dead t (a deferred add whose target an earlier command destroyed), e is destroyed
   * for a "destroy" relation and left alone otherwise.
   */
  addPair(e: number, r: Relation, t: number, values: Record<string, unknown> | undefined): void {
    const m = this.entities.get(e);
    if (m === undefined) return;
    if (!this.entities.has(t)) {
      if (r.onTargetDestroyed === "destroy") this.destroy(e);
      return;
    }
    let rels = this.pairs.get(e);
    if (rels === undefined) {
      rels = new Map();
      this.pairs.set(e, rels);
    }
    const ts = rels.get(r) ?? new Set();
    if (r.exclusive && !ts.has(t)) ts.clear();
    ts.add(t);
    rels.set(r, ts);
    m.set(r, { ...(m.get(r) ?? defaultsOf(r)), ...stored(r, values ?? {}) });
  }
  /** e loses (r, t); whether it held it. */
  removePair(e: number, r: Relation, t: number): boolean {
    const ts = this.pairs.get(e)?.get(r);
    if (ts === undefined || !ts.delete(t)) return false;
    if (ts.size === 0) this.remove(e, r);
    return true;
  }
  query(terms: Terms): number[] {
    const out: number[] = [];
    for (const [e, m] of this.entities) if (matches(m, terms, this.pairs.get(e))) out.push(e);
    return out;
  }

  /**
   * Why `order` (a cascade query's entities in the order yielded) breaks the cascade
   * promise over r, or undefined: every yielded target of a yielded entity comes before
   * it, unless that entity reaches a cycle of r (then its place is unspecified); and
   * entities on a cycle come after every entity that reaches none.
   */
  cascadeProblem(order: readonly number[], r: Relation): string | undefined {
    const at = new Map(order.map((e, i) => [e, i]));
    // Tarjan's strongly connected components over the edges e -> targets of r.
    const index = new Map<number, number>();
    const low = new Map<number, number>();
    const stack: number[] = [];
    const onStack = new Set<number>();
    const onCycle = new Set<number>();
    let next = 0;
    const edges = (e: number) => this.pairs.get(e)?.get(r) ?? new Set<number>();
    const visit = (e: number): void => {
      index.set(e, next);
      low.set(e, next++);
      stack.push(e);
      onStack.add(e);
      for (const t of edges(e)) {
        if (!index.has(t)) {
          visit(t);
          low.set(e, Math.min(low.get(e) as number, low.get(t) as number));
        } else if (onStack.has(t)) low.set(e, Math.min(low.get(e) as number, index.get(t) as number));
      }
      if (low.get(e) !== index.get(e)) return;
      const members: number[] = [];
      for (;;) {
        const x = stack.pop() as number;
        onStack.delete(x);
        members.push(x);
        if (x === e) break;
      }
      if (members.length > 1 || edges(e).has(e)) for (const x of members) onCycle.add(x);
    };
    for (const e of this.entities.keys()) if (!index.has(e)) visit(e);
    // Entities that reach a cycle (on one, or related to one that does).
    const cyclic = new Set(onCycle);
    for (let grew = true; grew; ) {
      grew = false;
      for (const e of this.entities.keys()) {
        if (cyclic.has(e) || ![...edges(e)].some((t) => cyclic.has(t))) continue;
        cyclic.add(e);
        grew = true;
      }
    }
    let lastSound = -1;
    let firstOnCycle = order.length;
    for (const [i, e] of order.entries()) {
      if (onCycle.has(e)) firstOnCycle = Math.min(firstOnCycle, i);
      if (cyclic.has(e)) continue;
      lastSound = i;
      for (const t of edges(e)) {
        const j = at.get(t);
        if (j !== undefined && j > i) return `${e} came at ${i}, before its ${r.name} target ${t} at ${j}`;
      }
    }
    if (firstOnCycle < lastSound)
      return `${order[firstOnCycle]} (on a ${r.name} cycle) came at ${firstOnCycle}, before ${order[lastSound]} (on none) at ${lastSound}`;
    return undefined;
  }
}
