// `npm run bench:runtimes` (after the build): the jobs of jobs.ts for the standard and
// scale scenarios, for wasm-ecs's own rows, a few of its named variants (RUNTIME_VARIANTS:
// the kernel rows of iterate_1m) and two peers as reference lines (RUNTIME_LIBRARIES),
// measured in Node, Deno, Bun, Chromium and Firefox ESR.
//
//   node build/bench/runtimes/run.js [--quick] [--only packed_5,iterate_1m]
//                                    [--runtimes node,deno,bun,chromium,firefox]
//                                    [--lib wasm-ecs | --lib "wasm-ecs (kernel SIMD)"]
//
// Every measurement runs entry.ts in a fresh process: cli.js under node / deno / bun, or
// page.html in a freshly launched browser (--quick: one browser per runtime, a fresh
// browser context, and so a fresh renderer process, per measurement). A runtime whose
// binary (or driver package) is missing is reported as skipped. Full unfiltered runs write
// bench/results/runtimes.{md,json,svg}; quick ones runtimes-quick.*; filtered runs only print.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { ScenarioTarget } from "../check.js";
import { type Job, jobList, OURS, SCENARIOS, type Skip } from "../jobs.js";
import { commitInfo, formatNs, formatOps, machineInfo } from "../report.js";
import type { Group } from "../types.js";
import { type MeasureReply, type MeasureRequest, RESULT_PREFIX, type RuntimePlan } from "./entry.js";
import {
  chartSvg,
  type LibraryInfo,
  markdown,
  opsPerSec,
  type Row,
  RUNTIME_IDS,
  RUNTIME_LABELS,
  RUNTIME_SKIPPED,
  type RuntimeInfo,
  type RuntimeResults,
} from "./report.js";

// ── Configuration ──────────────────────────────────────────────────────────────────
/**
 * Full run: warm-up by time (>= 500 ms), then 10 samples, the median reported. A sample
 * lasts at least sampleMs; scale scenarios whose single op is slow (bitecs spawn_1m takes
 * seconds per op) take fewer samples, down to 3, to stay within the sample budget.
 */
const FULL: Readonly<Record<Group, RuntimePlan>> = {
  standard: { warmupMs: 500, samples: 10, sampleMs: 100, sampleBudgetMs: 3000, minSamples: 10 },
  scale: { warmupMs: 500, samples: 10, sampleMs: 60, sampleBudgetMs: 3000, minSamples: 3 },
  micro: { warmupMs: 500, samples: 10, sampleMs: 100, sampleBudgetMs: 3000, minSamples: 10 },
};
const QUICK: Readonly<Record<Group, RuntimePlan>> = {
  standard: { warmupMs: 150, samples: 3, sampleMs: 50, sampleBudgetMs: 500, minSamples: 3 },
  scale: { warmupMs: 150, samples: 3, sampleMs: 50, sampleBudgetMs: 500, minSamples: 1 },
  micro: { warmupMs: 150, samples: 3, sampleMs: 50, sampleBudgetMs: 500, minSamples: 3 },
};
/** A measurement that takes longer than this (start-up included) is stopped and reported as failed. */
const TIMEOUT_MS = 180_000;

/**
 * The libraries measured, by report name: wasm-ecs and peers as reference lines, each
 * through its bench/libs/ folder. Browsers resolve a peer's bare imports through
 * page.html's import map (add an entry there for a new peer package).
 */
const RUNTIME_LIBRARIES: readonly string[] = [OURS, "bitecs 0.4", "piecs"];

/**
 * Named variant rows of those libraries measured too, each in the scenarios listed: the
 * kernel rows (AssemblyScript systems, bench/kernels/, built by bench/kernels/build.mjs into
 * build/bench/kernels/: read from disk in Node, Deno and Bun, fetched from the page's
 * server in browsers). Next to iterate_1m's one big table, the scenarios of many small
 * tables show what a kernel run costs per table in each runtime.
 */
const RUNTIME_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  [`${OURS} (kernel)`]: ["iterate_1m", "packed_5", "frag_iter", "fragmented_256"],
  [`${OURS} (kernel SIMD)`]: ["iterate_1m"],
};

