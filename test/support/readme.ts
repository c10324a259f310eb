// The README's runnable examples: every ```ts block that imports "wasm-ecs" (not
// "wasm-ecs/kernel": those are AssemblyScript), joined per section, with the section
// title above it. readme.test.ts runs them, readme-types.test.ts type-checks them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));

export interface ReadmeExample {
  readonly title: string;
  /** A file name for the example: its title in kebab case. */
  readonly name: string;
  readonly code: string;
}

export function readmeExamples(): ReadmeExample[] {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const sections: { title: string; code: string }[] = [];
  for (const m of readme.matchAll(/^(#+ .*)$|^```(\w+)\n([\s\S]*?)^```$/gm)) {
    if (m[1] !== undefined) sections.push({ title: m[1], code: "" });
    else if (m[2] === "ts" && m[3]?.includes('from "wasm-ecs"') && sections.length > 0)
      (sections[sections.length - 1] as { code: string }).code += m[3];
  }
  return sections
    .filter((s) => s.code.length > 0)
    .map((s) => ({ ...s, name: s.title.replace(/^#+ /, "").replace(/\W+/g, "-").replace(/-$/, "").toLowerCase() }));
}
