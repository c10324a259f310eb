// The bench runner: `node build/bench/run.js [--quick] [--rounds n] [--only name,name] [--lib name ...]`.
// Measures every job of jobs.ts (a (bench, implementation) pair) in a fresh child process
// (child.ts), prints a progress line per job, and writes results/latest.{json,md} (quick
// runs write results/quick.{json,md}, so a quick run never replaces the careful figures;
// runs filtered with --only or --lib only print). --lib takes a library ("koota", its
// variants included), a libs/ folder ("bitecs-0.4") or a row ("wasm-ecs (batch)"); repeat it
// for several.
import { fork } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chartSvg } from "./charts.js";
import type { Reply, Request } from "./child.js";
import { compare } from "./compare.js";
import { statsOf } from "./harness.js";
import { jobList } from "./jobs.js";
import {
  commitInfo,
  DETACHING,
  formatNs,
  formatOps,
  formatSpread,
  machineInfo,
  markdown,
  microRows,
  type Results,
} from "./report.js";
import type { Entry, Figure, Outcome, Plan } from "./types.js";

// A full run measures each job in 3 processes, minutes apart: this machine's speed drifts
// by up to 1.6x for minutes at a time (every library alike), and a job measured once
// would carry whichever speed its minute had into the ratios.
const FULL: Plan = { warmupMs: 500, samples: 7, sampleMs: 100, rounds: 3 };
const QUICK: Plan = { warmupMs: 150, samples: 3, sampleMs: 100, rounds: 1 };
/** A child that takes longer than this is killed and reported as failed. */
const CHILD_TIMEOUT_MS = 120_000;

const here = dirname(fileURLToPath(import.meta.url));
/** Results live in the source tree (bench/results), not next to the compiled runner. */
const resultsDir = join(here, "..", "..", "bench", "results");

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    lib: { type: "string", multiple: true },
    rounds: { type: "string" },
  },
});
const rounds = args.rounds === undefined ? undefined : Number(args.rounds);
if (rounds !== undefined && !(Number.isInteger(rounds) && rounds >= 1))
  throw new Error(`--rounds takes a whole number >= 1, got ${args.rounds}`);
const plan: Plan = { ...(args.quick ? QUICK : FULL), ...(rounds === undefined ? {} : { rounds }) };
const only = args.only?.split(",").map((s) => s.trim());

/** What V8 prints (to stdout) under --trace-protector-invalidation. */
const PROTECTOR_LINE = /^Invalidating protector cell (\w+)/;

/**
 * Runs one measurement in a fresh process and waits for its reply, with the names of the
 * V8 protectors the child invalidated (ArrayBufferDetaching: some ArrayBuffer was
 * detached, typically by a wasm memory.grow, so typed-array accesses carry detach checks).
 */
