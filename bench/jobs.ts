// The one job list: every (bench, implementation) pair that `npm run bench` (run.ts) and
// `npm run bench:runtimes` (runtimes/run.ts) measure, found on disk. Node only.
//
//   scenarios/<name>.ts                  a spec (SCENARIOS gives the report order)
//   libs/<lib>/notes.ts                  a library: the folder is its whole registration
//   libs/<lib>/<scenario>.ts             its implementation of one spec: the row "<name>"
//   libs/<lib>/<scenario>.<variant>.ts   a named variant: the row "<name> (<variant>)"
//   libs/<lib>/<micro>.ts                its implementation of a micro bench (exports `micro`):
//                                        the row "<name>" in that bench, with its own check
//   libs/<lib>/<other>.ts                a helper (exports no `implementation`)
//   micro/<name>.ts                      micro benches (MICRO gives the report order), with
//                                        wasm-ecs's implementations and their own checks
//
// Files are listed from the source tree (bench/), so a file deleted there never runs from a
// stale build; their compiled modules (build/bench/) are imported for names and variants.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ScenarioTarget } from "./check.js";
import type { Implementation, LibraryNotes, Spec } from "./spec.js";
import type { Bench, Group, MicroImplementation, PhaseImplementation } from "./types.js";

/** The compared scenarios, in report order. A new spec file needs its name here. */
export const SCENARIOS: readonly string[] = [
  "packed_5",
  "simple_iter",
  "frag_iter",
  "entity_cycle",
  "add_remove",
  "iterate_1m",
  "spawn_1m",
  "migrate_100k",
  "fragmented_256",
  "random_access",
  "hierarchy_10k",
  "reparent_10k",
  "relation_fanout",
];

/** The micro benches, in report order. */
export const MICRO: readonly string[] = [
  "views_vs_arrays_1m",
  "query_1_table",
  "query_100_tables",
  "spawn_destroy_100k",
  "deferred_spawn_100k",
  "add_remove_100k",
  "random_access_100k",
  "spawn_many_1m",
  "bytes_per_entity_1m",
  "engine_100k",
  "snapshot_1m",
  "snapshot_size_1m",
];

/** Listed first; every other library follows by name. */
export const OURS = "wasm-ecs";

/** What a measuring process loads. Module paths are relative to the compiled bench folder. */
export type Target =
  | ({ readonly kind: "scenario" } & ScenarioTarget)
  /** One of a micro bench's own implementations: `bench.implementations[key]` of micro/<name>.js. */
  | { readonly kind: "micro"; readonly module: string; readonly key: string }
  /** A peer's implementation of a micro bench: `micro` of libs/<lib>/<name>.js. */
  | { readonly kind: "peer micro"; readonly module: string };

interface About {
  readonly bench: string;
  readonly group: Group;
  readonly description: string;
  readonly per?: { readonly count: number; readonly unit: string };
  /** The library ("wasm-ecs", "bitecs 0.4"). */
  readonly library: string;
  readonly version?: string;
}

export interface Job extends About {
  /** The report's row: the library, or "<library> (<variant>)". */
  readonly row: string;
  readonly variant?: string;
  readonly target: Target;
}

/** A library that has no implementation of a scenario: the report shows "-" and why. */
export interface Skip extends About {
  readonly why: string;
}

export interface Selection {
  /** Bench names (scenarios or micro). */
  readonly only?: readonly string[];
  /** Library names (variants included), library folders, or row names. */
  readonly libs?: readonly string[];
  /** Include the micro benches (default true). */
  readonly micro?: boolean;
  /** Include named variants (default true). */
  readonly variants?: boolean;
}

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..");
const source = join(repo, "bench");

/** Module stems of a source folder (no .d.ts), sorted. */
function stems(dir: string): string[] {
  return readdirSync(join(source, dir))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => f.slice(0, -3))
    .sort();
}

