// What a world holds now, for the inspector panel and debugging: every archetype table
// with its components, rows and bytes, every cached query with its terms and matches,
// and the summary counts of stats(). Reads memory only; no core call.

import { type Component, type Pair, Relation } from "../component.js";
import { H_LIVE_TABLES, H_USED_BYTES, T_ROW_BYTES } from "../core/constants.generated.js";
import { isShared } from "../core/load.js";
import type { WorldContext } from "./context.js";

/** world.inspect(): the tables and queries of a world right now. */
export interface WorldInspection {
  readonly tables: readonly {
    readonly id: number;
    /** Component names, in id order. */
    readonly components: readonly string[];
    readonly entities: number;
    /** Bytes of its rows in use (all columns, entity column included). */
    readonly bytes: number;
  }[];
  readonly queries: readonly {
    readonly terms: Readonly<Record<string, readonly string[]>>;
    /** Non-empty tables it matches now. */
    readonly tables: number;
    /** Entities it matches now (row filters included). */
    readonly entities: number;
  }[];
  /** Non-fragmenting relations (their pairs are in no table): how many pairs each holds. */
  readonly links: readonly { readonly relation: string; readonly pairs: number }[];
}

export interface WorldStats {
  readonly entities: number;
  /** Archetype tables, the empty archetype included. */
  readonly archetypes: number;
  readonly components: number;
  readonly queries: number;
  /** Size of the wasm memory (reserved address space, see initialMemoryBytes). */
  readonly memoryBytes: number;
  /** Bytes in live core allocations (columns, index, tables, masks). */
  readonly usedBytes: number;
  /** Bumped whenever a column or the memory moved. */
  readonly layoutEpoch: number;
  /** Whether the memory is shared (grows in place, never detaches a view); see WorldOptions.sharedMemory. */
  readonly sharedMemory: boolean;
}

export function inspect(ctx: WorldContext): WorldInspection {
  const { core, tables } = ctx.store;
  core.check();
  ctx.cache.prune();
  const list = tables.now().map((t) => {
    const rows = t.refresh();
    const rowBytes = core.u32[core.tableRec(t.id) + T_ROW_BYTES];
    return { id: t.id as number, components: t.componentNames(), entities: rows, bytes: rows * rowBytes };
  });
  const queries = [...ctx.cache.queries.values()].map((q) => {
    const terms: Record<string, string[]> = {};
    for (const [key, list] of Object.entries(q.terms)) {
      // String() names a component, and a pair as ChildOf(12) or ChildOf(*).
      if (Array.isArray(list) && list.length > 0) terms[key] = list.map((c: Component | Pair) => String(c));
      else if (list instanceof Relation) terms[key] = [list.name];
    }
    const matched = q.tables().filter((t) => t.refresh() > 0);
    return { terms, tables: matched.length, entities: q.count() };
  });
  const { links, registry } = ctx.store;
  const linked = links.ids.map((id) => ({ relation: registry.components[id].name, pairs: links.count(id) }));
  return { tables: list, queries, links: linked };
}

export function stats(ctx: WorldContext): WorldStats {
  const { core, registry } = ctx.store;
  core.check();
  ctx.cache.prune();
  return {
    entities: core.alive + ctx.store.claims.unborn,
    archetypes: core.header(H_LIVE_TABLES),
    components: registry.visible().length,
    queries: ctx.cache.queries.size,
    memoryBytes: core.memory.buffer.byteLength,
    usedBytes: core.header(H_USED_BYTES),
    layoutEpoch: core.epoch,
    sharedMemory: isShared(core.memory),
  };
}