function measure(request: Request): Promise<{ reply: Reply; protectors: string[] }> {
  return new Promise((resolve) => {
    const child = fork(join(here, "child.js"), [JSON.stringify(request)], {
      execArgv: ["--expose-gc", "--trace-protector-invalidation"],
      // Production mode for every library, so none pays for development-only checks.
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    const protectors: string[] = [];
    createInterface({ input: child.stdout as Readable }).on("line", (line) => {
      const match = PROTECTOR_LINE.exec(line);
      if (match !== null) protectors.push(match[1]);
      else console.log(line);
    });
    let reply: Reply | undefined;
    const timer = setTimeout(() => {
      reply ??= { ok: false, error: `timed out after ${CHILD_TIMEOUT_MS / 1000} s` };
      child.kill();
    }, CHILD_TIMEOUT_MS);
    child.on("message", (message: Reply) => {
      reply ??= message;
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const error = `the child process exited (code ${code}, signal ${signal}) without a reply`;
      resolve({ reply: reply ?? { ok: false, error }, protectors });
    });
  });
}

function summary(outcome: Outcome, per: Entry["per"]): string {
  switch (outcome.kind) {
    case "steps": {
      const s = outcome.stats;
      const unit = per !== undefined && per.count > 1 ? `, ${formatNs(s.medianNs / per.count)}/${per.unit}` : "";
      return `${formatOps(1e9 / s.medianNs).padStart(8)} ops/s  ${formatNs(s.medianNs)}/op${unit}  spread ${formatSpread(s)}`;
    }
    case "phases":
      return outcome.phases.map((p) => `${p.name} ${formatNs(p.stats.medianNs)}/${p.unit}`).join("  ");
    case "figures":
      return Object.entries(outcome.figures)
        .map(([name, f]) => `${name}: ${Math.round(f.value * 100) / 100} ${f.unit}`)
        .join("; ");
  }
}

/** Writes through a temporary file, so a reader never sees half a file. */
function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** What the rounds measured of one job: every reply, the protectors any child invalidated, seconds in all, the highest load. */
interface Measured {
  readonly replies: Reply[];
  readonly protectors: string[];
  seconds: number;
  load: number;
}

/** One job's outcomes of every round as one: the samples pooled (the median of them all), a figure's median. */
function joined(outcomes: readonly Outcome[]): Outcome {
  const first = outcomes[0];
  if (outcomes.length === 1) return first;
  switch (first.kind) {
    case "steps": {
      const all = outcomes as Extract<Outcome, { kind: "steps" }>[];
      return { ...first, stats: statsOf(all.flatMap((o) => o.stats.samples)) };
    }
    case "phases": {
      const all = outcomes as Extract<Outcome, { kind: "phases" }>[];
      const phases = first.phases.map((p, k) => ({
        ...p,
        stats: statsOf(all.flatMap((o) => o.phases[k].stats.samples)),
      }));
      return { kind: "phases", phases };
    }
    case "figures": {
      const all = outcomes as Extract<Outcome, { kind: "figures" }>[];
      const figures: Record<string, Figure> = {};
      for (const [name, f] of Object.entries(first.figures)) {
        const values = all.map((o) => o.figures[name].value).sort((a, b) => a - b);
        figures[name] = { unit: f.unit, value: values[values.length >> 1] };
      }
      return { kind: "figures", figures };
    }
  }
}

async function main(): Promise<void> {
  const { jobs, skipped } = await jobList({ only, libs: args.lib });
  if (jobs.length === 0) throw new Error("No bench matches --only / --lib");
  const machine = machineInfo();
  // The commit measured is the one at the start (a merge during a long run must not name itself).
  const commit = commitInfo();
  console.log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; ${args.quick ? "quick" : "full"} run`);
  const started = performance.now();
  // Round r measures every job once, in turn; its outcome joins the job's earlier ones.
  const measured: Measured[] = jobs.map(() => ({ replies: [], protectors: [], seconds: 0, load: 0 }));
  const passes = plan.rounds ?? 1;
  for (let round = 0; round < passes; round++) {
    for (const [i, job] of jobs.entries()) {
      const t0 = performance.now();
      const { reply, protectors } = await measure({ target: job.target, row: job.row, plan });
      const seconds = (performance.now() - t0) / 1000;
      const m = measured[i];
      m.replies.push(reply);
      for (const p of protectors) if (!m.protectors.includes(p)) m.protectors.push(p);
      m.seconds += seconds;
      m.load = Math.max(m.load, Math.round(loadavg()[0] * 100) / 100);
      const n = passes > 1 ? `${round + 1}.` : "";
      const label = `[${n}${String(i + 1).padStart(2)}/${jobs.length}] ${job.bench.padEnd(20)} ${job.row.padEnd(28)}`;
      const text = reply.ok ? summary(reply.outcome, job.per) : `FAILED: ${reply.error.split("\n")[0]}`;
      const detached = protectors.includes(DETACHING) ? "  [detach checks on]" : "";
      console.log(`${label} ${text}${detached}  (${seconds.toFixed(1)} s)`);
    }
  }
  const entries: Entry[] = jobs.map((job, i) => {
    const { replies, protectors, seconds, load } = measured[i];
    const { bench, group, description, per, version } = job;
    const base = { bench, group, description, library: job.row, version, per, seconds, protectors, load };
    const failed = replies.find((r) => !r.ok);
    if (failed !== undefined && !failed.ok) return { ...base, error: failed.error };
    return { ...base, outcome: joined(replies.map((r) => (r as { outcome: Outcome }).outcome)) };
  });
  for (const { bench, group, description, per, library, version, why } of skipped) {
    entries.push({
      bench,
      group,
      description,
      per,
      library,
      version,
      unsupported: why,
      seconds: 0,
      protectors: [],
      load: 0,
    });
  }
  const results: Results = {
    date: new Date().toISOString(),
    mode: args.quick ? "quick" : "full",
    plan,
    commit,
    machine,
    entries,
  };
  const text = markdown(results);
  if (only === undefined && args.lib === undefined) {
    mkdirSync(resultsDir, { recursive: true });
    const stem = join(resultsDir, args.quick ? "quick" : "latest");
    writeAtomic(`${stem}.json`, `${JSON.stringify({ ...results, micro: microRows(entries) }, null, 2)}\n`);
    writeAtomic(`${stem}.md`, text);
    // One SVG chart per compared scenario (full runs; the markdown links them).
    if (!args.quick) {
      const charts = join(resultsDir, "charts");
      mkdirSync(charts, { recursive: true });
      for (const c of compare(entries)) writeAtomic(join(charts, `${c.scenario}.svg`), await chartSvg(c));
    }
    console.log(`\nwrote ${stem}.md and .json in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  console.log(`\n${text}`);
  const failures = entries.filter((e) => e.error !== undefined).length;
  if (failures > 0) {
    console.error(`${failures} bench(es) failed`);
    process.exitCode = 1;
  }
}

await main();
