// One measurement in a fresh process: imports one bench file, sets up one library's
// implementation, runs its correctness check, measures, and sends the outcome to the
// runner over IPC. Started by run.ts as `node --expose-gc child.js <request json>`.
import type { Adapter, PeerScenario } from "./adapters/types.js";
import { measurePhases, measureSteps } from "./harness.js";
import type { Bench, Outcome, Plan } from "./types.js";

export interface Request {
  /** Module path relative to this file, e.g. "./scenarios/packed_5.js". */
  readonly module: string;
  readonly library: string;
  /**
   * For a peer: its adapter module and the scenario name. The scenario module (which
   * loads wasm-ecs) is then not imported at all in this process.
   */
  readonly adapter?: string;
  readonly scenario?: string;
  readonly plan: Plan;
}

export type Reply = { readonly ok: true; readonly outcome: Outcome } | { readonly ok: false; readonly error: string };

async function run(request: Request): Promise<Outcome> {
  if (request.adapter !== undefined) {
    // A peer: only its adapter (and so only its library) is loaded in this process.
    const { adapter } = (await import(request.adapter)) as { adapter: Adapter };
    const impl = adapter.scenarios[request.scenario as PeerScenario];
    if (impl === undefined) throw new Error(`${adapter.library} has no ${request.scenario}`);
    const state = await impl.setup();
    impl.check(state);
    const { stats, opsPerSample } = measureSteps(impl, state, request.plan);
    return { kind: "steps", stats, opsPerSample };
  }
  const mod: { bench?: Bench } = await import(request.module);
  const bench = mod.bench;
  if (bench === undefined) throw new Error(`${request.module} exports no \`bench\``);
  switch (bench.kind) {
    case "steps": {
      const impl = bench.implementations[request.library];
      if (impl === undefined) throw new Error(`${bench.name} has no implementation for ${request.library}`);
      const state = await impl.setup();
      impl.check(state);
      const { stats, opsPerSample } = measureSteps(impl, state, request.plan);
      return { kind: "steps", stats, opsPerSample };
    }
    case "phases": {
      const impl = bench.implementations[request.library];
      if (impl === undefined) throw new Error(`${bench.name} has no implementation for ${request.library}`);
      const state = await impl.setup();
      impl.check(state);
      return { kind: "phases", phases: measurePhases(impl, state, request.plan) };
    }
    case "figures": {
      const impl = bench.implementations[request.library];
      if (impl === undefined) throw new Error(`${bench.name} has no implementation for ${request.library}`);
      return { kind: "figures", figures: await impl.measure() };
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
