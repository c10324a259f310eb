// Which browsers the browser suites drive, found the same way on every machine:
//
//   Chromium  Debian's /usr/bin/chromium when installed, otherwise the Chromium that the
//             npm package @sparticuz/chromium ships (a devDependency), so `npm test` needs
//             nothing from apt. Its binary is unpacked once per run, by test/support/setup.ts.
//   Firefox   $WASM_ECS_FIREFOX when set, otherwise Debian's /usr/bin/firefox-esr. No npm
//             package ships Firefox: without one the Firefox suites are not registered and
//             the run's summary says so in one line (test/support/summary-reporter.ts).
//             CI sets WASM_ECS_REQUIRE_FIREFOX=1, which registers them anyway, so a missing
//             Firefox fails there instead of going unnoticed.
import { existsSync } from "node:fs";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
export const SYSTEM_FIREFOX = "/usr/bin/firefox-esr";

/** Flags for a headless Chromium on a machine with no network and no GPU. */
const QUIET_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** How to launch Chromium: an executable and its flags. */
export interface ChromiumLaunch {
  readonly executablePath: string;
  readonly args: readonly string[];
  /** "system" (Debian's package) or "npm" (@sparticuz/chromium). */
  readonly source: "system" | "npm";
}

/**
 * Finds Chromium and, for the npm one, unpacks it (about 2 s the first time, then a
 * file check). Runs once per test run, in the main process (setup.ts).
 */
export async function findChromium(): Promise<ChromiumLaunch> {
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, args: QUIET_FLAGS, source: "system" };
  const { default: npmChromium } = await import("@sparticuz/chromium");
  const executablePath = await npmChromium.executablePath();
  // Its own flags (swiftshader, no zygote) minus the one that runs every page in the
  // browser process: the suites open several pages and read their console errors.
  const args = npmChromium.args.filter((a) => a !== "--single-process");
  return { executablePath, args: [...args, ...QUIET_FLAGS.filter((f) => !args.includes(f))], source: "npm" };
}

/** The Firefox binary to drive, or undefined when this machine has none. */
export function firefoxPath(): string | undefined {
  const given = process.env.WASM_ECS_FIREFOX;
  if (given !== undefined && given !== "") return given;
  return existsSync(SYSTEM_FIREFOX) ? SYSTEM_FIREFOX : undefined;
}

/** Whether a missing Firefox is a failure (CI) rather than a note in the summary. */
export function firefoxRequired(): boolean {
  return process.env.WASM_ECS_REQUIRE_FIREFOX === "1";
}

/** Whether to register the Firefox suites in this run. */
export function runFirefoxSuites(): boolean {
  return firefoxPath() !== undefined || firefoxRequired();
}

/** The summary line of a run on a machine without Firefox. */
export const FIREFOX_NOT_RUN = "Firefox suites not run: no firefox-esr; apt-get install firefox-esr to run them";

/** The failure a required but missing Firefox gives (CI). */
export function firefoxMissing(): string {
  return `Firefox is required (WASM_ECS_REQUIRE_FIREFOX=1) but none was found: set WASM_ECS_FIREFOX or apt-get install firefox-esr (${SYSTEM_FIREFOX})`;
}

// What setup.ts hands the test files: `inject("chromium")`.
declare module "vitest" {
  export interface ProvidedContext {
    chromium: ChromiumLaunch;
  }
}
