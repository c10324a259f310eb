// The built-in kernels (kernel/builtins.ts, dist/kernels.wasm): common column operations
// over f32 fields of a query's tables, SIMD inside, usable without writing any
// AssemblyScript. A field is named as [Component, "field"].
//
//   k.add(q, [Position, "x"], [Velocity, "x"])             Position.x += Velocity.x
//   k.scale(q, [Velocity, "x"], 0.99)                      Velocity.x *= 0.99
//   k.addScaled(q, [Position, "x"], [Velocity, "x"], dt)   Position.x += Velocity.x * dt
//   k.clamp(q, [Position, "x"], 0, 100)                    Position.x = min(max(Position.x, 0), 100)
import { Component } from "../component.js";
import { isOwnComponent, KEY } from "../component-keys.js";
import { ArgumentError, KernelError } from "../errors.js";
import { builtinField, builtinScalar, componentArg, describeValue, show, unknownField } from "../messages.js";
import type { Query } from "../query/query.js";
import type { Schema } from "../schema.js";
import { dispatcherOf } from "./batch.js";
import { type ColumnParam, checkQuery, type Fn, Kernel, type KernelHost } from "./kernel.js";
import type { ValType } from "./module.js";

/** The names of schema S's f32 fields (the built-ins compute in f32). */
type F32Field<S extends Schema> = { [K in keyof S & string]: S[K] extends "f32" ? K : never }[keyof S & string];

/** An f32 field of a component: `[Position, "x"]` (for a component whose schema is not known, every name). */
export type FieldRef<S extends Schema = Schema> = readonly [Component<S>, Schema extends S ? string : F32Field<S>];

/**
 * A built-in's scalar argument: ArgumentError, naming it, unless a number other than NaN
 * (which would spoil every row), and finite as an f32 (within ±3.4e38: the kernels
 * compute in f32) unless `bound` (a clamp's open side: ±Infinity).
 */
function scalar(kernel: string, name: string, value: unknown, bound = false): number {
  const ok = typeof value === "number" && (bound ? !Number.isNaN(value) : Number.isFinite(Math.fround(value)));
  if (!ok) throw new ArgumentError(builtinScalar(kernel, name, value, bound));
  return value as number;
}

export class BuiltinKernels {
  private readonly kernels = new Map<string, Kernel>();

  /** @internal Made by world.builtinKernels(). */
  constructor(
    private readonly host: KernelHost,
    private readonly exports: Record<string, unknown>,
  ) {}

  /** dst += src, row by row. */
  add<D extends Schema, R extends Schema>(query: Query, dst: FieldRef<D>, src: FieldRef<R>): void {
    this.kernel("add", query, [dst], [src], []).run({}, query);
  }

  /** dst *= s. */
  scale<D extends Schema>(query: Query, dst: FieldRef<D>, s: number): void {
    this.kernel("scale", query, [dst], [], ["s"]).run({ s: scalar("scale", "s", s) }, query);
  }

  /** dst += src * s (position += velocity * dt). */
  addScaled<D extends Schema, R extends Schema>(query: Query, dst: FieldRef<D>, src: FieldRef<R>, s: number): void {
    this.kernel("addScaled", query, [dst], [src], ["s"]).run({ s: scalar("addScaled", "s", s) }, query);
  }

  /** dst = min(max(dst, lo), hi). */
  clamp<D extends Schema>(query: Query, dst: FieldRef<D>, lo: number, hi: number): void {
    const k = this.kernel("clamp", query, [dst], [], ["lo", "hi"]);
    k.run({ lo: scalar("clamp", "lo", lo, true), hi: scalar("clamp", "hi", hi, true) }, query);
  }

  /**
   * The built-in `name` bound to these fields (made once per combination), after checking
   * that `query` is one of this world's (ArgumentError) and the fields are field refs (KernelError).
   */
  private kernel(name: string, query: unknown, given: FieldRef[], givenRead: FieldRef[], scalars: string[]): Kernel {
    checkQuery(this.host, query, name);
    // Each ref read once (a getter or a Proxy answers once): the key and the kernel are of the same fields.
    const write = given.map(ownRef);
    const read = givenRead.map(ownRef);
    let key = name;
    for (let i = 0; i < write.length; i++) key += `|${write[i][0][KEY]}.${write[i][1]}`;
    for (let i = 0; i < read.length; i++) key += `|${read[i][0][KEY]}.${read[i][1]}`;
    let k = this.kernels.get(key);
    if (k === undefined) {
      const columns = [...write.map((r) => this.column(r, true)), ...read.map((r) => this.column(r, false))];
      // The package built these: their signature is the plan's, f32 scalars.
      const params: ValType[] = ["i32", ...columns.map((): ValType => "i32"), ...scalars.map((): ValType => "f32")];
      const each = this.exports[dispatcherOf(name)] as Fn | undefined;
      k = new Kernel(this.host, name, this.exports[name] as Fn, { params, results: [] }, { columns, scalars }, each);
      this.kernels.set(key, k);
    }
    return k;
  }

  private column([c, name]: FieldRef, write: boolean): ColumnParam {
    const id = this.host.store.registry.idOf(c);
    const f = c.fieldByName.get(name);
    if (f === undefined) throw new KernelError(builtinField(unknownField(c.name, name, c.fieldNames())));
    if (f.scalar !== "f32" || f.isArray)
      throw new KernelError(builtinField(`${c.name}.${f.name} is ${f.scalar}${f.isArray ? ` x ${f.length}` : ""}`));
    return { c, id, f, write };
  }
}

/**
 * A field ref as read once, checked: KernelError unless it is [a component this copy made
 * (the very object: keys are unique to one, so a kernel cached for it is found only by it;
 * whether this world has it, the registry says), a field name].
 */
function ownRef(ref: unknown): FieldRef {
  const pair = Array.isArray(ref) && ref.length === 2;
  const c: unknown = pair ? ref[0] : undefined;
  const field: unknown = pair ? ref[1] : undefined;
  if (!pair || !isOwnComponent(c) || typeof field !== "string") {
    const shown = c instanceof Component && !isOwnComponent(c) ? `a stand-in for ${String(c.name)}` : componentArg(c);
    const got = pair ? `[${shown}, ${show(field)}]` : describeValue(ref);
    throw new KernelError(builtinField(`expected [Component, "field"], got ${got}`));
  }
  return [c as Component, field];
}
