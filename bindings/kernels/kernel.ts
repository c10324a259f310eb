// Kernels: AssemblyScript functions compiled to a module that imports the world's memory
// (kernel/index.ts, npx wasm-ecs-kernel), run once per matching table over its columns in
// place. A declaration names the components a kernel writes and reads and its scalar
// arguments; the kernel's parameters are then the row count, one column pointer per
// numeric field of each write component and then each read component (schema order),
// and the scalars. A filtered query (change filters, sparse tags) runs a kernel once per
// run of consecutive matching rows. A kernel built with npx wasm-ecs-kernel has a
// dispatcher (batch.ts): outside debug worlds, an unfiltered query's tables then cost one
// call from JS in all, their arguments written into a call buffer in the world's memory.
//
// Trust model: a kernel is the app's own code, like a JS system, and runs with the same
// rights; the loader only refuses modules whose build would let them write memory on
// their own (module.ts). A trap poisons the world (its columns may be half-written);
// in a debug world every call is followed by the core's invariant walk and a check that
// no byte outside the kernel's write columns changed.
import type { Component } from "../component.js";
import { H_HEAP_TOP } from "../core/constants.generated.js";
import { ArgumentError, KernelError, MissingComponentError } from "../errors.js";
import {
  describeValue,
  foreignQuery,
  kernelArgs,
  kernelColumnType,
  kernelDeclaration,
  kernelGrew,
  kernelOutside,
  kernelQuery,
  kernelScalar,
  kernelScalarValue,
  kernelSignature,
  kernelSystemArgs,
  kernelTrap,
  noKernel,
  runKernelOver,
  tableSubject,
  writeReadTerm,
} from "../messages.js";
import { Query } from "../query/query.js";
import type { FieldInfo } from "../schema.js";
import type { Store } from "../store/store.js";
import type { Table } from "../store/table.js";
import type { SystemContext, SystemFn } from "../world/systems.js";
import { dispatcherOf, GREW, isDispatcher, MAX_DISPATCHED_ARGS, SHIFT, TableRecords } from "./batch.js";
import type { KernelSignature, ValType } from "./module.js";

/** What a kernel is declared to touch: components it writes, components it reads, scalar names. */
export interface KernelDeclaration {
  readonly write?: readonly Component[];
  readonly read?: readonly Component[];
  readonly scalars?: readonly string[];
}

/** The scalar arguments of a kernel declared with scalars S: `{ dt: number }`. */
export type Scalars<S extends readonly string[]> = { readonly [K in S[number]]: number };

export type Fn = (...args: number[]) => unknown;

/** What kernels need of their world (kept apart from the World so this layer stays below it). */
export interface KernelHost {
  readonly store: Store;
  /** The world's query for these terms. */
  query(terms: { write: readonly Component[]; read: readonly Component[] }): Query;
  /** Whether q is a query of this world (a kernel runs at its tables' addresses in this world's memory). */
  owns(q: Query): boolean;
}

/** ArgumentError unless q is a query of the host's world: `method` names the call. */
export function checkQuery(host: KernelHost, q: unknown, method: string): asserts q is Query {
  if (!(q instanceof Query)) throw new ArgumentError(kernelQuery(method, q));
  if (!host.owns(q)) throw new ArgumentError(foreignQuery(method));
}

/** One column parameter of a kernel: a numeric field of a component, written or only read. */
export interface ColumnParam {
  readonly c: Component;
  readonly id: number;
  readonly f: FieldInfo;
  readonly write: boolean;
}

/** A kernel's parameters after the row count: its columns, then its scalars. */
export interface KernelPlan {
  readonly columns: readonly ColumnParam[];
  readonly scalars: readonly string[];
}