/**
 * Binaries; the environment variables override them (a missing one makes the runtime
 * skipped). Without CHROMIUM_BIN and Debian's /usr/bin/chromium, the Chromium the npm
 * package @sparticuz/chromium ships (a devDependency, the one `npm test` falls back to:
 * test/support/browsers.ts) is unpacked and driven.
 */
const CHROMIUM_BIN = process.env.CHROMIUM_BIN;
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const FIREFOX = process.env.FIREFOX_BIN ?? "/usr/bin/firefox-esr";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// ── Paths ──────────────────────────────────────────────────────────────────────────
/** This file runs from build/bench/runtimes/. */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const cliPath = fileURLToPath(new URL("./cli.js", import.meta.url));
const resultsDir = join(root, "bench", "results");
const bin = (name: string): string => join(root, "node_modules", ".bin", name);
const bunTsconfig = join(root, "bench", "runtimes", "bun-tsconfig.json");

const { values: args } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    runtimes: { type: "string" },
    lib: { type: "string" },
  },
});
const quick = args.quick === true;
const plans = quick ? QUICK : FULL;
const only = args.only?.split(",").map((s) => s.trim());
const runtimeFilter = args.runtimes?.split(",").map((s) => s.trim());
for (const id of runtimeFilter ?? []) {
  if (!(RUNTIME_IDS as readonly string[]).includes(id)) throw new Error(`unknown runtime ${id}; one of ${RUNTIME_IDS}`);
}
for (const name of only ?? []) {
  if (!SCENARIOS.includes(name)) throw new Error(`unknown scenario ${name}`);
}

// ── Helpers ────────────────────────────────────────────────────────────────────────
function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** This package's version (a self-reference cannot reach package.json: it is not exported). */
function ownVersion(): string | undefined {
  return (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version?: string }).version;
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A path inside the repository as written in results (no machine paths). */
function relative(path: string): string {
  return path.startsWith(`${root}/`)
    ? path.slice(root.length + 1)
    : path.startsWith(root)
      ? path.slice(root.length)
      : path;
}

/** What `command ...argv` prints on stdout (throws when it fails). */
function probe(command: string, argv: string[]): string {
  return execFileSync(command, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 30_000 }).trim();
}

/** A browser's `--version` line ("Chromium 156.0… built on Debian…", "Mozilla Firefox 153.7.0esr"), if it prints one. */
function versionLine(browser: string): string | undefined {
  try {
    return (
      probe(browser, ["--version"])
        .split("\n")[0]
        ?.replace(/ built on .*$/, "") || undefined
    );
  } catch {
    return undefined;
  }
}

// ── Drivers ────────────────────────────────────────────────────────────────────────
interface Driver {
  readonly info: RuntimeInfo;
  measure(request: MeasureRequest): Promise<MeasureReply>;
  close(): Promise<void>;
}

/** Mutable runtime info: the version and inside detail become known while running. */
type MutableInfo = { -readonly [K in keyof RuntimeInfo]: RuntimeInfo[K] };

/** Runs cli.js in a fresh process and parses its RESULT line. */
function runProcess(label: string, command: string, argv: readonly string[]): Promise<MeasureReply> {
  return new Promise((resolve) => {
    const child = spawn(command, argv, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let reply: MeasureReply | undefined;
    const stderr: string[] = [];
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line.startsWith(RESULT_PREFIX)) {
        try {
          reply = JSON.parse(line.slice(RESULT_PREFIX.length)) as MeasureReply;
        } catch (error) {
          reply = { ok: false, error: `unreadable reply: ${errorText(error)}` };
        }
      } else console.log(`    ${label}| ${line}`);
    });
    createInterface({ input: child.stderr }).on("line", (line) => {
      stderr.push(line);
      if (stderr.length > 40) stderr.shift();
    });
    const timer = setTimeout(() => {
      reply ??= { ok: false, error: `timed out after ${TIMEOUT_MS / 1000} s` };
      child.kill("SIGKILL");
    }, TIMEOUT_MS);
    child.on("error", (error) => {
      reply ??= { ok: false, error: `could not start ${command}: ${error.message}` };
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const tail = stderr.join("\n").trim();
      const error = `${label} exited (code ${code}, signal ${signal}) without a reply${tail ? `:\n${tail}` : ""}`;
      resolve(reply ?? { ok: false, error });
    });
  });
}

