// Results of `npm run bench:runtimes`: the JSON shape, its markdown table (scenario ×
// runtime, ops/sec, one line per library) and the SVG chart (vega-lite → vega, rendered
// headless with renderer "none"). Node only (run.ts imports it; the runtimes never do).
import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import type { Machine } from "../report.js";
import { formatNs, formatOps } from "../report.js";
import type { Group } from "../types.js";
import type { Measurement, RuntimePlan } from "./entry.js";

export const RUNTIME_IDS = ["node", "deno", "bun", "chromium", "firefox"] as const;
export type RuntimeId = (typeof RUNTIME_IDS)[number];

export const RUNTIME_LABELS: Readonly<Record<RuntimeId, string>> = {
  node: "Node",
  deno: "Deno",
  bun: "Bun",
  chromium: "Chromium",
  firefox: "Firefox ESR",
};

export interface RuntimeInfo {
  readonly id: RuntimeId;
  readonly label: string;
  /** Engine: V8, JavaScriptCore, SpiderMonkey. */
  readonly engine: string;
  /** Version as the runtime or its driver reports it; undefined when skipped or never started. */
  readonly version?: string;
  /** What the runtime reported from inside a measurement (V8 version, user agent). */
  readonly detail?: string;
  /** Why the runtime was not run (binary or driver missing). */
  readonly skipped?: string;
  /** How it was started. */
  readonly command: string;
}

/** One line of the report: a library's own row, or one of its named variant rows. */
export interface LibraryInfo {
  /**
   * The library's report name ("wasm-ecs", "bitecs 0.4"), from its bench/libs/ notes, or a
   * variant row's name ("wasm-ecs (kernel SIMD)").
   */
  readonly name: string;
  /** For a variant row: its library's name. */
  readonly variantOf?: string;
  readonly version?: string;
  /** Why this library (or variant row) was not measured at all (no bench/libs/ file is it). */
  readonly pending?: string;
}

export interface Row {
  readonly scenario: string;
  readonly group: Group;
  readonly description: string;
  readonly per?: { readonly count: number; readonly unit: string };
  /** The report's row: a library ("wasm-ecs") or a variant row ("wasm-ecs (kernel)"), a LibraryInfo name. */
  readonly library: string;
  readonly runtime: RuntimeId;
  readonly measurement?: Measurement;
  readonly error?: string;
  /** Not measured: the runtime was skipped, or the library does not implement the scenario. */
  readonly skipped?: string;
  /** Wall-clock seconds for the measurement, process or browser start included. */
  readonly seconds: number;
  /** 1-minute load average when the measurement ended. */
  readonly load: number;
}

export interface RuntimeResults {
  readonly date: string;
  readonly mode: "full" | "quick";
  readonly plans: Readonly<Record<Group, RuntimePlan>>;
  readonly commit: string;
  readonly machine: Machine;
  readonly runtimes: readonly RuntimeInfo[];
  readonly libraries: readonly LibraryInfo[];
  readonly scenarios: readonly string[];
  readonly rows: readonly Row[];
  readonly seconds: number;
}

export function opsPerSec(m: Measurement): number {
  return 1e9 / m.stats.medianNs;
}

/** Prefix of Row.skipped when the whole runtime was skipped (binary or driver missing). */
export const RUNTIME_SKIPPED = "runtime skipped: ";

function cell(row: Row | undefined): string {
  if (row === undefined) return "";
  if (row.measurement !== undefined) return formatOps(opsPerSec(row.measurement));
  if (row.error !== undefined) return "**failed**";
  if (row.skipped?.startsWith(RUNTIME_SKIPPED)) return "skipped";
  return "-";
}

function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

function planText(plan: RuntimePlan): string {
  const fewer =
    plan.minSamples < plan.samples
      ? ` (down to ${plan.minSamples} when ${plan.samples} would take over ${plan.sampleBudgetMs / 1000} s)`
      : "";
  return `warm-up ${plan.warmupMs} ms, ${plan.samples} samples${fewer} of ≥ ${plan.sampleMs} ms`;
}

/** " Variant rows: ..." when the results have any (the scenarios they are measured in). */
function variantNote(r: RuntimeResults): string {
  const variants = r.libraries.filter((lib) => lib.variantOf !== undefined && lib.pending === undefined);
  if (variants.length === 0) return "";
  const where = (name: string): string =>
    r.scenarios.filter((s) => r.rows.some((row) => row.scenario === s && row.library === name)).join(", ");
  return ` Variant rows (bench/libs/<lib>/<scenario>.<variant>.ts): ${variants.map((v) => `${v.name} in ${where(v.name)}`).join("; ")}.`;
}

