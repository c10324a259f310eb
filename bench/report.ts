// The results file (JSON) and its markdown rendering: the standard scenarios as ops/sec
// with the peer figures the original design brief quoted, and the micro figures next to the
// budget of docs/design.md's "Performance budget" table (wasm-ecs's rows), with the peers' rows of the same
// micro bench beside them (no budget).
import { execFileSync } from "node:child_process";
import { arch, cpus, loadavg, platform, totalmem } from "node:os";
import { type Comparison, compare, isOurs, type Ranked } from "./compare.js";
import type { Entry, Plan, Stats } from "./types.js";

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly node: string;
  readonly v8: string;
  readonly platform: string;
  readonly memoryGiB: number;
  /** 1, 5 and 15-minute load averages when the run started. */
  readonly loadAtStart: readonly number[];
}

/**
 * The V8 protector a detached ArrayBuffer invalidates. Growing a (non-shared)
 * WebAssembly.Memory detaches its old buffer, so once a world's memory has grown, every
 * typed-array access in optimized code of that thread checks for detachment.
 */
export const DETACHING = "ArrayBufferDetaching";

function detachMark(e: Entry): string {
  return e.protectors.includes(DETACHING) ? "yes" : "no";
}

export interface Results {
  readonly date: string;
  readonly mode: "full" | "quick";
  readonly plan: Plan;
  readonly commit: string;
  readonly machine: Machine;
  readonly entries: readonly Entry[];
}

