// Finding, compiling and instantiating the core in every runtime. The wasm files
// are located with literal `new URL("./core.wasm", import.meta.url)` expressions so
// bundlers pick them up. Node reads file: URLs with fs (Node 20's fetch cannot);
// browsers stream-compile over http(s). A compiled module is cached per build, so a
// second world only instantiates. No top-level await anywhere.
import { instantiate } from "@assemblyscript/loader";
import { cannotLoad } from "../messages.js";
import type { CoreExports } from "./calls.generated.js";

const compiled = new Map<string, Promise<WebAssembly.Module>>();

// The bundle (dist/index.js) sits beside the wasm files; these sources sit one folder
// below bindings/, and run only in the package's own unit tests, which pass a URL.
function coreUrl(debug: boolean): URL {
  return debug ? new URL("./core.debug.wasm", import.meta.url) : new URL("./core.wasm", import.meta.url);
}

/** The bytes at a file: URL (Node, Deno, Bun: Node 20's fetch cannot read files). */
export async function readFileUrl(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const specifier = "node:fs/promises";
  const fs = (await import(/* @vite-ignore */ specifier)) as { readFile(u: URL): Promise<Uint8Array<ArrayBuffer>> };
  return fs.readFile(url);
}

/** Compiles the module at url: file: URLs from disk, others streamed (application/wasm) or fetched. */
export async function compile(url: URL): Promise<WebAssembly.Module> {
  if (url.protocol === "file:") return WebAssembly.compile(await readFileUrl(url));
  if (typeof WebAssembly.compileStreaming === "function") {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // A server without the application/wasm MIME type: compile from bytes below.
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(cannotLoad(url.href, response.status));
  return WebAssembly.compile(await response.arrayBuffer());
}

/**
 * The compiled core (release or debug build), compiled once per process. `url` places
 * the wasm file elsewhere than beside this module (the package's unit tests run the
 * facade from its sources and the core from dist/).
 */
export function loadModule(debug: boolean, url: URL = coreUrl(debug)): Promise<WebAssembly.Module> {
  let module = compiled.get(url.href);
  if (module === undefined) {
    module = compile(url);
    compiled.set(url.href, module);
    module.catch(() => compiled.delete(url.href));
  }
  return module;
}

/** A fresh instance of the core over `memory`: one world, one linear memory. */
export async function instantiateCore(debug: boolean, memory: WebAssembly.Memory, url?: URL): Promise<CoreExports> {
  const module = await loadModule(debug, url);
  const result = await instantiate<Record<string, unknown>>(module, { env: { memory } });
  return result.instance.exports as unknown as CoreExports;
}

/**
 * The world's memory, `initialPages` reserved up front. Untouched pages cost no
 * physical memory, and a memory that never grows never detaches its buffer: growing
 * detaches every view and, in V8, turns on detach checks in every typed-array loop of
 * the thread for good. Falls back to a small reservation where the runtime refuses.
 */
export function createMemory(initialPages: number, maxPages: number): WebAssembly.Memory {
  try {
    return new WebAssembly.Memory({ initial: initialPages, maximum: maxPages });
  } catch (error) {
    const fallback = Math.min(initialPages, FALLBACK_PAGES);
    if (fallback === initialPages) throw error;
    return new WebAssembly.Memory({ initial: fallback, maximum: maxPages });
  }
}

const FALLBACK_PAGES = 256; // 16 MiB
