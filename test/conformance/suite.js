// The conformance suite: the whole public API (docs/api.md), run against the built package
// in every runtime (Node, Deno, Bun, Chromium, Firefox). Plain ESM with no test
// framework, no runtime-specific API and only relative imports, so every runner loads
// these same files. `runConformance(api)` takes the module namespace of dist/index.js
// and returns `{ passed: string[], failed: { name, message }[] }`. Expected values are
// derived from the operations themselves (typed-array semantics for stored numbers, sets
// computed in JS for queries), never copied from the implementation's output.
//
// One module per API section under suite/, each exporting one function of the harness
// (suite/harness.js: check, newWorld, throws, watch, the shared components) and the api;
// a check is named "<section>/<behaviour>" and each runs on worlds of its own.
import { checkBatches } from "./suite/batches.js";
import { checkComponents } from "./suite/components.js";
import { checkCreateWorld } from "./suite/create-world.js";
import { checkDebug } from "./suite/debug.js";
import { checkDeferral } from "./suite/deferral.js";
import { checkEngine } from "./suite/engine.js";
import { checkErrors } from "./suite/errors.js";
import { checkExports } from "./suite/exports.js";
import { createHarness } from "./suite/harness.js";
import { checkKernels } from "./suite/kernels.js";
import { checkMemory } from "./suite/memory.js";
import { checkQueries } from "./suite/queries.js";
import { checkRelations } from "./suite/relations.js";
import { checkWorld } from "./suite/world.js";

/**
 * The sections in the order they run. createWorld/ runs early: its second world must find
 * the release module compiled already; debug/ creates the run's first debug world.
 */
const SECTIONS = [
  checkExports,
  checkCreateWorld,
  checkComponents,
  checkWorld,
  checkQueries,
  checkDeferral,
  checkBatches,
  checkRelations,
  checkErrors,
  checkMemory,
  checkDebug,
  checkEngine,
  checkKernels,
];

/** Runs every check against `api`; a failing check is reported and the next one still runs. */
export async function runConformance(api) {
  const t = createHarness(api);
  try {
    for (const section of SECTIONS) await section(t, api);
  } finally {
    t.disposeWorlds();
  }
  return t.result();
}
