// The README's examples type-check as users' strictest projects compile them: `strict`
// plus `noUncheckedIndexedAccess`, with "wasm-ecs" resolved the way a user's project
// resolves it (the package's exports: dist/index.d.ts) and the declarations themselves
// checked too (no skipLibCheck). test/api/entity-types.test.ts is compiled with them.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readmeExamples, root } from "../support/readme.js";

const dir = join(root, "build", "readme-types");
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");

/** A control file: one typed-array read the flag must refuse, so a run that reports nothing did check. */
const CONTROL = `import { component, createWorld } from "wasm-ecs";
const P = component("P", { x: "f32" });
const world = await createWorld({ components: [P] });
for (const t of world.query({ all: [P] })) { const x = t.columns(P).x; x[0] += 1; }
`;

/** Compiles the given files (paths relative to the project root) and returns tsc's error lines. */
function typeErrors(files: readonly string[]): string[] {
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        lib: ["ES2022", "DOM"],
        types: [],
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        skipLibCheck: false,
      },
      files: files.map((f) => join("..", "..", f)),
    }),
  );
  try {
    execFileSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { cwd: root, encoding: "utf8" });
    return [];
  } catch (error) {
    const out = (error as { stdout?: string }).stdout ?? String(error);
    return out.split("\n").filter((l) => /error TS\d+/.test(l));
  }
}

describe("README examples under strict + noUncheckedIndexedAccess", () => {
  it("every example type-checks against dist/'s declarations, and the check refuses an unchecked element read", () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (const { name, code } of readmeExamples()) {
      writeFileSync(join(dir, `${name}.ts`), code);
      files.push(`build/readme-types/${name}.ts`);
    }
    expect(files.length).toBe(3);
    writeFileSync(join(dir, "control.ts"), CONTROL);
    const errors = typeErrors([...files, "build/readme-types/control.ts", "test/api/entity-types.test.ts"]);
    // The control's unchecked read (and only it) is refused.
    expect(errors.filter((l) => !l.startsWith("build/readme-types/control.ts"))).toEqual([]);
    expect(errors).toEqual([
      expect.stringMatching(/^build\/readme-types\/control\.ts\(4,\d+\): error TS2532: Object is possibly 'undefined'/),
    ]);
  });
});
