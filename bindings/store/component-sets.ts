// Component sets as spawn sees them: a trie keyed by component id in argument order,
// each node caching the table with exactly its components. A cached table is trusted
// only while its record still holds the table it was found as (same creation number)
// and no component began to be tracked since (tracking adds companions to the tables).
import { type Component, type ComponentArg, ComponentInit, type Pair } from "../component.js";
import { KEY } from "../component-keys.js";
import { ArgumentError } from "../errors.js";
import { bareRelation } from "../messages.js";
import { InitLayout, type InitRows } from "./init-rows.js";
import type { Registry } from "./registry.js";
import { checkManyValues, checkValues, copyValues, readOnce } from "./values.js";

/** A set of component ids reached by adding ids in argument order; caches its table. */
export class ComponentSet {
  readonly mask: Uint32Array;
  /** Its component ids, in the order arguments name them. */
  readonly ids: readonly number[];
  readonly next: ComponentSet[] = [];
  /** Where spawn's init values go (made on first use), the row an immediate spawn stages, spare runs. */
  layout: InitLayout | undefined = undefined;
  one: InitRows | undefined = undefined;
  readonly spare: InitRows[] = [];
  /** Made immediate spawns of this set begun (world/made-spawn.ts): a getter's shows there. */
  madeSpawns = 0;
  /** Its world/made-spawn.ts MadeSpawn (null: none; typed loosely to keep store/ free of world/). */
  spawner: unknown = undefined;
  /** The table found for this set, valid while `gen` and `epoch` still match. */
  table = -1;
  gen = -1;
  epoch = -1;
  /** Whether no component is named twice on the path to it. */
  readonly distinct: boolean = true;
  constructor(parent: ComponentSet | undefined, id: number) {
    if (parent === undefined) {
      this.mask = new Uint32Array(0);
      this.ids = [];
      return;
    }
    this.distinct = parent.distinct && !parent.ids.includes(id);
    this.ids = [...parent.ids, id];
    this.mask = new Uint32Array(Math.max(parent.mask.length, (id >>> 5) + 1));
    this.mask.set(parent.mask);
    this.mask[id >>> 5] |= 1 << (id & 31);
  }
}

/** What resolve() found among spawn's arguments, in a record the caller owns and reuses. */
export class Resolved {
  set!: ComponentSet;
  /** spawnMany's init values include views on the world's memory (copy them before a core call). */
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
   * bareTable()'s last arguments (plain components, never an init), the set they lead to,
   * and the registry version then. The memo is read by world/spawn.ts, which compares a
   * spawn's arguments with it in place (an init given to no call stays unallocated).
   */
  memo: readonly ComponentArg[] = [];
  private memoSet: ComponentSet = this.root;
  private memoVersion = -1;
  /** shapeSetFew()'s last components (2 or 3), the set they lead to, and the registry version then. */
  private shape: unknown[] = [];
  private shapeSet: ComponentSet = this.root;
  private shapeVersion = -1;

  /**
   * Walks spawn's arguments: the set of (non-sparse, non-pair) components, checking
   * spawnMany's init values for n entities on the way when `many` (spawn's are checked
   * as they are staged: init-rows.ts). No core call happens here, so callers can copy
   * values that share the world's memory before one may grow it. `unknown` throws for
   * an argument that is not a registered component.
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
      const id = c?.isInit === false ? ids[c[KEY]] : undefined;
      if (id === undefined || registry.components[id] !== c) unknown(c);
      if (c.isRelation) throw new ArgumentError(bareRelation(c.name, many ? "spawnMany" : "spawn"));
      if (registry.sparseFlag[id as number] === 1) {
        // A sparse tag has no fields, but values given to it are checked as a tag's are:
        // only {} (or keys left undefined) passes. Nothing of them is written.
        if (arg.isInit) {
          const { values, each } = arg as ComponentInit;
          if (many) checkManyValues(c, readOnce(values, c), n, strict, buffer, each);
          else checkValues(c, readOnce(values, c), strict);
        }
        out.sparse.push(id as number);
        continue;
      }
      if (many && arg.isInit) {
        // Read once: what is checked is what is written (a getter or Proxy cannot answer twice).
        const given = arg as ComponentInit;
        const init = new ComponentInit(c, readOnce(given.values, c), given.each);
        (args as ComponentArg[])[i] = init;
        shared = checkManyValues(c, init.values, n, strict, buffer, init.each) || shared;
      }
      node = node.next[id as number] ??= new ComponentSet(node, id as number);
    }
    out.set = node;
    out.shared = shared;
    return node;
  }

  /**
   * The cached table of `set`, or -1 when it must be looked up (again): a table id can
   * stand for another table only after the table directory moved its generation on
   * (records recycled or dropped, a snapshot loaded), and tracking a component changes
   * which table a set leads to (epoch).
   */
  cached(set: ComponentSet, tables: { readonly generation: number }): number {
    const t = set.table;
    return t >= 0 && set.epoch === this.epoch && set.gen === tables.generation ? t : set === this.root ? 0 : -1;
  }

