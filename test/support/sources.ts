// The facade run from its TypeScript sources (bindings/) over the built core (dist/*.wasm),
// for unit tests of internal modules. Everything such a test touches must come from the
// sources: a class from the "wasm-ecs" bundle is another class (instanceof fails).
import { Core } from "../../bindings/core/core.js";
import { createMemory, instantiateCore } from "../../bindings/core/load.js";
import { Store } from "../../bindings/store/store.js";

/** The built core of one build, located for the loader (the sources have no wasm beside them). */
export const coreUrl = (debug: boolean): URL =>
  new URL(`../../dist/core${debug ? ".debug" : ""}.wasm`, import.meta.url);

export interface SourceOptions {
  /** The debug core (its checks run after every structural op). */
  readonly debug?: boolean;
  /** Memory ceiling in 64 KiB pages. */
  readonly maxPages?: number;
}

/** A fresh, initialised Core over its own memory. */
export async function sourceCore(options: SourceOptions = {}): Promise<Core> {
  const debug = options.debug ?? false;
  const maxPages = options.maxPages ?? 256;
  const memory = createMemory(2, maxPages);
  const core = new Core(await instantiateCore(debug, memory, coreUrl(debug)), memory);
  const status = core.init(maxPages, debug ? 1 : 0);
  if (status !== 0) throw new Error(`init failed with status ${status}`);
  return core;
}

/** A fresh Store (core and JS mirror) with no component registered: what createWorld builds first. */
export async function sourceStore(options: SourceOptions = {}): Promise<Store> {
  const core = await sourceCore(options);
  return new Store(core, (options.maxPages ?? 256) * 65536, options.debug ?? false);
}
