// Reading a kernel module before it may run (bindings/kernels/module.ts): the exported
// functions and their signatures, and the refusals of modules that could write the
// world's memory on their own. Bad modules are assembled from text with binaryen (the
// assembler AssemblyScript itself uses). Run from the sources.
import { readFileSync } from "node:fs";
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";
import { KernelError } from "../../../bindings/errors.js";
import { readKernelModule } from "../../../bindings/kernels/module.js";

const kernels = readFileSync(new URL("../../../build/kernels/test-kernels.wasm", import.meta.url));

/** The binary of a module written in the text format. */
function wasm(text: string): Uint8Array {
  const module = binaryen.parseText(text);
  try {
    return module.emitBinary();
  } finally {
    module.dispose();
  }
}

const MEMORY = `(import "env" "memory" (memory 0))`;

function refused(bytes: Uint8Array, why: RegExp): void {
  let error: unknown;
  try {
    readKernelModule(bytes);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(KernelError);
  expect((error as Error).message).toMatch(/^The kernel module was refused: /);
  expect((error as Error).message).toMatch(why);
}

describe("readKernelModule", () => {
  it("lists a built kernel module's exported functions with their parameter types", () => {
    const sigs = readKernelModule(kernels);
    expect(sigs.get("move")).toEqual({ params: ["i32", "i32", "i32", "i32", "i32", "f32"], results: [] });
    expect(sigs.get("bump")).toEqual({ params: ["i32", "i32", "f64"], results: [] });
    expect(sigs.get("wrongCount")?.params[0]).toBe("f64");
  });

  it("refuses a module with a memory of its own, static data, a start function or other imports", () => {
    refused(wasm(`(module (memory 1) (func (export "k") (param i32)))`), /has a memory of its own/);
    refused(wasm(`(module ${MEMORY} (data (i32.const 16) "hi") (func (export "k") (param i32)))`), /static data/);
    refused(wasm(`(module ${MEMORY} (func $s) (start $s) (func (export "k") (param i32)))`), /start function/);
    refused(
      wasm(`(module ${MEMORY} (import "env" "seed" (func $seed (result f64))) (func (export "k") (param i32)))`),
      /imports env\.seed: a kernel imports only the world's memory/,
    );
  });

  it("refuses a module that brings a runtime, does not import the memory, exports nothing, or is not wasm", () => {
    refused(
      wasm(`(module ${MEMORY} (func (export "__new") (param i32 i32) (result i32) (i32.const 0)))`),
      /runtime \(__new\)/,
    );
    refused(wasm(`(module (func (export "k") (param i32)))`), /does not import the world's memory/);
    refused(wasm(`(module ${MEMORY})`), /exports no function/);
    refused(new TextEncoder().encode("not a module"), /not a WebAssembly module/);
  });
});
