// TEMPORARY: peers not yet converted to bench/libs/<lib>/ (see bench/README.md, "How to
// convert an adapter"). jobs.ts runs every file here but this one, exporting `adapter:
// Adapter`, through its own check(), unless a libs/ folder already has that library. The
// specs in bench/scenarios/ say what each scenario does; delete this folder, ../picks.ts and
// the `adapter` branches of jobs.ts and child.ts once it holds only this file.

import type { StepImplementation } from "../types.js";

/** Scenarios compared across libraries: the five standard ones and the scale ones. */
export const PEER_SCENARIOS = [
  "packed_5",
  "simple_iter",
  "frag_iter",
  "entity_cycle",
  "add_remove",
  "iterate_1m",
  "spawn_1m",
  "migrate_100k",
  "fragmented_256",
  "random_access",
  "hierarchy_10k",
  "reparent_10k",
] as const;
export type PeerScenario = (typeof PEER_SCENARIOS)[number];

export interface Adapter {
  /** Name in the report, e.g. "bitecs 0.4". */
  readonly library: string;
  /** npm package the version is read from (an alias such as "bitecs-0.3" for a second version). */
  readonly packageName: string;
  readonly scenarios: { readonly [K in PeerScenario]?: StepImplementation<unknown> };
  /** Why a scenario is not implemented; the report shows "-" with this note. */
  readonly unsupported?: { readonly [K in PeerScenario]?: string };
}