/** The plan of a declaration: every numeric field of each write component, then of each read component. */
export function planOf(store: Store, name: string, decl: KernelDeclaration): KernelPlan {
  for (const key of ["write", "read", "scalars"] as const) {
    const list: unknown = decl[key];
    const names = key === "scalars";
    if (list !== undefined && (!Array.isArray(list) || (names && list.some((v) => typeof v !== "string"))))
      throw new KernelError(
        kernelDeclaration(name, `${key} is ${describeValue(list)}, not an array${names ? " of names" : ""}`),
      );
  }
  const columns: ColumnParam[] = [];
  const add = (list: readonly Component[] | undefined, write: boolean) => {
    for (const c of list ?? []) {
      const id = store.registry.idOf(c);
      if (c.objectFields.length > 0 || c.isRelation)
        throw new KernelError(
          kernelDeclaration(name, `${c.name} has fields that live in JS ("object") or is a relation`),
        );
      for (const f of c.fields) columns.push({ c, id, f, write });
    }
  };
  add(decl.write, true);
  add(decl.read, false);
  return { columns, scalars: decl.scalars ?? [] };
}

export class Kernel<S extends readonly string[] = readonly string[]> {
  readonly name: string;
  /** `name.run`, as errors of run() name the call. */
  private readonly runName: string;
  private readonly fn: Fn;
  private readonly host: KernelHost;
  private readonly columns: readonly ColumnParam[];
  private readonly scalars: readonly string[];
  /** The components written (marked changed) and the ones only read. */
  private readonly written: readonly Component[];
  private readonly readOnly: readonly Component[];
  private defaultQuery: Query | undefined;
  /** The call's arguments, reused: count, column pointers, scalars. */
  private readonly argv: number[];
  /** The dispatcher (batch.ts) and the kernel's parameter types, or undefined: one call per table. */
  private readonly each: Fn | undefined;
  private readonly types: readonly ValType[];
  /** Dispatcher records per query, and the last query's. */
  private readonly records = new WeakMap<Query, TableRecords>();
  private lastQuery: Query | undefined = undefined;
  private lastRecords: TableRecords | undefined = undefined;
  /** Component ids of `written`. */
  private readonly writtenIds: readonly number[];
  /** Per scalar, the integers its parameter takes ([type, lo, hi]), or undefined for a float (every number). */
  private readonly ints: readonly (readonly [string, number, number] | undefined)[];

  /**
   * @internal Made by KernelModule.kernel() and the built-ins. `sig` undefined: only the
   * arity can be checked (a module given compiled that was not built by npx wasm-ecs-kernel).
   */
  constructor(host: KernelHost, name: string, fn: Fn, sig: KernelSignature | undefined, plan: KernelPlan, each?: Fn) {
    this.name = name;
    this.runName = `${name}.run`;
    this.fn = fn;
    this.host = host;
    this.columns = plan.columns;
    this.scalars = plan.scalars;
    const written = new Set(plan.columns.filter((k) => k.write).map((k) => k.c));
    this.written = [...written];
    this.readOnly = [...new Set(plan.columns.filter((k) => !written.has(k.c)).map((k) => k.c))];
    const nc = plan.columns.length;
    const expected = ["i32", ...plan.columns.map(() => "i32"), ...plan.scalars.map(() => "f32|f64|i32")];
    const names = ["count", ...plan.columns.map((k) => `${k.c.name}.${k.f.name}`), ...plan.scalars];
    const ok =
      sig === undefined
        ? fn.length === expected.length
        : sig.params.length === expected.length &&
          sig.params.every((p, i) => (i <= nc ? p === "i32" : p === "f32" || p === "f64" || p === "i32")) &&
          sig.results.length === 0;
    if (!ok) {
      const params = sig?.params ?? Array.from({ length: fn.length }, () => "?");
      throw new KernelError(kernelSignature(name, params, sig?.results ?? [], names, expected));
    }
    // Every column is an i32 pointer: only the element types the build named tell a
    // Write<i32> from a Write<u8>, which would write 4 bytes a row into a 1-byte column.
    plan.columns.forEach(({ c, f }, i) => {
      const element = sig?.elements?.[i + 1];
      if (typeof element === "string" && element !== f.scalar)
        throw new KernelError(kernelColumnType(name, i + 1, `${c.name}.${f.name}`, element, f.scalar));
    });
    this.argv = new Array(expected.length).fill(0);
    // Slots are written by type: without the signature, the scalars' types are unknown.
    this.types = sig?.params ?? [];
    this.each = sig !== undefined && expected.length <= MAX_DISPATCHED_ARGS ? each : undefined;
    this.writtenIds = this.written.map((c) => host.store.registry.idOf(c));
    this.ints = plan.scalars.map((_, s) => integers(sig, 1 + nc + s));
  }

