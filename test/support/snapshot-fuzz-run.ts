// Runs the snapshot fuzzer (snapshot-fuzz.ts) in a worker thread with a watchdog: a
// variant that takes longer than `hangMs` is a hang; the worker is terminated (which
// stops even a loop inside wasm) and a fresh one goes on from the next variant. The
// worker is bundled from its TypeScript sources with esbuild (the package itself comes
// from dist/, as in every test).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import type { Outcome } from "./snapshot-fuzz.js";

export interface FuzzReport {
  /** Variants by outcome, hangs included. */
  readonly tally: Record<Outcome | "hang", number>;
  /** Variants by what was done to them and how they ended: "kind / outcome" -> count. */
  readonly kinds: Record<string, number>;
  /** The first few failures: variant, what was done, what happened. */
  readonly failures: string[];
}

async function bundleWorker(dir: string): Promise<string> {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const dist = pathToFileURL(join(root, "dist/index.js")).href;
  const result = await build({
    entryPoints: [join(root, "test/support/snapshot-fuzz-worker.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    write: false,
    logLevel: "silent",
    plugins: [
      { name: "dist", setup: (b) => b.onResolve({ filter: /^wasm-ecs$/ }, () => ({ path: dist, external: true })) },
    ],
  });
  const file = join(dir, "snapshot-fuzz-worker.mjs");
  writeFileSync(file, result.outputFiles[0].contents);
  return file;
}

/** Runs `count` variants of `seed` against a debug or release world. */
export async function runSnapshotFuzz(opts: {
  count: number;
  seed: number;
  debug: boolean;
  hangMs?: number;
  onProgress?: (done: number) => void;
}): Promise<FuzzReport> {
  const hangMs = opts.hangMs ?? 20_000;
  const dir = mkdtempSync(join(tmpdir(), "wasm-ecs-fuzz-"));
  const tally = { refused: 0, capacity: 0, accepted: 0, changed: 0, trap: 0, untyped: 0, invariant: 0, hang: 0 };
  const kinds: Record<string, number> = {};
  const failures: string[] = [];
  const note = (i: number, kind: string, outcome: string, detail: string) => {
    kinds[`${kind} / ${outcome}`] = (kinds[`${kind} / ${outcome}`] ?? 0) + 1;
    if (outcome !== "refused" && outcome !== "capacity" && outcome !== "accepted" && failures.length < 20)
      failures.push(
        `variant ${i} (seed ${opts.seed}, ${opts.debug ? "debug" : "release"}): ${kind}: ${outcome} ${detail}`,
      );
  };
  try {
    const file = await bundleWorker(dir);
    let from = 0;
    while (from < opts.count) {
      from = await new Promise<number>((resolve, reject) => {
        const worker = new Worker(file, {
          workerData: { seed: opts.seed, from, count: opts.count - from, debug: opts.debug },
        });
        let current = from;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const arm = () => {
          clearTimeout(timer);
          timer = setTimeout(() => {
            tally.hang++;
            note(current, "?", "hang", `no answer in ${hangMs} ms`);
            void worker.terminate().then(() => resolve(current + 1));
          }, hangMs);
        };
        arm();
        worker.on("message", (m: { type: string; i: number; outcome: Outcome; kind: string; detail: string }) => {
          arm();
          if (m.type === "start") current = m.i;
          else if (m.type === "result") {
            tally[m.outcome]++;
            note(m.i, m.kind, m.outcome, m.detail);
            opts.onProgress?.(m.i + 1);
          } else if (m.type === "done") {
            clearTimeout(timer);
            void worker.terminate().then(() => resolve(opts.count));
          }
        });
        worker.on("error", (error) => {
          clearTimeout(timer);
          reject(error);
        });
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { tally, kinds, failures };
}