function processDriver(
  id: "node" | "deno" | "bun",
  engine: string,
  command: string,
  flags: readonly string[],
  version: () => string,
): Driver {
  const info: MutableInfo = {
    id,
    label: RUNTIME_LABELS[id],
    engine,
    command: `${[command, ...flags].map(relative).join(" ")} build/bench/runtimes/cli.js '<request>'`,
  };
  if (!existsSync(command)) info.skipped = `${command} not found`;
  else {
    try {
      info.version = version();
    } catch (error) {
      info.skipped = `${command} does not run: ${errorText(error).split("\n")[0]}`;
    }
  }
  return {
    info,
    measure: (request) => runProcess(id, command, [...flags, cliPath, JSON.stringify(request)]),
    close: async () => {},
  };
}

/** What page.html leaves on the page's global object. */
interface PageGlobals {
  readonly wasmEcsBench: { measure(request: MeasureRequest): Promise<MeasureReply> };
}

interface Served {
  readonly url: string;
  close(): Promise<void>;
}

let served: Promise<Served> | undefined;

/** The static server (scripts/static-server.mjs: application/wasm, COOP/COEP), started once. */
function server(): Promise<Served> {
  served ??= (async () => {
    const mod = (await import(new URL("../../../scripts/static-server.mjs", import.meta.url).href)) as {
      startServer(options?: { dir?: string; port?: number }): Promise<Served>;
    };
    return mod.startServer({ dir: root });
  })();
  return served;
}

/** Page errors and console errors, for a failure message. */
class PageLog {
  readonly lines: string[] = [];
  add(line: string): void {
    this.lines.push(line);
    if (this.lines.length > 20) this.lines.shift();
  }
  failure(error: unknown): MeasureReply {
    const log = this.lines.length > 0 ? `\npage log:\n${this.lines.join("\n")}` : "";
    return { ok: false, error: `${errorText(error)}${log}` };
  }
}

/** The page's JS: wait until page.html's module has loaded, then measure inside the page. */
const READY = (): boolean => "wasmEcsBench" in globalThis;
const MEASURE = (request: MeasureRequest): Promise<MeasureReply> =>
  (globalThis as unknown as PageGlobals).wasmEcsBench.measure(request);

/** How to launch Chromium: an executable, its flags and where it comes from. */
interface ChromiumLaunch {
  readonly executablePath: string;
  readonly args: readonly string[];
  /** "CHROMIUM_BIN", "system" (Debian's package) or "npm" (@sparticuz/chromium). */
  readonly source: string;
}

/**
 * CHROMIUM_BIN, else Debian's Chromium, else the npm one (unpacked on first use; its own
 * flags minus --single-process, plus ours), as test/support/browsers.ts finds it. A
 * string says why there is none.
 */
async function findChromium(): Promise<ChromiumLaunch | string> {
  if (CHROMIUM_BIN !== undefined && CHROMIUM_BIN !== "") {
    if (!existsSync(CHROMIUM_BIN)) return `CHROMIUM_BIN ${CHROMIUM_BIN} not found`;
    return { executablePath: CHROMIUM_BIN, args: CHROMIUM_ARGS, source: "CHROMIUM_BIN" };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS, source: "system" };
  try {
    const { default: npmChromium } = await import("@sparticuz/chromium");
    const executablePath = await npmChromium.executablePath();
    const args = npmChromium.args.filter((a) => a !== "--single-process");
    return { executablePath, args: [...args, ...CHROMIUM_ARGS.filter((f) => !args.includes(f))], source: "npm" };
  } catch (error) {
    return `${SYSTEM_CHROMIUM} not found and @sparticuz/chromium does not unpack: ${errorText(error).split("\n")[0]}`;
  }
}