  /**
   * Runs the kernel over every table (its matching rows) of `query`, default the query of its write and
   * read components. Write components count as written (change detection). Inside a system, use system().
   */
  run(args: Scalars<S>, query?: Query): void {
    const store = this.host.store;
    store.core.check();
    if (query !== undefined) checkQuery(this.host, query, this.runName);
    const q = query ?? (this.defaultQuery ??= this.host.query({ write: this.written, read: this.readOnly }));
    const argv = this.argv;
    const nc = this.columns.length;
    if (this.scalars.length > 0 && (typeof args !== "object" || args === null))
      throw new ArgumentError(kernelArgs(this.name, this.scalars, args));
    for (let s = 0; s < this.scalars.length; s++) {
      const v = (args as Record<string, unknown>)[this.scalars[s]];
      if (typeof v !== "number") throw new ArgumentError(kernelScalarValue(this.name, this.scalars[s], v));
      // A wasm i32 would take 2.7 as 2, NaN as 0 and 2 ** 40 wrapped: refused instead.
      const int = this.ints[s];
      if (int !== undefined && !(Number.isInteger(v) && v >= int[1] && v <= int[2]))
        throw new ArgumentError(kernelScalar(this.name, this.scalars[s], ...int, v));
      argv[1 + nc + s] = v;
    }
    if (q.filter === undefined) {
      if (this.each !== undefined && !store.debug) {
        this.runEach(q);
        return;
      }
      // As through the dispatcher: a table lacking a column stops the run before any table ran.
      for (const t of q.tables()) if (t.refresh() > 0) this.checkColumns(t);
    }
    for (const t of q) {
      // A filtered query's table holds exactly its matching rows: one call covers them.
      this.prepare(t);
      this.call(t, 0, t.count);
    }
  }

  /** A system function running this kernel over the system's query: `world.system(name, terms, k.system(ctx => ({ dt: ctx.dt })))`. */
  system<W>(args?: (ctx: SystemContext<W>) => Scalars<S>): SystemFn<W, Query> {
    if (args !== undefined && typeof args !== "function") throw new ArgumentError(kernelSystemArgs(this.name, args));
    return (q, ctx) => this.run(args === undefined ? ({} as Scalars<S>) : args(ctx), q);
  }

  /** Marks the written components and checks the table has every column. */
  private prepare(t: Table): void {
    this.checkColumns(t);
    for (const c of this.written) t.markWritten(c);
  }

  /** MissingComponentError when t lacks a component the kernel declared. */
  private checkColumns(t: Table): void {
    const c = this.missingColumn(t);
    if (c !== undefined) throw new MissingComponentError(tableSubject(t.describe()), c.name, runKernelOver(this.name));
  }

  /** The first component the kernel declared that t lacks (written ones first), or undefined. */
  private missingColumn(t: Table): Component | undefined {
    for (const c of this.written) if (!t.has(c)) return c;
    for (const c of this.readOnly) if (!t.has(c)) return c;
    return undefined;
  }

