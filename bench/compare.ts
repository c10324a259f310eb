// Peer comparison: for every standard and scale scenario, the libraries ranked by
// median ops/sec, and wasm-ecs's ratio to the best peer measured in the same run.
import type { Entry, Group } from "./types.js";

export const OURS = "wasm-ecs";

/** wasm-ecs or one of its variants in a scenario ("wasm-ecs (sparse tag)"): not a peer. */
export function isOurs(library: string): boolean {
  return library === OURS || library.startsWith(`${OURS} (`);
}

/** A variant row of a library ("koota (1k)"): another size or form of the scenario. */
function isVariant(library: string): boolean {
  return library.endsWith(")");
}

export interface Ranked {
  readonly library: string;
  readonly version?: string;
  /** Median ops/sec; undefined when the library cannot do the scenario or failed. */
  readonly ops?: number;
  /** Fastest sample's ops/sec. */
  readonly bestOps?: number;
  readonly note?: string;
}

export interface Comparison {
  readonly scenario: string;
  readonly group: Group;
  readonly description: string;
  /** Measured libraries first, fastest first; then those without a figure. */
  readonly ranked: readonly Ranked[];
  readonly ours?: number;
  readonly bestPeer?: Ranked;
  /** ours / best peer's ops/sec (> 1: wasm-ecs leads). */
  readonly ratio?: number;
}

function toRanked(e: Entry): Ranked {
  if (e.outcome?.kind === "steps") {
    const s = e.outcome.stats;
    return { library: e.library, version: e.version, ops: 1e9 / s.medianNs, bestOps: 1e9 / s.minNs };
  }
  const note = e.unsupported ?? (e.error !== undefined ? `failed: ${e.error.split("\n")[0]}` : "no figure");
  return { library: e.library, version: e.version, note };
}

/** One comparison per standard / scale scenario, in the order the entries came. */
export function compare(entries: readonly Entry[]): Comparison[] {
  const order: string[] = [];
  const byScenario = new Map<string, Entry[]>();
  for (const e of entries) {
    if (e.group === "micro") continue;
    let list = byScenario.get(e.bench);
    if (list === undefined) {
      byScenario.set(e.bench, (list = []));
      order.push(e.bench);
    }
    list.push(e);
  }
  return order.map((scenario) => {
    const list = byScenario.get(scenario) ?? [];
    const ranked = list.map(toRanked).sort((a, b) => (b.ops ?? -1) - (a.ops ?? -1));
    const ours = ranked.find((r) => r.library === OURS)?.ops;
    // Like with like: wasm-ecs's default row against peers' default rows, not their variants
    // (a variant such as "koota (1k)" runs another size or form).
    const bestPeer = ranked.find((r) => !isOurs(r.library) && !isVariant(r.library) && r.ops !== undefined);
    const ratio = ours !== undefined && bestPeer?.ops !== undefined ? ours / bestPeer.ops : undefined;
    return { scenario, group: list[0].group, description: list[0].description, ranked, ours, bestPeer, ratio };
  });
}
