// Reading a kernel module's binary before it may run over a world's memory: a module
// must import its memory (the world's) and bring nothing that writes memory on its own
// (no memory of its own, no data segments, no start function, no import but the
// memory), and its exports are functions whose parameter types we read here, so a
// kernel's declaration can be checked against its signature. A module given compiled
// has no bytes to read: the kernel build names its signatures in a custom section, with
// each column parameter's element type (which bytes do not show either: load.ts reads it).
//
//   binary: "\0asm" version  section*     section: id:u8 size:leb [payload]
//   1 types  2 imports  3 functions  5 memories  7 exports  8 start  11 data  12 data count

import { WasmReader } from "../core/wasm-bytes.js";
import { KernelError } from "../errors.js";
import { kernelModule } from "../messages.js";

/** A value type of a wasm function signature as the checks name it. */
export type ValType = "i32" | "i64" | "f32" | "f64" | "v128" | "ref";

export interface KernelSignature {
  readonly params: readonly ValType[];
  readonly results: readonly ValType[];
  /**
   * Per parameter, the element type of a column (`Read<T>` / `Write<T>`: T), null for the
   * count and the scalars, as the kernel build named them; undefined when it did not.
   */
  readonly elements?: readonly (string | null)[];
  /**
   * Per parameter, the AssemblyScript type of one that is no column (`u8`, `i32`, `f32`),
   * null for a column, as the kernel build named them; undefined when it did not.
   */
  readonly scalarTypes?: readonly (string | null)[];
}

const TYPES: Record<number, ValType> = {
  127: "i32",
  126: "i64",
  125: "f32",
  124: "f64",
  123: "v128",
  112: "ref",
  111: "ref",
};

/** Exports that betray a runtime which allocates in the memory. */
const RUNTIME = ["__new", "__alloc", "__renew", "__collect", "__pin"];

/**
 * The exported functions of a kernel module and their signatures; KernelError saying
 * what is wrong when the module could run over the world's memory unsafely.
 */
export function readKernelModule(bytes: Uint8Array): Map<string, KernelSignature> {
  const r = new WasmReader(bytes, (what) => new KernelError(kernelModule(what)));
  if (bytes.length < 8 || bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d)
    throw new KernelError(kernelModule("it is not a WebAssembly module"));
  r.at = 8;
  // A count of items, each at least a byte: one past the end is malformed (not a huge array).
  const count = (): number => {
    const n = r.u32();
    if (n > bytes.length - r.at) throw new KernelError(kernelModule("a count in it runs past its end"));
    return n;
  };
  const types: KernelSignature[] = [];
  const funcs: number[] = [];
  let importsMemory = false;
  const exports: [string, number][] = [];
  while (r.at < bytes.length) {
    const id = r.byte();
    const size = r.u32();
    const end = r.at + size;
    if (id === 1) {
      for (let n = count(); n > 0; n--) {
        if (r.byte() !== 0x60) throw new KernelError(kernelModule("its type section is malformed"));
        const params = Array.from({ length: count() }, () => TYPES[r.byte()] ?? "ref");
        const results = Array.from({ length: count() }, () => TYPES[r.byte()] ?? "ref");
        types.push({ params, results });
      }
    } else if (id === 2) {
      for (let n = count(); n > 0; n--) {
        const module = r.name();
        const field = r.name();
        const kind = r.byte();
        if (kind === 2 && module === "env" && field === "memory") {
          importsMemory = true;
          r.limits();
          continue;
        }
        throw new KernelError(
          kernelModule(`it imports ${module}.${field}: a kernel imports only the world's memory (env.memory)`),
        );
      }
    } else if (id === 3) {
      for (let n = count(); n > 0; n--) funcs.push(r.u32());
    } else if (id === 5 && r.u32() > 0) {
      throw new KernelError(
        kernelModule("it has a memory of its own: build it with --importMemory (npx wasm-ecs-kernel does)"),
      );
    } else if (id === 7) {
      for (let n = count(); n > 0; n--) {
        const name = r.name();
        const kind = r.byte();
        const index = r.u32();
        if (kind === 0) exports.push([name, index]);
      }
    } else if (id === 8) {
      throw new KernelError(
        kernelModule("it has a start function (a runtime that initialises itself): build it with npx wasm-ecs-kernel"),
      );
    } else if (id === 11 && r.u32() > 0) {
      throw new KernelError(
        kernelModule(
          "it has static data, which would overwrite the world's memory: kernels use no strings or constant arrays",
        ),
      );
    }
    r.at = end;
  }
  if (!importsMemory) throw new KernelError(kernelModule("it does not import the world's memory (env.memory)"));
  const out = new Map<string, KernelSignature>();
  for (const [name, index] of exports) {
    if (RUNTIME.includes(name))
      throw new KernelError(
        kernelModule(`it exports a runtime (${name}): a kernel allocates nothing (npx wasm-ecs-kernel)`),
      );
    const sig = types[funcs[index]];
    if (sig !== undefined) out.set(name, sig);
  }
  if (out.size === 0) throw new KernelError(kernelModule("it exports no function"));
  return out;
}

/** The custom section in which the kernel build (bin/wasm-ecs-kernel.mjs) names the signatures. */
const SIGNATURES_SECTION = "wasm-ecs.kernels";

const VAL_TYPES: readonly string[] = Object.values(TYPES);

/**
 * The signatures of a compiled module's exported functions, as its build named them,
 * or undefined for a module built otherwise (then only arities can be checked).
 * KernelError when the section is there but does not name them.
 */
export function signaturesOfCompiled(module: WebAssembly.Module): Map<string, KernelSignature> | undefined {
  const sections = WebAssembly.Module.customSections(module, SIGNATURES_SECTION);
  if (sections.length === 0) return undefined;
  const bad = () => new KernelError(kernelModule(`its ${SIGNATURES_SECTION} section does not name its functions`));
  let named: unknown;
  try {
    named = JSON.parse(new TextDecoder().decode(sections[0]));
  } catch {
    throw bad();
  }
  const types = (list: unknown): ValType[] => {
    if (!Array.isArray(list) || !list.every((t) => VAL_TYPES.includes(t))) throw bad();
    return list as ValType[];
  };
  const out = new Map<string, KernelSignature>();
  for (const e of WebAssembly.Module.exports(module)) {
    if (e.kind !== "function") continue;
    const sig = (named as Record<string, Record<string, unknown> | null> | null)?.[e.name];
    if (sig === undefined || sig === null) throw bad();
    const params = types(sig.params);
    // Per parameter, a type name or null (each optional: a build that did not name them).
    const names = (list: unknown): (string | null)[] | undefined => {
      if (list === undefined) return undefined;
      if (
        Array.isArray(list) &&
        list.length === params.length &&
        list.every((t) => t === null || typeof t === "string")
      )
        return list;
      throw bad();
    };
    const elements = names(sig.elements);
    const scalarTypes = names(sig.scalarTypes);
    out.set(e.name, { params, results: types(sig.results), elements, scalarTypes });
  }
  return out;
}