  /** Remembers that `set` lives in table t, as the directory's generation `gen` has it. */
  remember(set: ComponentSet, t: number, gen: number): void {
    set.table = t;
    set.gen = gen;
    set.epoch = this.epoch;
  }

  /**
   * spawn's fast path: the set of args when each is a plain registered component (or an
   * init of one) already in the trie, else undefined (resolve() then).
   */
  plainSet(registry: Registry, args: readonly ComponentArg[]): ComponentSet | undefined {
    let node: ComponentSet | undefined = this.root;
    for (let i = 0; i < args.length && node !== undefined; i++) {
      const arg = args[i];
      // Not `typeof arg` (V8 would then allocate the caller's inits, see Deferral.spawnOne):
      // a primitive has no isPair, isInit or key, and so no id.
      if (arg === null || arg === undefined || arg.isPair) return undefined;
      const id = registry.plainOf(arg.isInit ? (arg as ComponentInit).component : arg);
      node = id === undefined ? undefined : node.next[id];
    }
    return node;
  }

  /** bareTable() of the last bare spawn's arguments again (compared by identity), else -1: small enough to inline. */
  memoTable(registry: Registry, args: readonly ComponentArg[], tables: { readonly generation: number }): number {
    const memo = this.memo;
    const n = args.length;
    if (n !== memo.length || this.memoVersion !== registry.version) return -1;
    for (let i = 0; i < n; i++) if (args[i] !== memo[i]) return -1;
    return this.cached(this.memoSet, tables);
  }

  /** The table of memo's set while the registry is as it was when memo was made, else -1 (the caller compared its arguments with memo). */
  memoTableNow(registry: Registry, tables: { readonly generation: number }): number {
    return this.memoVersion === registry.version ? this.cached(this.memoSet, tables) : -1;
  }

  /** The set of the last bare spawn's arguments when they were the n = 2 or 3 of a, b, c (world/spawn.ts spawnLaterFew), else undefined. */
  memoSetFew(
    registry: Registry,
    n: number,
    a: ComponentArg,
    b: ComponentArg,
    c: ComponentArg,
  ): ComponentSet | undefined {
    return isFew(this.memo, n, a, b, c) && this.memoVersion === registry.version ? this.memoSet : undefined;
  }

  /**
   * The set of the n = 2 or 3 components a, b, c (in that order) when each is a plain
   * registered component and none repeats (its trie node made when new), else undefined:
   * for spawns of inits of them (world/spawn.ts spawnLaterFew), which take components
   * only, so that no call takes an init before the made code reads it.
   */
  shapeSetFew(registry: Registry, n: number, a: unknown, b: unknown, c: unknown): ComponentSet | undefined {
    return isFew(this.shape, n, a, b, c) && this.shapeVersion === registry.version
      ? this.shapeSet
      : this.shapeOf(registry, n === 2 ? [a, b] : [a, b, c]);
  }

  /** shapeSetFew() past its memo. */
  private shapeOf(registry: Registry, comps: unknown[]): ComponentSet | undefined {
    let node = this.root;
    for (const c of comps) {
      const id = registry.plainOf(c);
      if (id === undefined) return undefined;
      node = node.next[id] ??= new ComponentSet(node, id);
    }
    if (!node.distinct) return undefined;
    this.shape = comps;
    this.shapeSet = node;
    this.shapeVersion = registry.version;
    return node;
  }

