// The package through a bundler: `vite build` of examples/vite/ bundles wasm-ecs, emits
// core.wasm as an asset, and the built page runs in Chromium (test/support/browsers.ts).
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { describe, expect, inject, it } from "vitest";
import { launchChromium } from "../support/pages.js";
import { serve } from "../support/server.js";

describe("examples/vite", () => {
  it("vite build bundles the package and its wasm, and the built page runs", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "wasm-ecs-vite-"));
    await build({
      configFile: fileURLToPath(new URL("../../examples/vite/vite.config.js", import.meta.url)),
      build: { outDir },
      logLevel: "warn",
    });
    const assets = readdirSync(join(outDir, "assets"));
    expect(
      assets.some((f) => /^core-.*\.wasm$/.test(f)),
      `assets: ${assets.join(", ")}`,
    ).toBe(true);
    expect(assets.some((f) => f.endsWith(".js"))).toBe(true);

    const server = await serve(outDir);
    const browser = await launchChromium(inject("chromium"));
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/index.html`);
      const result = await page.waitFor(() => (window as unknown as { __vite?: unknown }).__vite);
      expect(result).toEqual({ entities: 1000, sumY: 1000 * 2 * 10 });
      expect(page.problems.join("\n")).toBe("");
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
