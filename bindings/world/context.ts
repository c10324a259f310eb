// The state behind one World, each piece with one owner: the store (core and its JS
// mirror), the deferral scope, the query cache, the systems and their runner, events
// and resources. World methods are short delegates to functions over this record.
import type { Component } from "../component.js";
import { ArgumentError } from "../errors.js";
import { notAComponent } from "../messages.js";
import type { Query } from "../query/query.js";
import { Resolved } from "../store/component-sets.js";
import type { Store } from "../store/store.js";
import type { Lookup } from "./access.js";
import { Deferral } from "./deferral.js";
import { type EventType, Resources } from "./events.js";
import { Hot } from "./hot.js";
import type { MadeSpawn } from "./made-spawn.js";
import { QueryCache } from "./queries.js";
import { Runner } from "./systems.js";

export class WorldContext {
  readonly defer: Deferral;
  /** What the per-entity fast paths of add and remove read of the core (world/hot.ts). */
  readonly hot: Hot;
  readonly cache: QueryCache;
  readonly runner: Runner;
  readonly events = new Map<string, EventType<unknown>>();
  readonly resources = new Resources();
  /** world.builtinKernels(), made on first use. */
  builtins: unknown = undefined;
  /** world.access(C) accessors by component id, made on first use. */
  readonly accessors: unknown[] = [];
  /** Record lookups by component id (world/access.ts), made on first use: accessors', get's and set's. */
  readonly lookups: Lookup[] = [];
  /**
   * The same by component key, for get's and set's first look: those of plain user
   * components with scalar fields only (Lookup.quick), entered when made.
   */
  readonly quick: (Lookup | undefined)[] = [];
  /** By component key: the immediate spawn of it alone with values (world/spawn.ts spawnNowOne), null where there is none. */
  readonly spawners: (MadeSpawn | null | undefined)[] = [];
  /** spawn's reusable record of what its arguments hold (store/component-sets.ts). */
  readonly resolved = new Resolved();
  /** Throws for an argument that is not a registered component (resolve()'s callback). */
  readonly unknown: (c: unknown) => never;

  constructor(
    readonly store: Store,
    /** The memory ceiling in 64 KiB pages. */
    readonly maxPages: number,
    /** The World this context is behind (ctx.world in systems, the owner of queries). */
    readonly owner: object,
  ) {
    this.defer = new Deferral(store);
    this.hot = new Hot(store.core, store.registry);
    this.runner = new Runner(store, this.defer);
    this.cache = new QueryCache(store, this.defer, this.runner);
    this.unknown = (c: unknown): never => {
      store.registry.idOf(c as Component);
      throw new ArgumentError(notAComponent(c));
    };
  }

  /** Whether q is a query of this world. */
  owns(q: Query): boolean {
    return q.belongsTo(this.cache.host);
  }
}
