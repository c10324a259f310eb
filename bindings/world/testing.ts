// Hooks for the package's own tests, reached through a registered symbol on the World
// (test/support/internals.ts) and absent from the public types: the invariant walks and
// fault injection. Debug worlds only, except the JS-side walk, which any world runs.
//
// checkInvariants() walks the core's invariants (assembly/debug.ts, debug core) and then
// the facade's own: every table view matches its core record (mask, components, pairs,
// creation number) and every object column is exactly as long as its table.
import { T_COMPS, T_COUNT, T_NCOMPS, T_NPAIRS } from "../core/constants.generated.js";
import { ArgumentError, EcsError } from "../errors.js";
import { debugOnly, facadeInvariant } from "../messages.js";
import type { WorldContext } from "./context.js";

/** The key of the hooks on a World: `world[TESTING]`. */
export const TESTING: unique symbol = Symbol.for("wasm-ecs.testing") as never;

export interface TestingHooks {
  /** Walks every core invariant (debug core) and the facade's; throws on a broken one. */
  checkInvariants(): void;
  /** The n-th single-entity migration from now traps in the core half-way (debug worlds). */
  injectTrapAfterMoves(n: number): void;
}

export function testingHooks(ctx: WorldContext): TestingHooks {
  return {
    checkInvariants() {
      const core = ctx.store.core;
      core.check();
      core.checkInvariants();
      checkViews(ctx);
      const links = ctx.store.links.problem((e) => core.tableOf(e) >= 0);
      if (links !== undefined) throw new EcsError("INTERNAL", facadeInvariant(links));
    },
    injectTrapAfterMoves(n: number) {
      const { core, debug } = ctx.store;
      core.check();
      if (!debug || core.debugTrapAfterMoves(n) !== 0) throw new ArgumentError(debugOnly("injectTrapAfterMoves()"));
    },
  };
}

/** The facade's invariants: views agree with the core's records; object columns are row-aligned. */
function checkViews(ctx: WorldContext): void {
  const { core, tables } = ctx.store;
  const broken = (what: string): never => {
    throw new EcsError("INTERNAL", facadeInvariant(what));
  };
  const list = tables.now();
  if (list.length !== core.tableCount) broken(`${list.length} table views for ${core.tableCount} tables`);
  const u32 = core.u32;
  for (const t of list) {
    if (t.seq !== tables.seqOf(t.id))
      broken(`the view of table ${t.id} is of creation ${t.seq}, the record of ${tables.seqOf(t.id)}`);
    if (t.seq < 0) continue;
    const rec = core.tableRec(t.id);
    const at = core.maskAt(t.id);
    for (let w = 0; w < core.maskWords * 2; w++)
      if ((t.mask[w] ?? 0) !== u32[at + w]) broken(`the mask of table ${t.id} differs from its record`);
    const comps = u32[rec + T_COMPS] >>> 2;
    const ids = t.componentIds;
    if (ids.length !== u32[rec + T_NCOMPS] || ids.some((id, k) => id !== u32[comps + k]))
      broken(`the components of table ${t.id} differ from its record`);
    if (t.pairs.length !== 2 * u32[rec + T_NPAIRS]) broken(`the pairs of table ${t.id} differ from its record`);
    const rows = u32[rec + T_COUNT];
    for (const col of t.objects)
      if (col.length !== rows) broken(`an object column of table ${t.id} has ${col.length} values for ${rows} rows`);
  }
}
