// The built-in kernels (kernel/builtins.ts, dist/kernels.wasm): common column operations
// over f32 fields of a query's tables, SIMD inside, usable without writing any
// AssemblyScript. A field is named as [Component, "field"].
//
//   k.add(q, [Position, "x"], [Velocity, "x"])             Position.x += Velocity.x
//   k.scale(q, [Velocity, "x"], 0.99)                      Velocity.x *= 0.99
//   k.addScaled(q, [Position, "x"], [Velocity, "x"], dt)   Position.x += Velocity.x * dt
//   k.clamp(q, [Position, "x"], 0, 100)                    Position.x = min(max(Position.x, 0), 100)
import type { Component } from "../component.js";
import { KernelError } from "../errors.js";
import { builtinField } from "../messages.js";
import type { Query } from "../query/query.js";
import { dispatcherOf } from "./batch.js";
import { type ColumnParam, type Fn, Kernel, type KernelHost } from "./kernel.js";
import type { ValType } from "./module.js";

/** A field of a component: `[Position, "x"]`. */
export type FieldRef = readonly [Component, string];

export class BuiltinKernels {
  private readonly kernels = new Map<string, Kernel>();

  /** @internal Made by world.builtinKernels(). */
  constructor(
    private readonly host: KernelHost,
    private readonly exports: Record<string, unknown>,
  ) {}

  /** dst += src, row by row. */
  add(query: Query, dst: FieldRef, src: FieldRef): void {
    this.kernel("add", [dst], [src], []).run({}, query);
  }

  /** dst *= s. */
  scale(query: Query, dst: FieldRef, s: number): void {
    this.kernel("scale", [dst], [], ["s"]).run({ s }, query);
  }

  /** dst += src * s (position += velocity * dt). */
  addScaled(query: Query, dst: FieldRef, src: FieldRef, s: number): void {
    this.kernel("addScaled", [dst], [src], ["s"]).run({ s }, query);
  }

  /** dst = min(max(dst, lo), hi). */
  clamp(query: Query, dst: FieldRef, lo: number, hi: number): void {
    this.kernel("clamp", [dst], [], ["lo", "hi"]).run({ lo, hi }, query);
  }

  /** The built-in `name` bound to these fields (made once per combination). */
  private kernel(name: string, write: FieldRef[], read: FieldRef[], scalars: string[]): Kernel {
    const key = `${name}|${[...write, ...read].map(([c, f]) => `${c.key}.${f}`).join("|")}`;
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

  private column(ref: FieldRef, write: boolean): ColumnParam {
    const [c, name] = Array.isArray(ref) ? ref : [undefined, undefined];
    if (c === undefined) throw new KernelError(builtinField(`expected [Component, "field"], got ${String(ref)}`));
    const id = this.host.store.registry.idOf(c);
    const f = c.field(name as string);
    if (f.scalar !== "f32" || f.isArray)
      throw new KernelError(builtinField(`${c.name}.${f.name} is ${f.scalar}${f.isArray ? ` x ${f.length}` : ""}`));
    return { c, id, f, write };
  }
}