async function exported<T>(path: string, name: string): Promise<T | undefined> {
  try {
    return ((await import(`./${path}`)) as Record<string, T | undefined>)[name];
  } catch (error) {
    throw new Error(`bench/${path.replace(/\.js$/, ".ts")} does not load (compile bench/ first?)`, { cause: error });
  }
}

async function required<T>(path: string, name: string): Promise<T> {
  const value = await exported<T>(path, name);
  if (value === undefined) throw new Error(`bench/${path.replace(/\.js$/, ".ts")} exports no \`${name}\``);
  return value;
}

/** Version of an installed npm package, read from its folder (an exports map may hide package.json). */
function versionOf(packageName: string | undefined): string | undefined {
  if (packageName === undefined) return undefined;
  try {
    const file = join(repo, "node_modules", packageName, "package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

interface Row {
  readonly scenario: string;
  readonly variant?: string;
  readonly target: Target;
}

interface Library {
  readonly name: string;
  readonly folder: string;
  readonly version?: string;
  readonly cannot: Readonly<Record<string, string>>;
  readonly rows: readonly Row[];
  /** The micro benches it implements (libs/<folder>/<name>.ts exporting `micro`). */
  readonly micro: readonly string[];
}

/** libs/<folder>/: its notes and one row per implementation file. */
async function library(folder: string): Promise<Library> {
  if (!stems(join("libs", folder)).includes("notes")) throw new Error(`bench/libs/${folder}/ has no notes.ts`);
  const notes = await required<LibraryNotes>(`libs/${folder}/notes.js`, "notes");
  const rows: Row[] = [];
  const micro: string[] = [];
  for (const stem of stems(join("libs", folder))) {
    if (stem === "notes") continue;
    const path = `libs/${folder}/${stem}.js`;
    if (MICRO.includes(stem)) {
      if (notes.name === OURS) throw new Error(`bench/libs/${folder}/${stem}.ts: ${OURS}'s micro rows live in micro/`);
      await required<MicroImplementation>(path, "micro");
      micro.push(stem);
      continue;
    }
    const [scenario, ...variantName] = stem.split(".");
    if (!SCENARIOS.includes(scenario)) {
      if ((await exported(path, "implementation")) === undefined) continue; // a helper
      throw new Error(`bench/libs/${folder}/${stem}.ts: ${scenario} is not a scenario in jobs.ts SCENARIOS`);
    }
    const { variant } = await required<Implementation>(path, "implementation");
    if (variantName.length > 0 !== (variant !== undefined)) {
      throw new Error(
        `bench/libs/${folder}/${stem}.ts: a variant's file is <scenario>.<variant>.ts and sets \`variant\``,
      );
    }
    if (notes.cannot?.[scenario] !== undefined) {
      throw new Error(`bench/libs/${folder}: notes say it cannot do ${scenario}, yet ${stem}.ts implements it`);
    }
    rows.push({
      scenario,
      variant,
      target: { kind: "scenario", spec: `scenarios/${scenario}.js`, implementation: path },
    });
  }
  const version = versionOf(notes.packageName);
  return { name: notes.name, folder, version, cannot: notes.cannot ?? {}, rows, micro };
}

/** Every library, one per folder of libs/; ours first. */
async function libraries(): Promise<Library[]> {
  const folders = readdirSync(join(source, "libs"), { withFileTypes: true }).filter((d) => d.isDirectory());
  const list = await Promise.all(folders.map((d) => library(d.name)));
  return list.sort((a, b) => Number(b.name === OURS) - Number(a.name === OURS) || a.name.localeCompare(b.name));
}

/** The specs of SCENARIOS, checked against the files in scenarios/. */
async function specs(): Promise<Map<string, Spec>> {
  const extra = stems("scenarios").filter((s) => !SCENARIOS.includes(s));
  if (extra.length > 0) throw new Error(`bench/scenarios/${extra[0]}.ts is not in jobs.ts SCENARIOS (report order)`);
  const map = new Map<string, Spec>();
  for (const name of SCENARIOS) {
    const spec = await required<Spec>(`scenarios/${name}.js`, "spec");
    if (spec.name !== name) throw new Error(`bench/scenarios/${name}.ts names its spec ${spec.name}`);
    map.set(name, spec);
  }
  return map;
}

/**
 * Throws unless a peer's implementation of a micro bench is of the bench's kind and, for a
 * phase bench, has the phases of the bench's own implementations (names, units, units per
 * run): the same work per unit, so its ns per entity stand beside wasm-ecs's.
 */
function checkPeerMicro(bench: Bench, peer: MicroImplementation, file: string): void {
  const where = `bench/${file.replace(/\.js$/, ".ts")}`;
  if (peer.kind !== bench.kind)
    throw new Error(`${where}: a ${peer.kind} implementation of ${bench.kind} bench ${bench.name}`);
  if (bench.kind !== "phases" || peer.kind !== "phases") return;
  const shape = (phases: PhaseImplementation<unknown>["phases"]): string =>
    phases.map((p) => `${p.name}: ${p.per} per ${p.unit}`).join(", ");
  for (const [key, own] of Object.entries(bench.implementations)) {
    if (shape(own.phases) !== shape(peer.phases)) {
      throw new Error(`${where}: phases ${shape(peer.phases)}; ${bench.name} (${key}) has ${shape(own.phases)}`);
    }
  }
}

/** Every job and skip the selection asks for, scenarios first (in SCENARIOS order), then micro. */
export async function jobList(selection: Selection = {}): Promise<{ jobs: Job[]; skipped: Skip[] }> {
  const { only, libs, micro = true, variants = true } = selection;
  for (const name of only ?? []) {
    if (!SCENARIOS.includes(name) && !MICRO.includes(name)) throw new Error(`unknown bench ${name}`);
  }
  const wanted = (name: string): boolean => only === undefined || only.includes(name);
  const chosen = (...names: string[]): boolean => libs === undefined || names.some((n) => libs.includes(n));
  const jobs: Job[] = [];
  const skipped: Skip[] = [];
  const all = await libraries();
  for (const [name, spec] of await specs()) {
    if (!wanted(name)) continue;
    const about = { bench: name, group: spec.group, description: spec.description, per: spec.per };
    for (const lib of all) {
      const base = { ...about, library: lib.name, version: lib.version };
      const rows = lib.rows.filter((r) => r.scenario === name);
      if (rows.length === 0 && chosen(lib.name, lib.folder))
        skipped.push({ ...base, why: lib.cannot[name] ?? "not implemented" });
      for (const { variant, target } of rows) {
        const row = variant === undefined ? lib.name : `${lib.name} (${variant})`;
        if ((variants || variant === undefined) && chosen(lib.name, lib.folder, row))
          jobs.push({ ...base, row, variant, target });
      }
    }
  }
  const extra = stems("micro").filter((s) => !MICRO.includes(s));
  if (extra.length > 0) throw new Error(`bench/micro/${extra[0]}.ts is not in jobs.ts MICRO (report order)`);
  for (const name of micro ? MICRO : []) {
    if (!wanted(name)) continue;
    const module = `micro/${name}.js`;
    const bench = await required<Bench>(module, "bench");
    const per = bench.kind === "steps" ? bench.per : undefined;
    const about = { bench: name, group: bench.group, description: bench.description, per };
    for (const key of Object.keys(bench.implementations)) {
      if (!chosen(OURS, key)) continue;
      jobs.push({ ...about, library: OURS, row: key, target: { kind: "micro", module, key } });
    }
    // Peers' implementations, each the row of its library (ours is above).
    for (const lib of all) {
      if (!lib.micro.includes(name) || !chosen(lib.name, lib.folder)) continue;
      const path = `libs/${lib.folder}/${name}.js`;
      checkPeerMicro(bench, await required<MicroImplementation>(path, "micro"), path);
      const target: Target = { kind: "peer micro", module: path };
      jobs.push({ ...about, library: lib.name, version: lib.version, row: lib.name, target });
    }
  }
  return { jobs, skipped };
}
