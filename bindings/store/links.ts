// Non-fragmenting relations (relation(name, { fragmenting: false })): their pairs live
// here, outside the archetype, so adding or removing one never moves a row and n pairs
// on one entity cost O(n) in all. Per relation two maps of sets: source -> targets and
// target -> sources (for destroying a target). The relation's sparse bitset
// (store/sparse.ts) has the bit of every entity holding at least one of its pairs, which
// is what `R.to("*")` and the bare relation mean in queries.
// Invariants: (e, t) is in out[e] exactly when it is in in[t]; no set is empty; both
// ends of every pair are live entities (destroys forget them); e's bit is set exactly
// when out[e] exists; an exclusive relation's out sets hold one target.
import type { SparseTags } from "./sparse.js";

class Pairs {
  readonly out = new Map<number, Set<number>>();
  readonly in = new Map<number, Set<number>>();
  constructor(
    readonly id: number,
    readonly exclusive: boolean,
    /** onTargetDestroyed: "destroy". */
    readonly destroys: boolean,
  ) {}
}

/** One non-fragmenting relation's pairs as a snapshot keeps them: source, target, source, target, ... */
export interface LinksState {
  readonly id: number;
  readonly pairs: readonly number[];
}

export class Links {
  private readonly byId: (Pairs | undefined)[] = [];
  /** Ids of every non-fragmenting relation. */
  readonly ids: number[] = [];
  private readonly sparse: SparseTags;

  constructor(sparse: SparseTags) {
    this.sparse = sparse;
  }

  /** Registers relation id (a sparse bitset of the same id exists already). */
  add(id: number, exclusive: boolean, destroys: boolean): void {
    this.byId[id] = new Pairs(id, exclusive, destroys);
    this.ids.push(id);
  }

  /** Whether id is a non-fragmenting relation. */
  isLinked(id: number): boolean {
    return this.byId[id] !== undefined;
  }

  /** Whether e holds the pair (id, target). */
  has(id: number, e: number, target: number): boolean {
    return (this.byId[id] as Pairs).out.get(e)?.has(target) === true;
  }

  /** e's targets of relation id, ascending. */
  targets(id: number, e: number): number[] {
    const set = (this.byId[id] as Pairs).out.get(e);
    return set === undefined ? [] : Array.from(set).sort((a, b) => a - b);
  }

  /** How many pairs relation id holds. */
  count(id: number): number {
    let n = 0;
    for (const set of (this.byId[id] as Pairs).out.values()) n += set.size;
    return n;
  }

  /**
   * Adds (id, target) to e (both alive; the caller checked); an exclusive relation's
   * old target goes. False when e held it already. Setting e's bit may need memory:
   * a CapacityError then comes before anything changed.
   */
  link(id: number, e: number, target: number): boolean {
    const r = this.byId[id] as Pairs;
    let set = r.out.get(e);
    if (set?.has(target)) return false;
    if (set === undefined) {
      this.sparse.set(id, e, true);
      set = new Set();
      r.out.set(e, set);
    } else if (r.exclusive) {
      for (const old of set) this.dropSource(r, old, e);
      set.clear();
    }
    set.add(target);
    const sources = r.in.get(target);
    if (sources === undefined) r.in.set(target, new Set([e]));
    else sources.add(e);
    this.sparse.flips++;
    return true;
  }

  /** Takes (id, target) off e; false when e did not hold it. Needs no memory. */
  unlink(id: number, e: number, target: number): boolean {
    const r = this.byId[id] as Pairs;
    const set = r.out.get(e);
    if (set === undefined || !set.delete(target)) return false;
    this.dropSource(r, target, e);
    if (set.size === 0) this.dropOut(r, e);
    this.sparse.flips++;
    return true;
  }

  /** Takes every pair of relation id off e; false when it held none. */
  unlinkAll(id: number, e: number): boolean {
    const r = this.byId[id] as Pairs;
    const set = r.out.get(e);
    if (set === undefined) return false;
    for (const t of set) this.dropSource(r, t, e);
    this.dropOut(r, e);
    this.sparse.flips++;
    return true;
  }

  /** Whether some pair names e as its target. */
  isTarget(e: number): boolean {
    for (let k = 0; k < this.ids.length; k++) if ((this.byId[this.ids[k]] as Pairs).in.has(e)) return true;
    return false;
  }