async function chromiumDriver(): Promise<Driver> {
  const found = await findChromium();
  const executable = typeof found === "string" ? SYSTEM_CHROMIUM : found.executablePath;
  const from = typeof found === "string" || found.source === "system" ? "" : ` (${found.source})`;
  const info: MutableInfo = {
    id: "chromium",
    label: RUNTIME_LABELS.chromium,
    engine: "V8",
    command: `playwright-core chromium.launch({ executablePath: "${executable}"${from}, args: [${(typeof found === "string" ? CHROMIUM_ARGS : found.args).join(" ")}] })`,
  };
  const none: Driver = { info, measure: async () => ({ ok: false, error: "skipped" }), close: async () => {} };
  if (typeof found === "string") {
    info.skipped = found;
    return none;
  }
  info.version = versionLine(found.executablePath);
  let pw: typeof import("playwright-core");
  try {
    pw = await import("playwright-core");
  } catch (error) {
    info.skipped = `playwright-core does not load: ${errorText(error).split("\n")[0]}`;
    return none;
  }
  type PwBrowser = Awaited<ReturnType<typeof pw.chromium.launch>>;
  const launch = async (): Promise<PwBrowser> => {
    const browser = await pw.chromium.launch({
      executablePath: found.executablePath,
      args: [...found.args],
      headless: true,
    });
    info.version ??= `Chromium ${browser.version()}`;
    return browser;
  };
  let shared: PwBrowser | undefined;
  return {
    info,
    async measure(request) {
      const log = new PageLog();
      let browser: PwBrowser | undefined;
      try {
        browser = quick ? (shared ??= await launch()) : await launch();
        const context = await browser.newContext();
        try {
          const page = await context.newPage();
          page.on("pageerror", (e) => log.add(`pageerror: ${e.message}`));
          page.on("console", (m) => {
            if (m.type() === "error" || m.type() === "warning") log.add(`console.${m.type()}: ${m.text()}`);
          });
          await page.goto(`${(await server()).url}/bench/runtimes/page.html`);
          await page.waitForFunction(READY, undefined, { timeout: 30_000 });
          return await withTimeout(page.evaluate(MEASURE, request), TIMEOUT_MS, "the measurement");
        } finally {
          await context.close().catch(() => {});
        }
      } catch (error) {
        return log.failure(error);
      } finally {
        if (!quick) await browser?.close().catch(() => {});
      }
    },
    async close() {
      await shared?.close().catch(() => {});
    },
  };
}

async function firefoxDriver(): Promise<Driver> {
  const info: MutableInfo = {
    id: "firefox",
    label: RUNTIME_LABELS.firefox,
    engine: "SpiderMonkey",
    command: `puppeteer-core launch({ browser: "firefox", executablePath: "${FIREFOX}", protocol: "webDriverBiDi" })`,
  };
  const none: Driver = { info, measure: async () => ({ ok: false, error: "skipped" }), close: async () => {} };
  if (!existsSync(FIREFOX)) {
    info.skipped = `${FIREFOX} not found`;
    return none;
  }
  info.version = versionLine(FIREFOX);
  let pp: typeof import("puppeteer-core");
  try {
    pp = await import("puppeteer-core");
  } catch (error) {
    info.skipped = `puppeteer-core does not load: ${errorText(error).split("\n")[0]}`;
    return none;
  }
  type PpBrowser = Awaited<ReturnType<typeof pp.default.launch>>;
  const launch = async (): Promise<PpBrowser> => {
    const browser = await pp.default.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      protocol: "webDriverBiDi",
      headless: true,
      protocolTimeout: TIMEOUT_MS + 30_000,
    });
    info.version ??= `Firefox ${(await browser.version()).replace(/^firefox\//i, "")}`;
    return browser;
  };
  let shared: PpBrowser | undefined;
  return {
    info,
    async measure(request) {
      const log = new PageLog();
      let browser: PpBrowser | undefined;
      try {
        browser = quick ? (shared ??= await launch()) : await launch();
        const context = await browser.createBrowserContext();
        try {
          const page = await context.newPage();
          page.on("pageerror", (e) => log.add(`pageerror: ${errorText(e)}`));
          page.on("console", (m) => {
            if (m.type() === "error" || m.type() === "warn") log.add(`console.${m.type()}: ${m.text()}`);
          });
          await page.goto(`${(await server()).url}/bench/runtimes/page.html`);
          await page.waitForFunction(READY, { timeout: 30_000 });
          return await withTimeout(page.evaluate(MEASURE, request), TIMEOUT_MS, "the measurement");
        } finally {
          await context.close().catch(() => {});
        }
      } catch (error) {
        return log.failure(error);
      } finally {
        if (!quick) await browser?.close().catch(() => {});
      }
    },
    async close() {
      await shared?.close().catch(() => {});
    },
  };
}

