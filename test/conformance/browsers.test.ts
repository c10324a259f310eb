// The conformance suite in real browsers, without a bundler: test/conformance/page.html
// loads dist/index.js and the suite as ES modules (an import map resolves the loader's
// bare specifier) from scripts/static-server.mjs, which serves the repository root
// with application/wasm and COOP/COEP. Debian chromium is driven by playwright-core,
// Debian firefox-esr by puppeteer-core over WebDriver BiDi. Each browser is launched
// once for this file; CI installs both (.ci/run), so a missing one fails the test.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAllPassed, parseResult } from "./expect.js";

declare global {
  interface Window {
    __conformance?: unknown;
  }
}

const CHROMIUM = "/usr/bin/chromium";
const FIREFOX = "/usr/bin/firefox-esr";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const RESULT_TIMEOUT = 60_000;
const PAGE = "/test/conformance/page.html";

interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** What one page load produced: the suite's result and everything that went wrong around it. */
interface PageRun {
  readonly result: unknown;
  /** Console errors, uncaught page errors, failed requests and HTTP errors. */
  readonly problems: string[];
  /** Path -> number of responses, for the wasm files. */
  readonly wasmLoads: Map<string, number>;
}

let server: Served;

beforeAll(async () => {
  const mod = (await import(new URL("../../scripts/static-server.mjs", import.meta.url).href)) as {
    startServer(options?: { dir?: string; port?: number }): Promise<Served>;
  };
  server = await mod.startServer({ dir: fileURLToPath(new URL("../..", import.meta.url)) });
});

afterAll(async () => {
  await server?.close();
});

function recordResponse(run: PageRun, url: string, status: number): void {
  const path = new URL(url).pathname;
  if (path.endsWith(".wasm")) run.wasmLoads.set(path, (run.wasmLoads.get(path) ?? 0) + 1);
  if (status >= 400) run.problems.push(`HTTP ${status} for ${path}`);
}

function missing(name: string, path: string): string {
  return `${name} is not installed at ${path}: .ci/run installs it (apt-get install -y --no-install-recommends chromium firefox-esr)`;
}

/** Checks shared by both browsers: every check passed, nothing went wrong, each core fetched once. */
function expectClean(browser: string, run: PageRun): void {
  expectAllPassed(browser, parseResult(run.result, browser));
  expect.soft(run.problems.join("\n"), `${browser}: console errors, page errors or failed requests`).toBe("");
  // The suite creates release and debug worlds: each build is fetched and compiled once per page.
  expect.soft(Object.fromEntries(run.wasmLoads), `${browser}: wasm responses`).toEqual({
    "/dist/core.wasm": 1,
    "/dist/core.debug.wasm": 1,
  });
}

describe("conformance in Chromium (playwright-core)", () => {
  type PwBrowser = Awaited<ReturnType<typeof chromium.launch>>;
  let browser: PwBrowser | undefined;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) return;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("passes every check, with no console errors", async () => {
    expect(existsSync(CHROMIUM), missing("chromium", CHROMIUM)).toBe(true);
    expect(browser, "chromium did not launch").toBeDefined();
    const page = await (browser as PwBrowser).newPage();
    const run: PageRun = { result: undefined, problems: [], wasmLoads: new Map() };
    page.on("console", (m) => {
      if (m.type() === "error") run.problems.push(`console.error: ${m.text()}`);
    });
    page.on("pageerror", (e) => run.problems.push(`uncaught: ${e.message}`));
    page.on("requestfailed", (r) => run.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on("response", (r) => recordResponse(run, r.url(), r.status()));
    try {
      await page.goto(`${server.url}${PAGE}`);
      await page.waitForFunction(() => window.__conformance !== undefined, undefined, { timeout: RESULT_TIMEOUT });
      const result = await page.evaluate(() => window.__conformance);
      expectClean(`chromium ${(browser as PwBrowser).version()}`, { ...run, result });
    } finally {
      await page.close();
    }
  });
});

describe("conformance in Firefox (puppeteer-core, WebDriver BiDi)", () => {
  type PpBrowser = Awaited<ReturnType<typeof puppeteer.launch>>;
  let browser: PpBrowser | undefined;

  beforeAll(async () => {
    if (!existsSync(FIREFOX)) return;
    browser = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      protocol: "webDriverBiDi",
      headless: true,
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("passes every check, with no console errors", async () => {
    expect(existsSync(FIREFOX), missing("firefox-esr", FIREFOX)).toBe(true);
    expect(browser, "firefox-esr did not launch").toBeDefined();
    const b = browser as PpBrowser;
    const page = await b.newPage();
    const run: PageRun = { result: undefined, problems: [], wasmLoads: new Map() };
    page.on("console", (m) => {
      if (m.type() === "error") run.problems.push(`console.error: ${m.text()}`);
    });
    page.on("pageerror", (e) => run.problems.push(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
    page.on("requestfailed", (r) => run.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on("response", (r) => recordResponse(run, r.url(), r.status()));
    try {
      await page.goto(`${server.url}${PAGE}`);
      await page.waitForFunction(() => window.__conformance !== undefined, { timeout: RESULT_TIMEOUT });
      const result = await page.evaluate(() => window.__conformance);
      expectClean(`firefox-esr ${(await b.version()).replace(/^firefox\//i, "")}`, { ...run, result });
    } finally {
      await page.close();
    }
  });
});