  /**
   * The live sources that die with the doomed entities (pairs of "destroy" relations
   * whose target is doomed) and are not doomed yet; empty when there are none.
   */
  dependents(doomed: ArrayLike<number>): number[] {
    const out: number[] = [];
    let seen: Set<number> | undefined;
    for (let k = 0; k < this.ids.length; k++) {
      const r = this.byId[this.ids[k]] as Pairs;
      if (!r.destroys || r.in.size === 0) continue;
      for (let i = 0; i < doomed.length; i++) {
        const sources = r.in.get(doomed[i]);
        if (sources === undefined) continue;
        seen ??= new Set(Array.from(doomed));
        for (const s of sources) {
          if (seen.has(s)) continue;
          seen.add(s);
          out.push(s);
        }
      }
    }
    return out;
  }

  /** Forgets every pair the listed entities hold or are the target of (they were destroyed). */
  forget(ids: ArrayLike<number>): void {
    let changed = false;
    for (let k = 0; k < this.ids.length; k++) {
      const r = this.byId[this.ids[k]] as Pairs;
      if (r.out.size === 0) continue;
      for (let i = 0; i < ids.length; i++) {
        const e = ids[i];
        const set = r.out.get(e);
        if (set !== undefined) {
          changed = true;
          for (const t of set) this.dropSource(r, t, e);
          this.dropOut(r, e);
        }
        const sources = r.in.get(e);
        if (sources === undefined) continue;
        r.in.delete(e);
        changed = true;
        for (const s of sources) {
          const targets = r.out.get(s) as Set<number>;
          targets.delete(e);
          if (targets.size === 0) this.dropOut(r, s);
        }
      }
    }
    // Filtered loops' cached row answers stay good when no pair changed (most destroys).
    if (changed) this.sparse.flips++;
  }

  /** @internal Every relation's pairs, for snapshots. */
  state(): LinksState[] {
    return this.ids.map((id) => {
      const pairs: number[] = [];
      for (const [e, set] of (this.byId[id] as Pairs).out) for (const t of set) pairs.push(e, t);
      return { id, pairs };
    });
  }

  /** @internal Takes the pairs of a restored snapshot (checked; the bitsets came with its memory). */
  adopt(state: readonly LinksState[]): void {
    for (const id of this.ids) {
      const r = this.byId[id] as Pairs;
      r.out.clear();
      r.in.clear();
    }
    for (const { id, pairs } of state) {
      const r = this.byId[id] as Pairs;
      for (let i = 0; i < pairs.length; i += 2) {
        const e = pairs[i];
        const t = pairs[i + 1];
        const set = r.out.get(e);
        if (set === undefined) r.out.set(e, new Set([t]));
        else set.add(t);
        const sources = r.in.get(t);
        if (sources === undefined) r.in.set(t, new Set([e]));
        else sources.add(e);
      }
    }
    this.sparse.flips++;
  }

  /**
   * The first broken invariant (see the header) as text, or undefined; `alive` tells a
   * live entity. For the tests' invariant walk.
   */
  problem(alive: (e: number) => boolean): string | undefined {
    for (const id of this.ids) {
      const r = this.byId[id] as Pairs;
      let sources = 0;
      for (const [e, set] of r.out) {
        if (set.size === 0 || !alive(e)) return `relation ${id}: entity ${e} has an empty or dead entry`;
        if (r.exclusive && set.size > 1) return `relation ${id}: exclusive, entity ${e} has ${set.size} targets`;
        if (!this.sparse.has(id, e)) return `relation ${id}: entity ${e} holds pairs without its bit`;
        for (const t of set)
          if (!alive(t) || r.in.get(t)?.has(e) !== true) return `relation ${id}: pair (${e}, ${t}) is one-sided`;
        sources += set.size;
      }
      let back = 0;
      for (const set of r.in.values()) back += set.size;
      if (back !== sources) return `relation ${id}: ${sources} pairs by source, ${back} by target`;
      const [at, words] = this.sparse.words(id);
      let bits = 0;
      for (let w = 0; w < words; w++) for (let x = this.sparse.word(at + w); x !== 0; x &= x - 1) bits++;
      if (bits !== r.out.size) return `relation ${id}: ${bits} bits for ${r.out.size} sources`;
    }
    return undefined;
  }

  /** e no longer names target as a source of it. */
  private dropSource(r: Pairs, target: number, e: number): void {
    const sources = r.in.get(target);
    if (sources === undefined) return;
    sources.delete(e);
    if (sources.size === 0) r.in.delete(target);
  }

  /** e holds no pair of r any more: its entry and its bit go (clearing a bit needs no memory). */
  private dropOut(r: Pairs, e: number): void {
    r.out.delete(e);
    this.sparse.set(r.id, e, false);
  }
}
