// Finding, compiling and instantiating the core in every runtime. The wasm files
// are located with literal `new URL("./core.wasm", import.meta.url)` expressions so
// bundlers pick them up. Node reads file: URLs with fs (Node 20's fetch cannot);
// browsers stream-compile over http(s). A compiled module is cached per build, so a
// second world only instantiates. No top-level await anywhere.
import { instantiate } from "@assemblyscript/loader";
import { cannotLoad } from "../messages.js";
import type { CoreExports } from "./calls.generated.js";
import { shareMemoryImport } from "./wasm-bytes.js";

const compiled = new Map<string, Promise<WebAssembly.Module>>();

// Made at run time, at module level, so that no minifier folds it into a literal import()
// that a browser bundler would try to resolve (the package's build minifies syntax).
const NODE_FS = ["node:fs", "promises"].join("/");

// The bundle (dist/index.js) sits beside the wasm files; these sources sit one folder
// below bindings/, and run only in the package's own unit tests, which pass a URL.
function coreUrl(debug: boolean): URL {
  return debug ? new URL("./core.debug.wasm", import.meta.url) : new URL("./core.wasm", import.meta.url);
}

/** The bytes at a file: URL (Node, Deno, Bun: Node 20's fetch cannot read files). */
export async function readFileUrl(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as { readFile(u: URL): Promise<Uint8Array<ArrayBuffer>> };
  return fs.readFile(url);
}

/** Bytes fetched over http(s), by URL: a page that compiles a module for both memory kinds fetches it once. */
const fetched = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The bytes at url: file: URLs from disk, others fetched (once per URL). */
function bytesAt(url: URL): Promise<Uint8Array<ArrayBuffer>> {
  if (url.protocol === "file:") return readFileUrl(url);
  let bytes = fetched.get(url.href);
  if (bytes === undefined) {
    bytes = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(cannotLoad(url.href, response.status));
      return new Uint8Array(await response.arrayBuffer());
    });
    fetched.set(url.href, bytes);
    bytes.catch(() => fetched.delete(url.href));
  }
  return bytes;
}

/**
 * Compiles the module at url for an unshared memory (file: URLs from disk, others
 * streamed with application/wasm, or compiled from bytes fetched already) or, with
 * `shared`, from its bytes patched to import a shared memory.
 */
export async function compile(url: URL, shared = false): Promise<WebAssembly.Module> {
  if (shared) return WebAssembly.compile(shareMemoryImport(await bytesAt(url), MAX_PAGES));
  const streamable = url.protocol !== "file:" && !fetched.has(url.href);
  if (streamable && typeof WebAssembly.compileStreaming === "function") {
    try {
      return await WebAssembly.compileStreaming(fetch(url));
    } catch {
      // A server without the application/wasm MIME type: compile from bytes below.
    }
  }
  return WebAssembly.compile(await bytesAt(url));
}

/** Whether a memory is shared (its buffer a SharedArrayBuffer, which never detaches). */
export function isShared(memory: WebAssembly.Memory): boolean {
  return typeof SharedArrayBuffer === "function" && (memory.buffer as unknown) instanceof SharedArrayBuffer;
}

/**
 * The compiled core (release or debug build), compiled once per process. `url` places
 * the wasm file elsewhere than beside this module (the package's unit tests run the
 * facade from its sources and the core from dist/).
 */
export function loadModule(debug: boolean, url: URL = coreUrl(debug), shared = false): Promise<WebAssembly.Module> {
  const key = `${shared ? "shared " : ""}${url.href}`;
  let module = compiled.get(key);
  if (module === undefined) {
    module = compile(url, shared);
    compiled.set(key, module);
    module.catch(() => compiled.delete(key));
  }
  return module;
}

/** A fresh instance of the core over `memory`: one world, one linear memory. */
export async function instantiateCore(debug: boolean, memory: WebAssembly.Memory, url?: URL): Promise<CoreExports> {
  const module = await loadModule(debug, url, isShared(memory));
  const result = await instantiate<Record<string, unknown>>(module, { env: { memory } });
  return result.instance.exports as unknown as CoreExports;
}

/**
 * The world's memory, `initialPages` reserved up front; shared where the runtime allows
 * (`shared`: Node, Deno, Bun, cross-origin-isolated pages) and unshared otherwise.
 * Untouched pages cost no physical memory. A shared memory grows in place and never
 * detaches a view; an unshared one detaches every view over the old buffer when it
 * grows and, in V8, turns on detach checks in every typed-array loop of the thread for
 * good, so it is reserved large: `unsharedPages` (createWorld passes the ceiling unless
 * told otherwise, so it never grows). Steps down to smaller reservations where the
 * runtime refuses.
 */
export function createMemory(
  initialPages: number,
  maxPages: number,
  shared = true,
  unsharedPages = initialPages,
): WebAssembly.Memory {
  if (shared && sharingAllowed()) {
    try {
      return new WebAssembly.Memory({ initial: initialPages, maximum: maxPages, shared: true });
    } catch {
      // Shared memory refused (or too large a reservation): an unshared one below.
    }
  }
  const smallest = Math.min(initialPages, FALLBACK_PAGES);
  const sizes = [...new Set([unsharedPages, initialPages, smallest])].sort((a, b) => b - a);
  let refused: unknown;
  for (const pages of sizes) {
    try {
      return new WebAssembly.Memory({ initial: pages, maximum: maxPages });
    } catch (error) {
      refused = error;
    }
  }
  throw refused;
}

/** Shared memory exists here and a page that is not cross-origin isolated does not forbid it. */
function sharingAllowed(): boolean {
  return (
    typeof SharedArrayBuffer === "function" &&
    (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated !== false
  );
}

const FALLBACK_PAGES = 256; // 16 MiB
/** 4 GiB, the most pages a 32-bit memory can have. */
export const MAX_PAGES = 65536;