export function markdown(r: RuntimeResults): string {
  // Skipped runtimes keep their column (cells say "skipped"), so a missing binary is visible.
  const active = r.runtimes;
  const m = r.machine;
  const lines: string[] = [
    `# wasm-ecs across runtimes (${r.mode} run)`,
    "",
    `${r.date} · commit ${r.commit} · ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform} · ` +
      `load at start ${m.loadAtStart.join(" / ")} · ${Math.round(r.seconds)} s`,
    "",
    `Method: every (scenario, runtime, library) in a fresh process (Node, Deno, Bun) or a fresh ` +
      `${r.mode === "full" ? "browser process" : "browser context"} (Chromium, Firefox); setup and the ` +
      `scenario's check, then ${planText(r.plans.standard)} (scale scenarios: ${planText(r.plans.scale)}); ` +
      "the median per-op time as ops/sec, higher is better. `performance.now()` everywhere.",
    "",
    `Libraries: ${[...new Map(r.libraries.map((lib) => [lib.variantOf ?? lib.name, lib.version])).entries()]
      .map(([name, version]) => `${name} (package version ${version ?? "?"})`)
      .join(", ")}.${variantNote(r)}`,
    "",
    "| runtime | engine | version | reported from inside |",
    "| --- | --- | --- | --- |",
  ];
  for (const rt of r.runtimes) {
    const version = rt.skipped !== undefined ? `skipped: ${rt.skipped}` : (rt.version ?? "?");
    lines.push(`| ${rt.label} | ${rt.engine} | ${escapeCell(version)} | ${escapeCell(rt.detail ?? "")} |`);
  }
  lines.push("");
  for (const lib of r.libraries) {
    if (lib.pending !== undefined) lines.push(`${lib.name}: not measured (${lib.pending}).`, "");
  }
  lines.push(
    `| scenario | library | ${active.map((rt) => rt.label).join(" | ")} |`,
    `| --- | --- | ${active.map(() => "---:").join(" | ")} |`,
  );
  const libraries = r.libraries.filter((lib) => lib.pending === undefined);
  for (const scenario of r.scenarios) {
    for (const lib of libraries) {
      const cells = active.map((rt) =>
        cell(r.rows.find((row) => row.scenario === scenario && row.library === lib.name && row.runtime === rt.id)),
      );
      if (cells.every((c) => c === "")) continue;
      const name = lib === libraries[0] ? scenario : "";
      lines.push(`| ${name} | ${lib.name} | ${cells.join(" | ")} |`);
    }
  }
  const perUnit: string[] = [];
  for (const scenario of r.scenarios) {
    for (const lib of libraries) {
      const rows = active.map((rt) =>
        r.rows.find((row) => row.scenario === scenario && row.library === lib.name && row.runtime === rt.id),
      );
      const first = rows.find((row) => row?.per !== undefined);
      if (first?.per === undefined) continue;
      const per = first.per;
      const cells = rows.map((row) =>
        row?.measurement === undefined ? cell(row) : formatNs(row.measurement.stats.medianNs / per.count),
      );
      perUnit.push(`| ${scenario} (per ${per.unit}) | ${lib.name} | ${cells.join(" | ")} |`);
    }
  }
  if (perUnit.length > 0) {
    lines.push(
      "",
      "Scale scenarios per unit (median ns per entity, table, migration or access; lower is better):",
      "",
      `| scenario | library | ${active.map((rt) => rt.label).join(" | ")} |`,
      `| --- | --- | ${active.map(() => "---:").join(" | ")} |`,
      ...perUnit,
    );
  }
  lines.push("", "Spread of the samples, (max − min) / median (n: samples, when fewer than planned):", "");
  lines.push(
    `| scenario | library | ${active.map((rt) => rt.label).join(" | ")} |`,
    `| --- | --- | ${active.map(() => "---:").join(" | ")} |`,
  );
  for (const scenario of r.scenarios) {
    for (const lib of libraries) {
      const cells = active.map((rt) => {
        const row = r.rows.find((x) => x.scenario === scenario && x.library === lib.name && x.runtime === rt.id);
        if (row?.measurement === undefined) return cell(row);
        const m = row.measurement;
        const n = m.samples < r.plans[row.group].samples ? ` (n=${m.samples})` : "";
        return `${m.stats.spreadPct.toFixed(0)}%${n}`;
      });
      if (cells.every((c) => c === "")) continue;
      lines.push(`| ${scenario} | ${lib.name} | ${cells.join(" | ")} |`);
    }
  }
  const failures = r.rows.filter((row) => row.error !== undefined);
  if (failures.length > 0) {
    lines.push("", "## Failures", "");
    for (const f of failures) {
      const first = f.error?.split("\n").find((l) => l.trim() !== "") ?? "";
      lines.push(`- ${f.scenario} · ${f.library} · ${RUNTIME_LABELS[f.runtime]}: \`${first.replaceAll("`", "'")}\``);
    }
  }
  const unsupported = r.rows.filter((row) => row.skipped !== undefined && row.error === undefined);
  const notes = new Map<string, string[]>();
  for (const row of unsupported) {
    if (r.runtimes.find((rt) => rt.id === row.runtime)?.skipped !== undefined) continue;
    const key = `${row.library}: ${row.skipped}`;
    const list = notes.get(key) ?? [];
    if (!list.includes(row.scenario)) list.push(row.scenario);
    notes.set(key, list);
  }
  if (notes.size > 0) {
    lines.push("", "Not measured (shown as -):", "");
    for (const [key, scenarios] of notes) lines.push(`- ${scenarios.join(", ")}: ${key}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Grouped bars: one group per scenario, one bar per runtime and library, ops/sec on a log scale. */
export async function chartSvg(r: RuntimeResults): Promise<string> {
  const active = r.runtimes.filter((rt) => rt.skipped === undefined);
  const measured = r.libraries.filter((lib) => lib.pending === undefined);
  const libraries = measured.map((lib) => lib.name);
  // Opaque: the first library (wasm-ecs); its variant rows half pale; peers pale.
  const ours = measured[0]?.name;
  const opacityOf = (lib: LibraryInfo): number => (lib.name === ours ? 1 : lib.variantOf === ours ? 0.7 : 0.4);
  const peers = measured.filter((lib) => lib.name !== ours && lib.variantOf === undefined).map((lib) => lib.name);
  const variants = measured.filter((lib) => lib.variantOf !== undefined && lib.variantOf === ours).map((l) => l.name);
  const values: { scenario: string; runtime: string; library: string; series: string; ops: number }[] = [];
  const series: string[] = [];
  for (const rt of active) {
    for (const lib of libraries) series.push(`${rt.label} · ${lib}`);
  }
  for (const row of r.rows) {
    if (row.measurement === undefined) continue;
    const label = RUNTIME_LABELS[row.runtime];
    values.push({
      scenario: row.scenario,
      runtime: label,
      library: row.library,
      series: `${label} · ${row.library}`,
      ops: Math.round(opsPerSec(row.measurement) * 10) / 10,
    });
  }
  // One grid line per decade: the log axis would draw every minor tick otherwise.
  const decades: number[] = [];
  if (values.length > 0) {
    const lo = Math.floor(Math.log10(Math.min(...values.map((v) => v.ops))));
    const hi = Math.ceil(Math.log10(Math.max(...values.map((v) => v.ops))));
    for (let d = lo; d <= hi; d++) decades.push(10 ** d);
  }
  const spec: TopLevelSpec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    title: {
      text: "wasm-ecs across runtimes: ops/sec (log scale, higher is better)",
      subtitle: `${r.mode} run, ${r.date.slice(0, 10)}, ${r.machine.cpu} (${r.machine.cores} cores)${
        variants.length > 0 ? `; half-pale bars: ${variants.join(", ")}` : ""
      }${peers.length > 0 ? `; pale bars: ${peers.join(", ")}` : ""}`,
    },
    width: Math.max(400, r.scenarios.length * series.length * 9),
    height: 360,
    background: "white",
    data: { values },
    mark: { type: "bar", tooltip: true },
    encoding: {
      x: { field: "scenario", type: "nominal", sort: [...r.scenarios], title: null, axis: { labelAngle: -30 } },
      xOffset: { field: "series", type: "nominal", sort: series },
      y: {
        field: "ops",
        type: "quantitative",
        scale: { type: "log", domain: decades.length > 0 ? [decades[0], decades[decades.length - 1]] : undefined },
        stack: null,
        title: "ops/sec (log)",
        axis: { values: decades, labelExpr: "datum.value < 1 ? format(datum.value, '~g') : format(datum.value, '~s')" },
      },
      color: {
        field: "runtime",
        type: "nominal",
        sort: active.map((rt) => rt.label),
        scale: { scheme: "tableau10" },
        title: "runtime",
      },
      opacity: {
        field: "library",
        type: "nominal",
        sort: libraries,
        scale: { domain: libraries, range: measured.map(opacityOf) },
        title: "library",
      },
    },
  };
  const vegaSpec = compile(spec).spec;
  const view = new View(parse(vegaSpec), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}
