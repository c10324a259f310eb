// The package through a bundler: `vite build` of examples/vite/ bundles wasm-ecs, emits
// core.wasm as an asset, and the built page runs in Debian chromium (playwright-core).
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { build } from "vite";
import { describe, expect, it } from "vitest";

const CHROMIUM = "/usr/bin/chromium";

describe("examples/vite", () => {
  it("vite build bundles the package and its wasm, and the built page runs", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "wasm-ecs-vite-"));
    await build({
      configFile: fileURLToPath(new URL("../../examples/vite/vite.config.js", import.meta.url)),
      build: { outDir },
    });
    const assets = readdirSync(join(outDir, "assets"));
    expect(
      assets.some((f) => /^core-.*\.wasm$/.test(f)),
      `assets: ${assets.join(", ")}`,
    ).toBe(true);
    expect(assets.some((f) => f.endsWith(".js"))).toBe(true);

    expect(existsSync(CHROMIUM), "chromium is not installed: .ci/run installs it").toBe(true);
    const { startServer } = (await import(new URL("../../scripts/static-server.mjs", import.meta.url).href)) as {
      startServer(o: { dir: string }): Promise<{ url: string; close(): Promise<void> }>;
    };
    const server = await startServer({ dir: outDir });
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox"] });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(m.text());
      });
      page.on("pageerror", (e) => problems.push(e.message));
      await page.goto(`${server.url}/index.html`);
      await page.waitForFunction(() => (window as unknown as { __vite?: unknown }).__vite !== undefined);
      const result = await page.evaluate(() => (window as unknown as { __vite: unknown }).__vite);
      expect(result).toEqual({ entities: 1000, sumY: 1000 * 2 * 10 });
      expect(problems.join("\n")).toBe("");
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