export function machineInfo(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? "unknown",
    cores: list.length,
    node: process.version,
    v8: process.versions.v8,
    platform: `${platform()} ${arch()}`,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** Short commit hash, with "+ uncommitted changes" when the tree is dirty. */
export function commitInfo(): string {
  try {
    const git = (...args: string[]): string =>
      execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const hash = git("rev-parse", "--short", "HEAD");
    return git("status", "--porcelain").length > 0 ? `${hash} + uncommitted changes` : hash;
  } catch {
    return "unknown (no git)";
  }
}

/** Best peer figures quoted by the original design brief (not measured here). */
const PEERS: Readonly<Record<string, string>> = {
  packed_5: "221k (piecs, bitECS 0.3)",
  simple_iter: "197k (piecs)",
  frag_iter: "423k (bitECS 0.3)",
  entity_cycle: "83k (piecs)",
  add_remove: "40k (piecs)",
};

interface Budget {
  readonly limit: number;
  readonly text: string;
}

/** docs/design.md budgets by micro row key (bench/library/part): wasm-ecs's rows; all are upper limits. */
const BUDGETS: Readonly<Record<string, Budget>> = {
  "views_vs_arrays_1m/ratio": { limit: 1.1, text: "≤ 1.10 × plain arrays" },
  "query_1_table/wasm-ecs": { limit: 50, text: "< 50 ns per table" },
  "query_100_tables/wasm-ecs": { limit: 50, text: "< 50 ns per table" },
  "spawn_destroy_100k/wasm-ecs/spawn": { limit: 15, text: "< 15 ns" },
  "spawn_destroy_100k/wasm-ecs/destroy": { limit: 15, text: "< 15 ns" },
  "deferred_spawn_100k/ratio": { limit: 2, text: "≤ 2 × an immediate spawn" },
  "add_remove_100k/wasm-ecs/add": { limit: 25, text: "< 25 ns" },
  "add_remove_100k/wasm-ecs/remove": { limit: 25, text: "< 25 ns" },
  "spawn_many_1m/wasm-ecs/spawnMany": { limit: 30, text: "< 30 ns" },
  "engine_100k/wasm-ecs/step overhead": { limit: 100, text: "< 100 ns per system (issue 4)" },
  "snapshot_1m/wasm-ecs/snapshot": { limit: 20, text: "< 20 ms (20 ns per entity)" },
  "snapshot_1m/wasm-ecs/restore": { limit: 20, text: "< 20 ms (20 ns per entity)" },
  "bytes_per_entity_1m/wasm-ecs/usedBytes per entity": { limit: 32, text: "≤ 32 B (16 B fields + 16)" },
  "bytes_per_entity_1m/wasm-ecs/usedBytes per entity, initialEntities: 1M": {
    limit: 32,
    text: "≤ 32 B (16 B fields + 16)",
  },
};

/** One line of the micro table. */
export interface MicroRow {
  readonly key: string;
  readonly figure: string;
  /** The median for timed figures. */
  readonly value: number;
  /** The fastest sample, for timed figures (the least disturbed by a noisy machine). */
  readonly best?: number;
  readonly unit: string;
  readonly spread?: Stats;
  readonly budget?: Budget;
  /** Whether the bench process had detach checks on (see DETACHING). */
  readonly detached?: boolean;
  readonly load?: number;
}

function row(e: Entry, key: string, figure: string, value: number, unit: string, spread?: Stats, scale = 1): MicroRow {
  const best = spread === undefined ? undefined : spread.minNs / scale;
  return {
    key,
    figure,
    value,
    best,
    unit,
    spread,
    budget: BUDGETS[key],
    detached: e.protectors.includes(DETACHING),
    load: e.load,
  };
}

/** The row's library in a micro figure: a peer with its version ("piecs, 0.4.0"). */
function who(e: Entry): string {
  return isOurs(e.library) || e.version === undefined ? e.library : `${e.library}, ${e.version}`;
}

/**
 * Flattens micro entries into rows (ns per unit, figures, and the views/plain ratio). A
 * phase's rows stand together, wasm-ecs's first, then the peers' (spawn of each library,
 * then destroy of each), in the order the entries came.
 */
export function microRows(entries: readonly Entry[]): MicroRow[] {
  /** Rows by the place they are listed at: a bench's phase, or the row's own key. */
  const places = new Map<string, MicroRow[]>();
  const put = (place: string, r: MicroRow): void => {
    const list = places.get(place);
    if (list === undefined) places.set(place, [r]);
    else list.push(r);
  };
  const iterate = new Map<string, Stats>();
  /** wasm-ecs's phase timings by "<bench>/<phase>", for the ratios below. */
  const phaseStats = new Map<string, Stats>();
  for (const e of entries) {
    if (e.group !== "micro" || e.outcome === undefined) continue;
    const base = `${e.bench}/${e.library}`;
    const o = e.outcome;
    if (o.kind === "steps") {
      const per = e.per ?? { count: 1, unit: "op" };
      const ns = o.stats.medianNs / per.count;
      put(base, row(e, base, `${e.bench} (${who(e)})`, ns, `ns/${per.unit}`, o.stats, per.count));
      if (e.bench === "views_vs_arrays_1m") iterate.set(e.library, o.stats);
    } else if (o.kind === "phases") {
      for (const p of o.phases) {
        if (isOurs(e.library)) phaseStats.set(`${e.bench}/${p.name}`, p.stats);
        const figure = `${e.bench}: ${p.name} (${who(e)})`;
        put(`${e.bench}: ${p.name}`, row(e, `${base}/${p.name}`, figure, p.stats.medianNs, `ns/${p.unit}`, p.stats));
      }
    } else {
      for (const [name, f] of Object.entries(o.figures)) {
        put(`${base}/${name}`, row(e, `${base}/${name}`, `${e.bench}: ${name} (${who(e)})`, f.value, f.unit));
      }
    }
  }
  const rows: MicroRow[] = [...places.values()].flat();
  const views = iterate.get("wasm-ecs");
  const plain = iterate.get("typed-arrays");
  const grown = iterate.get("typed-arrays-grown");
  const forOf = iterate.get("typed-arrays-for-of");
  const ratio = (key: string, figure: string, of: Stats, to: Stats): MicroRow => ({
    key,
    figure,
    value: of.medianNs / to.medianNs,
    best: of.minNs / to.minNs,
    unit: "×",
    budget: BUDGETS[key],
  });
  if (views !== undefined && plain !== undefined) {
    rows.push(
      ratio("views_vs_arrays_1m/ratio", "views_vs_arrays_1m: time of views / plain Float32Arrays", views, plain),
    );
  }
  if (views !== undefined && forOf !== undefined) {
    // Like for like: the same for-of loop shape over plain arrays.
    const figure = "views_vs_arrays_1m: time of views / plain Float32Arrays in the same for-of loop";
    rows.push(ratio("views_vs_arrays_1m/ratio", figure, views, forOf));
  }
  const deferred = phaseStats.get("deferred_spawn_100k/spawn, deferred");
  const immediate = phaseStats.get("spawn_destroy_100k/spawn");
  if (deferred !== undefined && immediate !== undefined) {
    // Both per entity of 100k single spawns of (Position, Velocity); the deferred one's flush included.
    const figure = "deferred_spawn_100k: time of a deferred spawn / an immediate one (spawn_destroy_100k)";
    rows.push(ratio("deferred_spawn_100k/ratio", figure, deferred, immediate));
  }
  const together = phaseStats.get("deferred_spawn_100k/spawn, immediate, same process");
  if (deferred !== undefined && together !== undefined) {
    // A program that spawns both ways: both loops in one process (V8's inlining sees both paths).
    const figure = "deferred_spawn_100k: time of a deferred spawn / an immediate one, both in one process";
    rows.push(ratio("deferred_spawn_100k/ratio", figure, deferred, together));
  }
  if (grown !== undefined && plain !== undefined) {
    // Not a wasm-ecs figure: what detach checks cost any typed-array loop (see DETACHING).
    const figure = "views_vs_arrays_1m: time of plain Float32Arrays after a memory.grow / without";
    rows.push(ratio("views_vs_arrays_1m/detach-checks", figure, grown, plain));
  }
  return rows;
}

// ── Formatting ──────────────────────────────────────────────────────────────
export function formatNs(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${ns.toFixed(ns < 10 ? 2 : 1)} ns`;
}

export function formatOps(opsPerSec: number): string {
  if (opsPerSec >= 1e6) return `${(opsPerSec / 1e6).toFixed(2)}M`;
  if (opsPerSec >= 1e3) return `${(opsPerSec / 1e3).toFixed(1)}k`;
  return opsPerSec.toFixed(1);
}

function formatValue(value: number, unit: string): string {
  if (unit === "B" && value >= 1 << 20) return `${(value / 2 ** 20).toFixed(1)} MiB`;
  if (unit === "×") return `${value.toFixed(3)} ×`;
  return `${value.toFixed(value < 100 ? 2 : 0)} ${unit}`;
}

/** "±4.1% (MAD 0.9%)": (max − min) / median and median absolute deviation. */
export function formatSpread(s: Stats): string {
  return `${s.spreadPct.toFixed(1)}% (MAD ${s.madPct.toFixed(1)}%)`;
}

function verdict(r: MicroRow): string {
  if (r.budget === undefined) return "";
  return r.value <= r.budget.limit ? "yes" : "**no**";
}

function ratioText(ratio: number | undefined): string {
  if (ratio === undefined) return "";
  const text = `${ratio.toFixed(2)}×`;
  return ratio >= 1 ? `**${text}**` : text;
}

function libraryName(r: Ranked): string {
  return r.version === undefined ? r.library : `${r.library} (${r.version})`;
}

/** The summary table (wasm-ecs vs the best peer) and one ranked table per scenario. */
function comparisonMarkdown(comparisons: readonly Comparison[], entries: readonly Entry[]): string[] {
  const out = [
    "## wasm-ecs against the best peer (one op = one step; higher ops/sec is better)",
    "",
    "| scenario | group | wasm-ecs ops/sec | best peer | best peer ops/sec | wasm-ecs / best peer | quoted peer figure |",
    "| --- | --- | ---: | --- | ---: | ---: | --- |",
  ];
  for (const c of comparisons) {
    const ours = c.ours === undefined ? "FAILED" : formatOps(c.ours);
    const peer = c.bestPeer === undefined ? "-" : libraryName(c.bestPeer);
    const peerOps = c.bestPeer?.ops === undefined ? "-" : formatOps(c.bestPeer.ops);
    out.push(
      `| ${c.scenario} | ${c.group} | ${ours} | ${peer} | ${peerOps} | ${ratioText(c.ratio)} | ${PEERS[c.scenario] ?? ""} |`,
    );
  }
  for (const c of comparisons) {
    out.push("", `### ${c.scenario}`, "", c.description, "", `![${c.scenario}](charts/${c.scenario}.svg)`, "");
    out.push("| library | ops/sec (median) | ops/sec (best) | vs wasm-ecs | spread | memory grew¹ | load |");
    out.push("| --- | ---: | ---: | ---: | --- | --- | ---: |");
    for (const r of c.ranked) {
      const e = entries.find((x) => x.bench === c.scenario && x.library === r.library);
      if (r.ops === undefined || e?.outcome?.kind !== "steps") {
        out.push(`| ${libraryName(r)} | - | - | | ${r.note ?? ""} | | |`);
        continue;
      }
      const vs = c.ours === undefined ? "" : `${(r.ops / c.ours).toFixed(2)}×`;
      const s = e.outcome.stats;
      out.push(
        `| ${libraryName(r)} | ${formatOps(r.ops)} | ${formatOps(r.bestOps ?? r.ops)} | ${vs} | ${formatSpread(s)} | ${detachMark(e)} | ${e.load.toFixed(2)} |`,
      );
    }
  }
  return out;
}

