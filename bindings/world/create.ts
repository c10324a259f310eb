// createWorld(): options checked, memory reserved, the core compiled (once per process)
// and instantiated, the world's bookkeeping set up, then either the given components
// registered or a snapshot restored. The same in every runtime; no top-level await.
import type { Component } from "../component.js";
import { MAX_SLOTS } from "../core/constants.generated.js";
import { Core } from "../core/core.js";
import { createMemory, instantiateCore, MAX_PAGES } from "../core/load.js";
import { ArgumentError, CapacityError } from "../errors.js";
import { initialEntities, initialMemory, maxMemory, outOfMemory, worldComponents } from "../messages.js";
import { register } from "../ops/components.js";
import { optionsOf } from "../options.js";
import { decode, FLAG_DEBUG } from "../snapshot/format.js";
import { registerLike, restore } from "../snapshot/world-state.js";
import { QUARANTINE_BLOCKS, QUARANTINE_BYTES, watchStaleWrites } from "../store/stale-writes.js";
import { Store } from "../store/store.js";
import { World, worldContext } from "./world.js";

export interface WorldOptions {
  /** Components to register now; more can be registered later. */
  readonly components?: readonly Component[];
  /** Capacity hint for the entity index, never a limit. */
  readonly initialEntities?: number;
  /** Ceiling on wasm memory; beyond it operations throw CapacityError. Default: 4 GiB. */
  readonly maxMemoryBytes?: number;
  /**
   * Memory reserved up front (default 256 MiB for a shared memory; an unshared one
   * reserves maxMemoryBytes unless this is given; at most maxMemoryBytes). Pages that are
   * never written cost no physical memory. A world that outgrows it grows its memory in
   * place when the memory is shared; an unshared memory's growth detaches typed-array
   * views (the facade rebuilds its own) and, in V8, makes every typed-array loop of the
   * thread check for detachment from then on.
   */
  readonly initialMemoryBytes?: number;
  /**
   * Whether the world's memory is a shared WebAssembly.Memory (default: true where the
   * runtime has one: Node, Deno, Bun, cross-origin-isolated pages). A shared memory never
   * detaches a view when it grows. `false` gives an unshared memory (what a page without
   * cross-origin isolation gets anyway); `world.stats().sharedMemory` says which it is.
   */
  readonly sharedMemory?: boolean;
  /** Debug core: invariant checks after every structural op, strict integer values. */
  readonly debug?: boolean;
  /**
   * A snapshot (world.snapshot()) to start from. `components` must be the snapshot's
   * components (matched by name; registered in the snapshot's order). `debug` defaults
   * to the core the snapshot was made by.
   */
  readonly snapshot?: Uint8Array;
  /**
   * Testing switch: grow the memory by one 64 KiB page before every core call, which
   * detaches every typed-array view over the old buffer (stale views read undefined).
   * Slow and memory-hungry; for tests that prove no view is used after growth.
   */
  readonly growMemoryEachCall?: boolean;
}

const PAGE = 65536;
/** The core's own static data and first tables fit in this (it declares 2 pages). */
const MIN_PAGES = 2;
const DEFAULT_INITIAL_BYTES = 256 << 20;

/** The keys of WorldOptions, true for a boolean. */
const WORLD_OPTIONS: Record<keyof WorldOptions, boolean> = {
  components: false,
  initialEntities: false,
  maxMemoryBytes: false,
  initialMemoryBytes: false,
  sharedMemory: true,
  debug: true,
  snapshot: false,
  growMemoryEachCall: true,
};
const argumentError = (message: string) => new ArgumentError(message);

/** Creates a world in any runtime. The compiled core is cached, so later worlds only instantiate. */
export async function createWorld(given?: WorldOptions): Promise<World> {
  const options = optionsOf("createWorld()", given, "{ components: [A, B] }", WORLD_OPTIONS, argumentError);
  if (options.components !== undefined && !Array.isArray(options.components))
    throw new ArgumentError(worldComponents(options.components));
  const snap = options.snapshot === undefined ? undefined : decode(options.snapshot);
  const debug = options.debug ?? (snap !== undefined && (snap.header.flags & FLAG_DEBUG) !== 0);
  const maxBytes = options.maxMemoryBytes ?? MAX_PAGES * PAGE;
  if (typeof maxBytes !== "number" || !(maxBytes >= MIN_PAGES * PAGE))
    throw new ArgumentError(maxMemory(MIN_PAGES * PAGE, maxBytes));
  const hint = options.initialEntities ?? 0;
  if (!Number.isInteger(hint) || hint < 0) throw new ArgumentError(initialEntities(hint));
  const initialBytes = options.initialMemoryBytes ?? DEFAULT_INITIAL_BYTES;
  if (typeof initialBytes !== "number" || !(initialBytes >= 0)) throw new ArgumentError(initialMemory(initialBytes));
  const maxPages = Math.min(MAX_PAGES, Math.floor(maxBytes / PAGE));
  const initialPages = Math.max(MIN_PAGES, Math.min(maxPages, Math.ceil(initialBytes / PAGE)));
  // An unshared memory detaches views when it grows: unless told its size, it reserves its ceiling.
  const unsharedPages = options.initialMemoryBytes === undefined ? maxPages : initialPages;
  const memory = createMemory(initialPages, maxPages, options.sharedMemory ?? true, unsharedPages);
  const core = new Core(await instantiateCore(debug, memory), memory);
  if (core.init(maxPages, debug ? 1 : 0) !== 0) throw new CapacityError(outOfMemory("create the world", maxBytes));
  if (debug && core.debugQuarantine(QUARANTINE_BLOCKS, QUARANTINE_BYTES) !== 0)
    throw new CapacityError(outOfMemory("create the world", maxBytes));
  if (options.growMemoryEachCall === true) core.growEachCall();
  const store = new Store(core, maxPages * PAGE, debug);
  if (hint > 0 && core.reserveEntities(Math.min(hint, MAX_SLOTS - 1)) !== 0)
    throw new CapacityError(outOfMemory(`reserve room for ${hint} entities`, maxPages * PAGE));
  const world = new World(store, maxPages);
  const ctx = worldContext(world);
  // While changes are deferred nothing moves; the look waits for the end of the scope.
  if (debug) watchStaleWrites(core, store.registry, () => ctx.defer.active);
  if (snap === undefined) {
    for (const c of options.components ?? []) register(store, c);
    return world;
  }
  registerLike(ctx, snap.meta.schema, options.components ?? []);
  restore(ctx, options.snapshot as Uint8Array);
  return world;
}
