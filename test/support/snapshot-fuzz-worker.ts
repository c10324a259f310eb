// The fuzz worker (a worker thread, bundled by snapshot-fuzz-run.ts): runs variants
// from..from+count-1 of a seed, posting "start" before each variant and its result after,
// so the runner can tell a hang (no message for too long) from slow progress.
import { parentPort, workerData } from "node:worker_threads";
import { fuzzState, runVariant } from "./snapshot-fuzz.js";

interface Job {
  readonly seed: number;
  readonly from: number;
  readonly count: number;
  readonly debug: boolean;
}

const job = workerData as Job;
const port = parentPort;
if (port === null) throw new Error("snapshot-fuzz-worker runs as a worker thread");
const state = await fuzzState(job.debug);
for (let i = job.from; i < job.from + job.count; i++) {
  port.postMessage({ type: "start", i });
  const r = await runVariant(state, job.seed, i);
  port.postMessage({ type: "result", i, ...r });
}
port.postMessage({ type: "done" });
