// The conformance suite in real browsers, without a bundler or an import map:
// test/conformance/page.html imports dist/index.js and the suite as plain ES modules
// from the static server (test/support/server.ts); its kernels/ section fetches
// build/kernels/test-kernels.wasm from there. Chromium is Debian's or the npm one,
// Firefox is Debian's firefox-esr when this machine has it (test/support/browsers.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { firefoxMissing, firefoxPath, runFirefoxSuites } from "../support/browsers.js";
import { type Browser, launchChromium, launchFirefox } from "../support/pages.js";
import { type Served, serve } from "../support/server.js";
import { expectAllPassed, parseResult } from "./expect.js";

declare global {
  interface Window {
    __conformance?: unknown;
  }
}

const PAGE = "/test/conformance/page.html";

let server: Served;
beforeAll(async () => {
  server = await serve();
});
afterAll(async () => {
  await server?.close();
});

/** Loads the page, waits for the suite's result and checks it and everything around it. */
async function conformance(browser: Browser): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${server.url}${PAGE}`);
  const result = await page.waitFor(() => window.__conformance);
  expectAllPassed(browser.name, parseResult(result, browser.name));
  expect.soft(page.problems.join("\n"), `${browser.name}: console errors, page errors or failed requests`).toBe("");
  // The suite creates release and debug worlds: each build is fetched and compiled once per
  // page, and so are the built-in kernels. The kernels/ section loads the test kernels by
  // URL into five worlds: a module given as a URL is fetched and compiled once per page.
  expect.soft(Object.fromEntries(page.wasmLoads), `${browser.name}: wasm responses`).toEqual({
    "/dist/core.wasm": 1,
    "/dist/core.debug.wasm": 1,
    "/dist/kernels.wasm": 1,
    "/build/kernels/test-kernels.wasm": 1,
  });
}

describe("conformance in Chromium (playwright-core), dist/index.js from a plain page", () => {
  it("passes every check, with no console errors", async () => {
    const browser = await launchChromium(inject("chromium"));
    try {
      await conformance(browser);
    } finally {
      await browser.close();
    }
  });
});

if (runFirefoxSuites()) {
  describe("conformance in Firefox (puppeteer-core, WebDriver BiDi), dist/index.js from a plain page", () => {
    it("passes every check, with no console errors", async () => {
      const path = firefoxPath();
      if (path === undefined) throw new Error(firefoxMissing());
      const browser = await launchFirefox(path);
      try {
        await conformance(browser);
      } finally {
        await browser.close();
      }
    });
  });
}