async function drivers(): Promise<Driver[]> {
  const deno = process.env.DENO_BIN ?? bin("deno");
  const bun = process.env.BUN_BIN ?? bin("bun");
  const all: Driver[] = [
    processDriver("node", "V8", process.execPath, ["--expose-gc"], () => `Node ${process.version.slice(1)}`),
    processDriver("deno", "V8", deno, ["run", "--no-prompt", "--allow-read", "--v8-flags=--expose-gc"], () =>
      probe(deno, ["--version"])
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => /^(deno|v8) /.test(l))
        .join(", ")
        .replace(/^deno /, "Deno ")
        .replace(/ \(stable[^)]*\)/, ""),
    ),
    processDriver(
      "bun",
      "JavaScriptCore",
      bun,
      ["--tsconfig-override", bunTsconfig],
      () => `Bun ${probe(bun, ["--version"])}`,
    ),
    await chromiumDriver(),
    await firefoxDriver(),
  ];
  return all.filter((d) => runtimeFilter === undefined || runtimeFilter.includes(d.info.id));
}

// ── Libraries ──────────────────────────────────────────────────────────────────────
/**
 * The report's rows: each of RUNTIME_LIBRARIES followed by its RUNTIME_VARIANTS rows, those
 * --lib keeps (a library name keeps the library and its variant rows, a row name that row).
 */
function rowNames(): string[] {
  const rows: string[] = [];
  for (const name of RUNTIME_LIBRARIES) {
    const variants = Object.keys(RUNTIME_VARIANTS).filter((row) => row.startsWith(`${name} (`));
    for (const row of [name, ...variants]) {
      if (args.lib === undefined || args.lib === name || args.lib === row) rows.push(row);
    }
  }
  return rows;
}

/** The rows rowNames() keeps, with versions; one jobList() does the rest. */
async function libraries(): Promise<{ infos: LibraryInfo[]; jobs: Job[]; skipped: Skip[] }> {
  const names = rowNames();
  if (names.length === 0) throw new Error(`--lib ${args.lib}: not one of ${rowNamesAll().join(", ")}`);
  const all = await jobList({ only, libs: names, micro: false });
  // A library's own rows, and its variant rows only in the scenarios RUNTIME_VARIANTS lists.
  const jobs = all.jobs.filter(
    (j) => names.includes(j.row) && (j.variant === undefined || (RUNTIME_VARIANTS[j.row]?.includes(j.bench) ?? false)),
  );
  const skipped = all.skipped.filter((k) => names.includes(k.library));
  const infos: LibraryInfo[] = [];
  for (const name of names) {
    const scenarios = RUNTIME_VARIANTS[name];
    if (scenarios !== undefined) {
      const job = jobs.find((j) => j.row === name);
      if (job !== undefined) {
        infos.push({ name, variantOf: job.library, version: job.library === OURS ? ownVersion() : job.version });
      } else if (scenarios.some((s) => only === undefined || only.includes(s))) {
        infos.push({ name, pending: `no bench/libs/ file is this row of ${scenarios.join(", ")}` });
      }
      continue;
    }
    const about = jobs.find((j) => j.library === name) ?? skipped.find((k) => k.library === name);
    if (about === undefined) infos.push({ name, pending: "no folder in bench/libs/ names it" });
    else infos.push({ name, version: name === OURS ? ownVersion() : about.version });
  }
  return { infos, jobs, skipped };
}

/** Every row name --lib accepts. */
function rowNamesAll(): string[] {
  return [...RUNTIME_LIBRARIES, ...Object.keys(RUNTIME_VARIANTS)];
}

