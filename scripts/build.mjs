// Builds everything the package and the tests need: the core in both targets
// (asconfig.json) and the facade (tsc). Output goes to a fresh folder that then
// replaces dist/, so a reader never sees a half-built dist/. Run by `npm run build`.
import { execFileSync } from "node:child_process";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const run = (script, args) => execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: "inherit" });
const out = `build/dist-${process.pid}`;

rmSync(new URL(`../${out}`, import.meta.url), { recursive: true, force: true });
mkdirSync(new URL(`../${out}`, import.meta.url), { recursive: true });
const asc = require.resolve("assemblyscript/bin/asc.js");
run(asc, ["assembly/index.ts", "--target", "release", "--outFile", `${out}/core.wasm`]);
run(asc, ["assembly/index.ts", "--target", "debug", "--outFile", `${out}/core.debug.wasm`]);
run(require.resolve("typescript/bin/tsc"), ["-p", "tsconfig.build.json", "--outDir", out]);
rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
renameSync(new URL(`../${out}`, import.meta.url), new URL("../dist", import.meta.url));
console.log("built dist/ (core.wasm, core.debug.wasm, facade)");
