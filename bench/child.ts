// One measurement in a fresh process: loads one job's modules (for a scenario: its spec and
// one implementation; for a peer's micro row: its file in libs/; so a peer's process never
// loads wasm-ecs), sets up, checks, measures, and sends the outcome to the runner over IPC.
// Started by run.ts as `node --expose-gc child.js <request json>`.
import { prepare } from "./check.js";
import { measurePhases, measureSteps } from "./harness.js";
import type { Target } from "./jobs.js";
import type { Bench, MicroImplementation, Outcome, Plan } from "./types.js";

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
      return micro(await own(target.module, target.key), plan);
    case "peer micro": {
      const loaded = (await import(new URL(target.module, root).href)) as { micro?: MicroImplementation };
      if (loaded.micro === undefined) throw new Error(`${target.module} exports no micro`);
      return micro(loaded.micro, plan);
    }
  }
}

/** One of a micro bench's own implementations (micro/<name>.js), tagged with the bench's kind. */
async function own(module: string, key: string): Promise<MicroImplementation> {
  const { bench } = (await import(new URL(module, root).href)) as { bench: Bench };
  if (!(key in bench.implementations)) throw new Error(`${bench.name} has no implementation ${key}`);
  switch (bench.kind) {
    case "figures":
      return { kind: "figures", ...bench.implementations[key] };
    case "steps":
      return { kind: "steps", ...bench.implementations[key] };
    case "phases":
      return { kind: "phases", ...bench.implementations[key] };
  }
}

/** A micro bench's implementation, ours or a peer's: set up, its own check(), then measured. */
async function micro(impl: MicroImplementation, plan: Plan): Promise<Outcome> {
  switch (impl.kind) {
    case "figures":
      return { kind: "figures", figures: await impl.measure() };
    case "steps": {
      const state = await impl.setup();
      impl.check(state);
      return { kind: "steps", ...measureSteps(impl.step, state, plan) };
    }
    case "phases": {
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