// ── Main ───────────────────────────────────────────────────────────────────────────
function summary(reply: MeasureReply, per: Row["per"]): string {
  if (!reply.ok) return `FAILED: ${reply.error.split("\n").find((l) => l.trim() !== "") ?? ""}`;
  const s = reply.measurement.stats;
  const unit = per !== undefined && per.count > 1 ? `  ${formatNs(s.medianNs / per.count)}/${per.unit}` : "";
  return `${formatOps(opsPerSec(reply.measurement)).padStart(8)} ops/s  ${formatNs(s.medianNs)}/op${unit}  spread ${s.spreadPct.toFixed(1)}%`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const machine = machineInfo();
  // The commit measured is the one at the start (a merge during a long run must not name itself).
  const commit = commitInfo();
  const runners = await drivers();
  const libs = await libraries();
  const scenarios = SCENARIOS.filter((name) => [...libs.jobs, ...libs.skipped].some((j) => j.bench === name));

  console.log(
    `${machine.cpu}, ${machine.cores} cores, load ${machine.loadAtStart.join(" / ")}; ${quick ? "quick" : "full"} run`,
  );
  for (const d of runners) {
    console.log(
      `  ${d.info.label.padEnd(12)} ${d.info.skipped === undefined ? (d.info.version ?? "") : `skipped: ${d.info.skipped}`}`,
    );
  }
  const width = Math.max(12, ...libs.infos.map((info) => info.name.length));
  for (const info of libs.infos) console.log(`  ${info.name.padEnd(width)} ${info.pending ?? info.version ?? ""}`);

  const work: { readonly job: Job; readonly runner: Driver; readonly target: ScenarioTarget }[] = [];
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    for (const runner of runners) {
      for (const info of libs.infos) {
        const job = libs.jobs.find((j) => j.bench === scenario && j.row === info.name);
        const skip =
          info.variantOf === undefined
            ? libs.skipped.find((k) => k.bench === scenario && k.library === info.name)
            : undefined;
        const about = job ?? skip;
        if (about === undefined) continue;
        const { group, description, per } = about;
        const row = {
          scenario,
          group,
          description,
          per,
          library: info.name,
          runtime: runner.info.id,
          seconds: 0,
          load: 0,
        };
        if (runner.info.skipped !== undefined)
          rows.push({ ...row, skipped: `${RUNTIME_SKIPPED}${runner.info.skipped}` });
        else if (job === undefined) rows.push({ ...row, skipped: skip?.why ?? "not implemented" });
        else if (job.target.kind !== "scenario") rows.push({ ...row, skipped: "not a scenario" });
        else work.push({ job, runner, target: job.target });
      }
    }
  }
  if (work.length === 0) throw new Error("Nothing to measure with these --only / --runtimes / --lib filters");
  console.log("");

  for (const [i, { job, runner, target }] of work.entries()) {
    const request: MeasureRequest = {
      target: { spec: target.spec, implementation: target.implementation },
      row: job.row,
      plan: plans[job.group],
    };
    const t0 = performance.now();
    const reply = await runner.measure(request);
    const seconds = (performance.now() - t0) / 1000;
    const load = Math.round(loadavg()[0] * 100) / 100;
    const info = runner.info as MutableInfo;
    if (reply.ok) info.detail ??= reply.measurement.runtime;
    const { bench: scenario, group, description, per } = job;
    rows.push({
      scenario,
      group,
      description,
      per,
      library: job.row,
      runtime: runner.info.id,
      ...(reply.ok ? { measurement: reply.measurement } : { error: reply.error }),
      seconds,
      load,
    });
    const label = `[${String(i + 1).padStart(String(work.length).length)}/${work.length}] ${scenario.padEnd(15)} ${runner.info.label.padEnd(12)} ${job.row.padEnd(width)}`;
    console.log(`${label} ${summary(reply, per)}  (${seconds.toFixed(1)} s, load ${load.toFixed(1)})`);
  }
  for (const runner of runners) await runner.close();
  if (served !== undefined) await (await served).close();

  const results: RuntimeResults = {
    date: new Date().toISOString(),
    mode: quick ? "quick" : "full",
    plans,
    commit,
    machine,
    runtimes: runners.map((d) => d.info),
    libraries: libs.infos,
    scenarios,
    rows,
    seconds: (performance.now() - started) / 1000,
  };
  const text = markdown(results);
  const filtered = only !== undefined || runtimeFilter !== undefined || args.lib !== undefined;
  if (!filtered) {
    mkdirSync(resultsDir, { recursive: true });
    const stem = join(resultsDir, quick ? "runtimes-quick" : "runtimes");
    writeAtomic(`${stem}.json`, `${JSON.stringify(results, null, 2)}\n`);
    writeAtomic(`${stem}.md`, text);
    writeAtomic(`${stem}.svg`, await chartSvg(results));
    console.log(`\nwrote ${stem}.{md,json,svg} in ${Math.round(results.seconds)} s`);
  }
  console.log(`\n${text}`);
  const failures = rows.filter((r) => r.error !== undefined).length;
  if (failures > 0) {
    console.error(`${failures} measurement(s) failed`);
    process.exitCode = 1;
  }
}

await main();
