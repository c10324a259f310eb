// The package through a bundler: `vite build` of examples/vite/ compiles the example's
// kernel (kernels/move.ts, with the package's kernel build, from its vite.config.js),
// bundles wasm-ecs, emits core.wasm and the kernel's move.wasm as assets, and the built
// page runs in Chromium (test/support/browsers.ts): ten steps of a JS loop, then ten
// steps of the kernel as a system.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { describe, expect, inject, it } from "vitest";
import { launchChromium } from "../support/pages.js";
import { serve } from "../support/server.js";

const KERNEL = fileURLToPath(new URL("../../examples/vite/kernels/move.wasm", import.meta.url));

describe("examples/vite", () => {
  it("vite build compiles the kernel, bundles the package and the wasm files, and the built page runs the kernel", async () => {
    rmSync(KERNEL, { force: true });
    const outDir = mkdtempSync(join(tmpdir(), "wasm-ecs-vite-"));
    await build({
      configFile: fileURLToPath(new URL("../../examples/vite/vite.config.js", import.meta.url)),
      build: { outDir },
      logLevel: "warn",
    });
    expect(readdirSync(join(KERNEL, "..")), "examples/vite/kernels/ after the build").toContain("move.wasm");
    const assets = readdirSync(join(outDir, "assets"));
    const core = assets.find((f) => /^core-.*\.wasm$/.test(f));
    const kernel = assets.find((f) => /^move-.*\.wasm$/.test(f));
    expect(core, `assets: ${assets.join(", ")}`).toBeDefined();
    expect(kernel, `assets: ${assets.join(", ")}`).toBeDefined();
    expect(assets.some((f) => f.endsWith(".js"))).toBe(true);

    const server = await serve(outDir);
    const browser = await launchChromium(inject("chromium"));
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/index.html`);
      const result = await page.waitFor(() => (window as unknown as { __vite?: unknown }).__vite);
      // Velocity (1, 2): ten JS steps of dt 1, then ten kernel steps of dt 0.5, per entity.
      expect(result).toEqual({
        entities: 1000,
        kernels: ["move"],
        sumX: 1000 * (10 * 1 + 10 * 1 * 0.5),
        sumY: 1000 * (10 * 2 + 10 * 2 * 0.5),
      });
      expect(Object.fromEntries(page.wasmLoads), "wasm files the page fetched").toEqual({
        [`/assets/${core}`]: 1,
        [`/assets/${kernel}`]: 1,
      });
      expect(page.problems.join("\n")).toBe("");
    } finally {
      await browser.close();
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
