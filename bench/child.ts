// One measurement in a fresh process: loads one job's modules (for a scenario: its spec and
// one implementation, so a peer's process never loads wasm-ecs), sets up, checks, measures,
// and sends the outcome to the runner over IPC. Started by run.ts as
// `node --expose-gc child.js <request json>`.
import { prepare } from "./check.js";
import { measurePhases, measureSteps } from "./harness.js";
import type { Target } from "./jobs.js";
import type { Bench, Outcome, Plan } from "./types.js";

export interface Request {
  readonly target: Target;
  /** The report's row, for check messages. */
  readonly row: string;
  readonly plan: Plan;
}

export type Reply = { readonly ok: true; readonly outcome: Outcome } | { readonly ok: false; readonly error: string };

/** The compiled bench folder: targets' module paths are relative to it. */
const root = new URL("./", import.meta.url);

async function run({ target, row, plan }: Request): Promise<Outcome> {
  switch (target.kind) {
    case "scenario": {
      const { step, state } = await prepare(root, target, row);
      return { kind: "steps", ...measureSteps(step, state, plan) };
    }
    case "micro":
      return micro(target.module, target.key, plan);
  }
}

/** A micro bench: one of its own implementations, with its own check(). */
async function micro(module: string, key: string, plan: Plan): Promise<Outcome> {
  const { bench } = (await import(new URL(module, root).href)) as { bench: Bench };
  if (!(key in bench.implementations)) throw new Error(`${bench.name} has no implementation ${key}`);
  switch (bench.kind) {
    case "figures":
      return { kind: "figures", figures: await bench.implementations[key].measure() };
    case "steps": {
      const impl = bench.implementations[key];
      const state = await impl.setup();
      impl.check(state);
      return { kind: "steps", ...measureSteps(impl.step, state, plan) };
    }
    case "phases": {
      const impl = bench.implementations[key];
      const state = await impl.setup();
      impl.check(state);
      return { kind: "phases", phases: measurePhases(impl, state, plan) };
    }
  }
}

function send(reply: Reply): Promise<void> {
  return new Promise((resolve, reject) => {
    if (process.send === undefined) {
      console.log(JSON.stringify(reply));
      resolve();
      return;
    }
    process.send(reply, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

const request = JSON.parse(process.argv[2] ?? "null") as Request | null;
if (request === null) {
  console.error("usage: node --expose-gc build/bench/child.js '<request json>' (run.js starts this)");
  process.exit(2);
}
try {
  await send({ ok: true, outcome: await run(request) });
} catch (error) {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  await send({ ok: false, error: text });
}
process.disconnect?.();