  /**
   * spawn's fastest path: the table of the set of args when each is a bare plain
   * registered component (no init values) and the set's table is known; -1 otherwise.
   */
  bareTable(registry: Registry, args: readonly ComponentArg[], tables: { readonly generation: number }): number {
    // The usual loop spawns the same components again: the last walk's arguments,
    // compared by identity, stand for its set while no key changed its id.
    const memo = this.memo;
    if (args.length === memo.length && this.memoVersion === registry.version) {
      let i = 0;
      while (i < args.length && args[i] === memo[i]) i++;
      if (i === args.length) return this.cached(this.memoSet, tables);
    }
    const node = this.memoize(registry, args);
    return node === undefined ? -1 : this.cached(node, tables);
  }

  /**
   * The set of args when each is a bare plain registered component the trie knows, then
   * remembered as the last bare spawn's (the memo of memoTable and bareTable); else undefined.
   */
  memoize(registry: Registry, args: readonly ComponentArg[]): ComponentSet | undefined {
    let node = this.root;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as Component | null;
      if (arg === null || typeof arg !== "object" || arg.isInit !== false) return undefined;
      const id = registry.plainOf(arg);
      const next = id === undefined ? undefined : node.next[id];
      if (next === undefined) return undefined;
      node = next;
    }
    if (!node.distinct) return undefined; // a component given twice: the general path gives it once
    this.memo = args.slice();
    this.memoSet = node;
    this.memoVersion = registry.version;
    return node;
  }

  /** Where init values of spawns of `set` go. */
  layoutOf(set: ComponentSet, registry: Registry): InitLayout {
    return (set.layout ??= new InitLayout(
      set.ids.map((id) => registry.components[id]),
      set.ids,
    ));
  }
}

/** Whether list is the n = 2 or 3 of a, b, c. */
function isFew(list: readonly unknown[], n: number, a: unknown, b: unknown, c: unknown): boolean {
  return list.length === n && list[0] === a && list[1] === b && (n === 2 || list[2] === c);
}

/**
 * args with each component once, where it first appears, with its last init: a component
 * given twice would take two slots of one staged row, and the later slot's values (or,
 * after a row with values, its defaults) win by slot order. The last init wins; a bare
 * repeat changes nothing (as spawnMany has it). Pairs go as they are (resolve checks them).
 * args itself, with nothing allocated, when no component repeats (the usual case).
 */
export function distinctArgs(args: ComponentArg[]): ComponentArg[] {
  for (let i = 1; i < args.length; i++) {
    const c = componentOf(args[i]);
    if (c !== undefined) for (let j = 0; j < i; j++) if (componentOf(args[j]) === c) return firstOfEach(args);
  }
  return args;
}

/** The component an argument gives (a component or an init of one), else undefined (a pair, no component). */
function componentOf(a: ComponentArg): unknown {
  if (a?.isPair !== false) return undefined;
  return a.isInit ? (a as ComponentInit).component : a;
}

/** distinctArgs() of args in which a component repeats. */
function firstOfEach(args: ComponentArg[]): ComponentArg[] {
  const out: ComponentArg[] = [];
  const at = new Map<unknown, number>();
  for (const a of args) {
    const c = componentOf(a);
    const i = c === undefined ? undefined : at.get(c);
    if (i === undefined) {
      if (c !== undefined) at.set(c, out.length);
      out.push(a);
    } else if (a.isInit) out[i] = a;
  }
  return out;
}

/**
 * Init values with every array copied and every value read once: they may be live views
 * that a flush or growth would change, or hold getters that change the world.
 */
export function copyInits(args: readonly ComponentArg[]): ComponentArg[] {
  return args.map((arg) => {
    // Not arg.isInit: spawnMany copies before it names an argument that is null.
    if ((arg as ComponentArg | null | undefined)?.isInit !== true) return arg;
    const { component, values, each } = arg as ComponentInit;
    return new ComponentInit(component, copyValues(values, component, true, each), each);
  });
}
