// Runs the conformance suite against the built package in whatever runtime runs this
// file (Deno, Bun, Node) and prints one JSON line: { runtime, ms, passed, failed }.
// `deno run --allow-read test/conformance/cli.mjs` / `bun test/conformance/cli.mjs`.
import * as api from "../../dist/index.js";
import { runConformance } from "./suite.js";

function runtime() {
  if (globalThis.Deno !== undefined) return `deno ${globalThis.Deno.version.deno}`;
  if (globalThis.Bun !== undefined) return `bun ${globalThis.Bun.version}`;
  if (globalThis.process?.versions?.node !== undefined) return `node ${globalThis.process.versions.node}`;
  return "unknown";
}

const start = performance.now();
let result;
try {
  result = await runConformance(api);
} catch (error) {
  result = { passed: [], failed: [{ name: "suite", message: `the suite itself threw: ${error?.stack ?? error}` }] };
}
console.log(JSON.stringify({ runtime: runtime(), ms: Math.round(performance.now() - start), ...result }));
