// Component sets as spawn sees them: a trie keyed by component id in argument order,
// each node caching the table with exactly its components. A cached table is trusted
// only while its record still holds the table it was found as (same creation number)
// and no component began to be tracked since (tracking adds companions to the tables).
import { type Component, type ComponentArg, ComponentInit, type Pair } from "../component.js";
import type { Registry } from "./registry.js";
import { checkManyValues, checkValues, copyValues, sharesBuffer } from "./values.js";

/** A set of component ids reached by adding ids in argument order; caches its table. */
export class ComponentSet {
  readonly mask: Uint32Array;
  readonly next: ComponentSet[] = [];
  /** The table found for this set, valid while `seq` and `epoch` still match. */
  table = -1;
  seq = -1;
  epoch = -1;
  constructor(parent: ComponentSet | undefined, id: number) {
    if (parent === undefined) {
      this.mask = new Uint32Array(0);
      return;
    }
    this.mask = new Uint32Array(Math.max(parent.mask.length, (id >>> 5) + 1));
    this.mask.set(parent.mask);
    this.mask[id >>> 5] |= 1 << (id & 31);
  }
}

/** What resolve() found among spawn's arguments, in a record the caller owns and reuses. */
export class Resolved {
  set!: ComponentSet;
  /** Some argument carries init values. */
  inits = false;
  /** Some of those values are views on the world's memory (copy them before a core call). */
  shared = false;
  /** Ids of the sparse tags among the arguments. */
  readonly sparse: number[] = [];
  /** The relation pairs among the arguments. */
  readonly pairs: Pair[] = [];
}

export class ComponentSets {
  readonly root = new ComponentSet(undefined, -1);
  /** Bumped when cached tables may be wrong for every set (a component began to be tracked). */
  epoch = 0;

  /**
   * Walks spawn's arguments: the set of (non-sparse, non-pair) components, checking init
   * values on the way (for spawnMany of n entities when `many`). No core call happens
   * here, so callers can copy values that share the world's memory before one may grow
   * it. `unknown` throws for an argument that is not a registered component.
   */
  resolve(
    registry: Registry,
    args: readonly ComponentArg[],
    many: boolean,
    n: number,
    strict: boolean,
    buffer: ArrayBufferLike,
    unknown: (c: unknown) => never,
    out: Resolved,
  ): ComponentSet {
    let node = this.root;
    let inits = false;
    let shared = false;
    if (out.sparse.length > 0) out.sparse.length = 0;
    if (out.pairs.length > 0) out.pairs.length = 0;
    const ids = registry.ids;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if ((arg as Pair)?.isPair === true) {
        out.pairs.push(arg as Pair);
        continue;
      }
      const c = arg?.isInit === true ? (arg as ComponentInit).component : (arg as Component);
      const id = c?.isInit === false ? ids[c.key] : undefined;
      if (id === undefined) unknown(c);
      if (registry.sparseFlag[id as number] === 1) {
        out.sparse.push(id as number);
        continue;
      }
      if (arg.isInit) {
        inits = true;
        const init = arg as ComponentInit;
        // Non-strict checks ran when the init was made (Component.with); strict ones and
        // spawnMany's per-entity ones need this world.
        if (many) shared = checkManyValues(c, init.values, n, strict, buffer, init.each) || shared;
        else if (strict) shared = checkValues(c, init.values, true, buffer) || shared;
        else if (init.arrays && sharesBuffer(c, init.values, buffer)) shared = true;
      }
      node = node.next[id as number] ??= new ComponentSet(node, id as number);
    }
    out.set = node;
    out.inits = inits;
    out.shared = shared;
    return node;
  }

  /** The cached table of `set`, or -1 when it must be looked up (again). */
  cached(set: ComponentSet, records: { seqOf(t: number): number }): number {
    if (set === this.root) return 0;
    const t = set.table;
    return t >= 0 && set.epoch === this.epoch && records.seqOf(t) === set.seq ? t : -1;
  }

  /** Remembers that `set` lives in table t (creation number seq). */
  remember(set: ComponentSet, t: number, seq: number): void {
    set.table = t;
    set.seq = seq;
    set.epoch = this.epoch;
  }
}

/** Init values with every array copied: they may be live views that a flush or growth would change. */
export function copyInits(args: readonly ComponentArg[]): ComponentArg[] {
  return args.map((arg) =>
    arg.isInit ? new ComponentInit(arg.component, copyValues(arg.values, arg.component), arg.each) : arg,
  );
}
