// npm run fuzz -- [--commands N] [--snapshots N] [--seed N] [--id-spawns N] [--id-churn N]:
// the long fuzz modes (test/fuzz/), with their sizes passed through the environment.
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    commands: { type: "string" },
    snapshots: { type: "string" },
    seed: { type: "string" },
    "id-spawns": { type: "string" },
    "id-churn": { type: "string" },
  },
});
const env = { ...process.env };
if (values.commands !== undefined) env.FUZZ_COMMANDS = values.commands;
if (values.snapshots !== undefined) env.FUZZ_SNAPSHOTS = values.snapshots;
if (values.seed !== undefined) env.FUZZ_SEED = values.seed;
if (values["id-spawns"] !== undefined) env.FUZZ_ID_SPAWNS = values["id-spawns"];
if (values["id-churn"] !== undefined) env.FUZZ_ID_CHURN = values["id-churn"];
const result = spawnSync("npx", ["vitest", "run", "--config", "vitest.fuzz.config.ts"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
