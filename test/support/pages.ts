// One way to drive a page in either browser: Chromium through playwright-core, Firefox
// through puppeteer-core over WebDriver BiDi (browsers.ts finds both). A Page records
// what went wrong around the test (console errors, uncaught errors, failed requests,
// HTTP errors) and how often each wasm file was served.
import { chromium } from "playwright-core";
import puppeteer from "puppeteer-core";
import type { ChromiumLaunch } from "./browsers.js";

export interface Page {
  goto(url: string): Promise<void>;
  /** Waits until `fn()` (run in the page) is truthy, then returns its value. */
  waitFor<T>(fn: () => T, timeoutMs?: number): Promise<T>;
  text(selector: string): Promise<string>;
  click(selector: string): Promise<void>;
  /** Chooses the option `value` of a <select>, as a person would (fires change). */
  select(selector: string, value: string): Promise<void>;
  /** A PNG of one element. */
  screenshot(selector: string): Promise<Uint8Array>;
  /** Console errors, uncaught page errors, failed requests and HTTP errors. */
  readonly problems: string[];
  /** Path -> number of responses, for the .wasm files the page fetched. */
  readonly wasmLoads: Map<string, number>;
}

export interface Browser {
  /** "chromium 156.0..." or "firefox-esr 140...". */
  readonly name: string;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

const TIMEOUT = 60_000;

function track(page: Pick<Page, "problems" | "wasmLoads">, url: string, status: number): void {
  const path = new URL(url).pathname;
  if (path.endsWith(".wasm")) page.wasmLoads.set(path, (page.wasmLoads.get(path) ?? 0) + 1);
  if (status >= 400) page.problems.push(`HTTP ${status} for ${path}`);
}

export async function launchChromium(launch: ChromiumLaunch): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: launch.executablePath, args: [...launch.args] });
  return {
    name: `chromium ${browser.version()} (${launch.source})`,
    close: () => browser.close(),
    async newPage() {
      const p = await browser.newPage();
      const page: Page = {
        problems: [],
        wasmLoads: new Map(),
        goto: async (url) => {
          await p.goto(url);
        },
        waitFor: async (fn, timeout = TIMEOUT) => (await p.waitForFunction(fn, undefined, { timeout })).jsonValue(),
        text: (selector) => p.locator(selector).innerText(),
        click: (selector) => p.click(selector),
        select: async (selector, value) => {
          await p.selectOption(selector, value);
        },
        screenshot: async (selector) => new Uint8Array(await p.locator(selector).screenshot()),
      };
      p.on("console", (m) => {
        if (m.type() === "error") page.problems.push(`console.error: ${m.text()}`);
      });
      p.on("pageerror", (e) => page.problems.push(`uncaught: ${e.message}`));
      p.on("requestfailed", (r) => page.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
      p.on("response", (r) => track(page, r.url(), r.status()));
      return page;
    },
  };
}

export async function launchFirefox(executablePath: string): Promise<Browser> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath,
    protocol: "webDriverBiDi",
    headless: true,
  });
  return {
    name: `firefox-esr ${(await browser.version()).replace(/^firefox\//i, "")}`,
    close: () => browser.close(),
    async newPage() {
      const p = await browser.newPage();
      const page: Page = {
        problems: [],
        wasmLoads: new Map(),
        goto: async (url) => {
          await p.goto(url);
        },
        waitFor: async <T>(fn: () => T, timeout = TIMEOUT) =>
          (await p.waitForFunction(fn, { timeout })).jsonValue() as Promise<T>,
        text: (selector) => p.$eval(selector, (el) => (el as HTMLElement).innerText),
        click: (selector) => p.click(selector),
        select: async (selector, value) => {
          await p.select(selector, value);
        },
        screenshot: async (selector) => {
          const el = await p.$(selector);
          if (el === null) throw new Error(`no element matches ${selector}`);
          return new Uint8Array(await el.screenshot());
        },
      };
      p.on("console", (m) => {
        if (m.type() === "error") page.problems.push(`console.error: ${m.text()}`);
      });
      p.on("pageerror", (e) => page.problems.push(`uncaught: ${e instanceof Error ? e.message : String(e)}`));
      p.on("requestfailed", (r) => page.problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
      p.on("response", (r) => track(page, r.url(), r.status()));
      return page;
    },
  };
}