export function markdown(results: Results): string {
  const m = results.machine;
  const p = results.plan;
  const out: string[] = [
    "# wasm-ecs benchmarks",
    "",
    `- Date: ${results.date}`,
    `- Commit: ${results.commit}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; Node ${m.node} (V8 ${m.v8})`,
    `- Load average at start: ${m.loadAtStart.join(" / ")} (1 / 5 / 15 min); per bench in the \`load\` columns`,
    `- Mode: ${results.mode} (each bench in ${p.rounds ?? 1} fresh process${(p.rounds ?? 1) > 1 ? "es, one per round, every bench in turn each round" : ""}: warm-up ${p.warmupMs} ms, ${p.samples} samples of ≥ ${p.sampleMs} ms in each; the samples pooled)`,
    "- Spread: (max − min) / median over the samples, and the median absolute deviation (MAD) / median.",
    "",
  ];
  out.push(...comparisonMarkdown(compare(results.entries), results.entries));
  out.push(
    "",
    "¹ An ArrayBuffer was detached in the bench process (V8's ArrayBufferDetaching protector was invalidated),",
    "in practice by the world's wasm memory growing: from then on every typed-array access in optimized code",
    "carries a detach check, in every loop of that thread (views_vs_arrays_1m's last rows measures what that costs).",
    "",
    "## Micro figures and the docs/design.md budget",
    "",
    "The budget is wasm-ecs's. Peers' rows in spawn_destroy_100k, add_remove_100k and random_access_100k make the",
    "same per-entity changes through their own per-entity calls, measured in the same run (bench/README.md, Micro",
    "benches); their budget columns stay empty. random_access_100k's typed-arrays-record row is the least an",
    "archetype lookup does (record, generation, column start, value) over plain typed arrays.",
    "",
    "| figure | median | best | spread | memory grew¹ | load | budget | within (median) |",
    "| --- | ---: | ---: | --- | --- | ---: | --- | --- |",
  );
  for (const r of microRows(results.entries)) {
    const spread = r.spread === undefined ? "" : formatSpread(r.spread);
    const best = r.best === undefined ? "" : formatValue(r.best, r.unit);
    const value = formatValue(r.value, r.unit);
    const grew = r.detached === undefined ? "" : r.detached ? "yes" : "no";
    const load = r.load === undefined ? "" : r.load.toFixed(2);
    const budget = `${r.budget?.text ?? ""} | ${verdict(r)}`;
    out.push(`| ${r.figure} | ${value} | ${best} | ${spread} | ${grew} | ${load} | ${budget} |`);
  }
  for (const e of results.entries) {
    if (e.group === "micro" && e.outcome === undefined) out.push(`| ${e.bench} (${e.library}) | FAILED | | | | | | |`);
  }
  const failed = results.entries.filter((e) => e.error !== undefined);
  if (failed.length > 0) {
    out.push("", "## Failures", "");
    for (const e of failed) out.push(`### ${e.bench} (${e.library})`, "", "```", e.error ?? "", "```", "");
  }
  out.push(
    "",
    "Peers are measured in the same run, each (library, scenario) in a fresh process, through their implementations in bench/libs/.",
    "",
  );
  return out.join("\n");
}