  /**
   * run() through the dispatcher (batch.ts): one call from JS per scratch block full of
   * table records, kept per query while its tables and the layout stay put. Tables that
   * lack a declared column are refused once they have rows, before anything runs. No
   * iteration is opened: a kernel makes no structural change, and no JS runs between its calls.
   */
  private runEach(q: Query): void {
    const store = this.host.store;
    const core = store.core;
    const readMask = q.readMask;
    if (readMask !== undefined)
      for (let i = 0; i < this.written.length; i++) {
        const id = this.writtenIds[i];
        if ((readMask[id >>> 5] ?? 0) & (1 << (id & 31))) throw new ArgumentError(writeReadTerm(this.written[i].name));
      }
    const list = q.tables();
    let records = this.lastQuery === q ? this.lastRecords : this.records.get(q);
    if (
      records === undefined ||
      records.list !== list ||
      records.length !== list.length ||
      records.epoch !== core.epoch
    ) {
      records = new TableRecords(
        list,
        list.length,
        core.epoch,
        core,
        this.argv.length,
        this.columns,
        (t) => this.missingColumn(t) === undefined,
      );
      this.records.set(q, records);
    }
    this.lastQuery = q;
    this.lastRecords = records;
    // Indexed loops and guards: this runs once per kernel run, and packed_5-like steps make
    // several runs over one small table, where each for-of or call here costs as much as
    // a few dozen rows of the kernel.
    const lacking = records.lacking;
    for (let i = 0; i < lacking.length; i++) if (lacking[i].refresh() > 0) this.checkColumns(lacking[i]);
    // Marks as write() sets them; a table an enclosing loop holds with read terms refuses them.
    const ids = this.writtenIds;
    let tracked = false;
    for (let i = 0; i < ids.length; i++) tracked ||= store.changes.isTracked(ids[i]);
    const tables = records.tables;
    for (let i = 0; i < tables.length; i++) {
      const t = tables[i];
      if (!tracked && t.readTerms === undefined) continue;
      if (t.refresh() > 0) for (const c of this.written) t.markWritten(c);
    }
    if (this.scalars.length > 0) records.setScalars(this.argv, this.types);
    records.run(core, this.each as Fn, this.trapped);
  }

  /** The error for a trap (or a growth: GREW) in table t (undefined when not known): the world is poisoned. */
  private readonly trapped = (error: unknown, t: Table | undefined): Error => {
    const table = t?.describe();
    if (error === GREW) return this.host.store.core.kill(kernelGrew(this.name, table));
    const cause = error instanceof Error ? error.message : String(error);
    return this.host.store.core.kill(kernelTrap(this.name, table ?? "?", cause));
  };

  /** Calls the kernel for rows first .. first + n - 1 of t. */
  private call(t: Table, first: number, n: number): void {
    const argv = this.argv;
    const columns = this.columns;
    argv[0] = n;
    for (let k = 0; k < columns.length; k++) {
      const { c, id, f } = columns[k];
      argv[1 + k] = (t.fieldBases(id, c)[f.index] + first * f.length) << SHIFT[f.code];
    }
    const store = this.host.store;
    const guard = store.debug ? this.outsideGuard(t, n) : undefined;
    try {
      callWith(this.fn, argv);
    } catch (error) {
      throw this.trapped(error, t);
    }
    // The world's views detached: the kernel grew an unshared memory.
    if (store.core.u32.length === 0) throw this.trapped(GREW, t);
    if (guard !== undefined) guard();
  }

  /** Debug worlds: the memory copied before the call; after it, the core's walk and a check that only the write columns' rows changed. */
  private outsideGuard(t: Table, n: number): () => void {
    const core = this.host.store.core;
    const top = core.header(H_HEAP_TOP);
    const before = core.u8.slice(0, top);
    const ranges: [number, number][] = [];
    for (let k = 0; k < this.columns.length; k++) {
      const { f, write } = this.columns[k];
      if (!write) continue;
      const start = this.argv[1 + k];
      ranges.push([start, start + n * f.bytes]);
    }
    ranges.sort((a, b) => a[0] - b[0]);
    return () => {
      core.checkInvariants();
      const after = core.u8;
      let r = 0;
      for (let i = 0; i < top; i++) {
        while (r < ranges.length && i >= ranges[r][1]) r++;
        if (r < ranges.length && i >= ranges[r][0]) {
          i = ranges[r][1] - 1;
          continue;
        }
        if (after[i] !== before[i]) throw core.kill(kernelOutside(this.name, t.describe(), i));
      }
    };
  }
}

