// Finding (and on first use creating) the table of a component set, with or without
// relation pairs, and dropping the tables a failed call created. Each lookup that is
// not cached is one core call, which may grow memory.
import { argNames, type ComponentArg, type Pair } from "../component.js";
import { KEY } from "../component-keys.js";
import { P_STRIDE } from "../core/constants.generated.js";
import { scratch } from "../core/scratch.js";
import { expect, pairStatus } from "../core/status.js";
import type { ComponentSet } from "../store/component-sets.js";
import type { Store } from "../store/store.js";

/** The table of a component set (cached; created on first use). `args` name it in messages (else its mask does). */
export function tableOfSet(store: Store, set: ComponentSet, args: readonly ComponentArg[]): number {
  const { sets, tables } = store;
  const known = sets.cached(set, tables);
  if (known >= 0) return known;
  const names = args.length > 0 ? argNames(args) : maskNames(store, set.mask);
  const t = tableForMask(store, set.mask, names);
  tables.now(); // the directory follows the new table (its generation too) before it is remembered
  sets.remember(set, t, tables.generation);
  return t;
}

/** The names of the components of a mask, for messages. */
function maskNames(store: Store, mask: Uint32Array): string {
  const names: string[] = [];
  for (let w = 0; w < mask.length; w++)
    for (let b = 0; b < 32; b++) if ((mask[w] & (1 << b)) !== 0) names.push(store.registry.components[w * 32 + b].name);
  return names.join(", ");
}

/** Finds or creates the table with exactly these components, with one core call. */
function tableForMask(store: Store, mask: Uint32Array, names: string): number {
  const ptr = maskInScratch(store, mask, 0);
  return expect(store, store.core.tableForMask(ptr), `create the archetype (${names})`);
}

/** Writes mask (core width, zero-padded) to scratch, with `extra` zeroed u32 after it; its address. */
function maskInScratch(store: Store, mask: Uint32Array, extra: number): number {
  const words = store.core.maskWords * 2;
  const ptr = scratch(store, (words + extra) * 4, "create an archetype");
  const u32 = store.core.u32;
  u32.fill(0, ptr >>> 2, (ptr >>> 2) + words + extra);
  u32.set(mask, ptr >>> 2);
  return ptr;
}

/**
 * The table for a component set plus relation pairs (live targets), with one core call;
 * not cached, since it depends on the targets.
 */
export function tableForPairs(store: Store, mask: Uint32Array, pairs: readonly Pair[], names: string): number {
  const { core, registry } = store;
  const words = core.maskWords * 2;
  const ptr = maskInScratch(store, mask, pairs.length * P_STRIDE);
  const u32 = core.u32;
  const at = (ptr >>> 2) + words;
  for (let i = 0; i < pairs.length; i++) {
    u32[at + i * P_STRIDE] = registry.ids[pairs[i].relation[KEY]];
    u32[at + i * P_STRIDE + 1] = pairs[i].target as number;
  }
  const status = core.tableForPairs(ptr, ptr + words * 4, pairs.length);
  // Two targets of an exclusive relation were refused before (world/validate.ts).
  return pairStatus(
    store,
    status,
    `create the archetype (${names})`,
    pairs.map((p) => p.target as number),
    names,
  );
}

/** Drops the (empty) tables created since creation number `before` (core.tableSeq), after a failed call. */
export function undoTables(store: Store, before: number): void {
  const core = store.core;
  if (core.dead !== undefined || core.tableSeq <= before) return;
  core.dropTables(before);
  store.tables.sync();
}
