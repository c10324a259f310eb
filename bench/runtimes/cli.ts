// Command-line wrapper around entry.ts for Node, Deno and Bun (run.ts starts one per
// measurement): `<runtime> build/bench/runtimes/cli.js '<MeasureRequest json>'` prints
// one line `RESULT <MeasureReply json>` on stdout. Uses no node: module, so the same file
// runs unchanged in all three.
import { type MeasureReply, type MeasureRequest, measure, RESULT_PREFIX } from "./entry.js";

interface ArgvGlobals {
  readonly Deno?: { readonly args: readonly string[] };
  readonly process?: { readonly argv: readonly string[] };
}

function firstArgument(): string | undefined {
  const g = globalThis as unknown as ArgvGlobals;
  if (g.Deno !== undefined) return g.Deno.args[0];
  return g.process?.argv[2];
}

async function main(): Promise<void> {
  const text = firstArgument();
  let reply: MeasureReply;
  if (text === undefined) {
    reply = { ok: false, error: "usage: <node|deno run|bun> build/bench/runtimes/cli.js '<request json>'" };
  } else {
    reply = await measure(JSON.parse(text) as MeasureRequest);
  }
  console.log(`${RESULT_PREFIX}${JSON.stringify(reply)}`);
}

await main();