/** The kernels a module exports, bound to one world's memory. */
export class KernelModule {
  /** @internal Made by world.kernels(). */
  constructor(
    private readonly host: KernelHost,
    private readonly exports: Record<string, unknown>,
    /** Signatures by export name, or undefined for a module given compiled without them (arity checks only). */
    private readonly signatures: ReadonlyMap<string, KernelSignature> | undefined,
  ) {}

  /** The names of the functions the module exports. */
  get names(): string[] {
    const all =
      this.signatures !== undefined
        ? [...this.signatures.keys()]
        : Object.keys(this.exports).filter((k) => typeof this.exports[k] === "function");
    return all.filter((k) => !isDispatcher(k));
  }

  /**
   * The kernel exported as `name`, declared to write `write` and read `read` (components,
   * in parameter order) with scalar arguments `scalars`. KernelError when its signature
   * does not match the declaration.
   */
  kernel<const S extends readonly string[] = []>(
    name: string,
    declaration: KernelDeclaration & { readonly scalars?: S },
  ): Kernel<S> {
    this.host.store.core.check();
    if (typeof name !== "string") throw new KernelError(noKernel(String(name), this.names));
    const sig = this.signatures?.get(name);
    const fn = this.exports[name];
    if ((this.signatures !== undefined && sig === undefined) || typeof fn !== "function" || isDispatcher(name))
      throw new KernelError(noKernel(name, this.names));
    if (declaration === null || typeof declaration !== "object")
      throw new KernelError(kernelDeclaration(name, `the declaration is ${String(declaration)}`));
    const plan = planOf(this.host.store, name, declaration);
    return new Kernel<S>(this.host, name, fn as Fn, sig, plan, this.dispatcher(name));
  }

  /** Kernel `name`'s dispatcher (batch.ts), when the module has one of the expected type. */
  private dispatcher(name: string): Fn | undefined {
    const each = this.exports[dispatcherOf(name)];
    const sig = this.signatures?.get(dispatcherOf(name));
    const fits =
      sig !== undefined && sig.results.length === 0 && sig.params.length === 2 && sig.params.every((p) => p === "i32");
    return typeof each === "function" && fits ? (each as Fn) : undefined;
  }
}

/** fn(...argv) without a spread for the usual arities. */
function callWith(fn: Fn, a: number[]): void {
  switch (a.length) {
    case 1:
      fn(a[0]);
      return;
    case 2:
      fn(a[0], a[1]);
      return;
    case 3:
      fn(a[0], a[1], a[2]);
      return;
    case 4:
      fn(a[0], a[1], a[2], a[3]);
      return;
    case 5:
      fn(a[0], a[1], a[2], a[3], a[4]);
      return;
    case 6:
      fn(a[0], a[1], a[2], a[3], a[4], a[5]);
      return;
    case 7:
      fn(a[0], a[1], a[2], a[3], a[4], a[5], a[6]);
      return;
    default:
      fn(...a);
  }
}

/**
 * The integers parameter p takes ([type, lo, hi]): by the AssemblyScript type the kernel
 * build named (i8 .. u32, isize and usize as on wasm32, bool), else by its wasm type (an
 * i32 is read as signed or unsigned: either range); undefined for a float, or when the
 * signature is unknown (a module given compiled, built otherwise).
 */
function integers(sig: KernelSignature | undefined, p: number): readonly [string, number, number] | undefined {
  if (sig?.params[p] !== "i32") return undefined;
  const named = String(sig.scalarTypes?.[p]);
  if (named === "bool") return [named, 0, 1];
  const m = /^([iu])(8|16|32|size)$/.exec(named);
  if (m === null) return ["i32", -(2 ** 31), 2 ** 32 - 1];
  const bits = m[2] === "size" ? 32 : Number(m[2]);
  return m[1] === "u" ? [named, 0, 2 ** bits - 1] : [named, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1];
}
