// Builds everything the package and the tests need: the core in both targets
// (asconfig.json) and the facade (tsc -> dist/). Run by `npm run build`.
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const run = (script, args) => execFileSync(process.execPath, [script, ...args], { cwd: root, stdio: "inherit" });

rmSync(new URL("../dist", import.meta.url), { recursive: true, force: true });
const asc = require.resolve("assemblyscript/bin/asc.js");
for (const target of ["release", "debug"]) run(asc, ["assembly/index.ts", "--target", target]);
run(require.resolve("typescript/bin/tsc"), ["-p", "tsconfig.build.json"]);
console.log("built dist/ (core.wasm, core.debug.wasm, facade)");
