// The browser demo (examples/web/, `npm run demo:web`) as a person would use it, in
// Chromium (playwright-core) and Firefox (puppeteer-core, WebDriver BiDi), found by
// test/support/browsers.ts: the page loads the built package with no bundler, draws on
// its canvas (pixel check on a screenshot), its stats update, "spawn 10k" adds 10,000
// entities, the Frozen toggle adds an archetype to the inspector's table list, a swarm
// (relations) shows its sub-table there and goes with its leader, the movement system
// switches between the JS loop and the two kernels (each then runs alone, the stats name
// it and positions keep changing), and nothing logs an error.
import { decode } from "fast-png";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { firefoxMissing, firefoxPath, runFirefoxSuites } from "../support/browsers.js";
import { type Browser, launchChromium, launchFirefox, type Page } from "../support/pages.js";
import { type Served, serve } from "../support/server.js";

const PAGE = "/examples/web/?entities=20000";

type Movement = "js" | "kernel" | "simd";

/** What examples/web/demo.js publishes for its tests. */
interface DemoHandle {
  movement(): Movement;
  movedFrames(): Record<Movement, number>;
  positions(): ({ x: number; y: number } | null)[];
}

declare global {
  interface Window {
    __demo?: DemoHandle;
  }
}

/** The movement systems of the #movement control: value and the label the stats show. */
const MOVEMENTS: [Movement, string][] = [
  ["kernel", "kernel"],
  ["simd", "kernel (SIMD)"],
  ["js", "JS loop"],
];

let server: Served;
beforeAll(async () => {
  server = await serve();
});
afterAll(async () => {
  await server?.close();
});

/** Polls `read` until `ok` holds (or fails the test after `ms`). */
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last seen: ${String(last)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

function entities(stats: string): number {
  return Number(/entities\s+(\d+)/.exec(stats)?.[1] ?? Number.NaN);
}

/**
 * Chooses `value` in the #movement control; then only that system runs frames, the stats
 * name it with its ms per frame, and the watched entities that are not Frozen move.
 */
async function switchMovement(name: string, page: Page, value: Movement, label: string): Promise<void> {
  await page.select("#movement", value);
  expect(await page.waitFor(() => window.__demo!.movement()), `${name}: movement after the switch`).toBe(value);
  const escaped = label.replace(/[()]/g, "\\$&");
  await until(
    `the stats to name ${label}`,
    () => page.text("#stats"),
    (s) => new RegExp(`movement\\s+${escaped}, \\d+\\.\\d\\d ms per frame`).test(s),
  );
  const frames = () => page.waitFor(() => window.__demo!.movedFrames());
  const positions = () => page.waitFor(() => JSON.stringify(window.__demo!.positions()));
  const before = await frames();
  const seen = await positions();
  await until("the watched positions to change", positions, (p) => p !== seen);
  const after = await until(`ten more frames of ${label}`, frames, (f) => f[value] >= before[value] + 10);
  for (const [other] of MOVEMENTS) {
    if (other !== value) expect(after[other], `${name}: frames of ${other} while ${value} runs`).toBe(before[other]);
  }
  // Every system wraps positions into the 512 x 512 canvas.
  const outside = (JSON.parse(await positions()) as ({ x: number; y: number } | null)[]).filter(
    (p) => p !== null && !(p.x >= 0 && p.x < 512 && p.y >= 0 && p.y < 512),
  );
  expect(outside, `${name}: watched positions outside the canvas after ${label}`).toEqual([]);
}

/** The whole walk-through, the same in both browsers. */
async function walkThrough(name: string, page: Page): Promise<void> {
  await page.goto(`${server.url}${PAGE}`);
  const first = await until(
    "stats",
    () => page.text("#stats"),
    (s) => /fps\s+\d/.test(s) && entities(s) === 20000,
  );
  expect(first).toMatch(/archetypes\s+\d+/);
  expect(first).toMatch(/memory\s+[\d.]+ MiB in use/);
  // The stats keep updating (fps and ms are redrawn twice a second).
  await until(
    "a stats update",
    () => page.text("#stats"),
    (s) => s !== first,
  );
  // The canvas is not blank: many pixels differ from the background.
  const png = decode(await page.screenshot("#view"));
  let lit = 0;
  const channels = png.channels;
  for (let i = 0; i < png.data.length; i += channels) {
    const [r, g, b] = [png.data[i], png.data[i + 1], png.data[i + 2]];
    if (Math.abs(r - 12) + Math.abs(g - 16) + Math.abs(b - 28) > 60) lit++;
  }
  expect(lit, `${name}: lit pixels on the canvas`).toBeGreaterThan(2000);
  // spawn 10k raises the entity count by exactly 10,000.
  await page.click("#spawn");
  await until(
    "30,000 entities",
    () => page.text("#stats"),
    (s) => entities(s) === 30000,
  );
  // The toggle migrates half the entities: a table with Frozen appears in the inspector.
  const archetypes = "#inspector .wasm-ecs-archetypes";
  expect(await page.text(archetypes)).toMatch(/^Archetype tables/);
  expect(await page.text(archetypes)).not.toMatch(/Frozen/);
  await page.click("#toggle");
  await until(
    "a Frozen table in the inspector",
    () => page.text(archetypes),
    (s) => /Frozen/.test(s),
  );
  expect(await page.text("#inspector .wasm-ecs-queries")).toMatch(/^Queries \(\d+\)/);
  // A swarm: a leader and 500 followers in a sub-table of their own, named by its pair;
  // destroying the leader destroys the followers (onTargetDestroyed: "destroy").
  const withFrozen = entities(await page.text("#stats"));
  await page.click("#swarm");
  await until(
    "a Follows sub-table in the inspector",
    () => page.text(archetypes),
    (s) => /Follows\(\d+\)/.test(s),
  );
  await until(
    "501 more entities",
    () => page.text("#stats"),
    (s) => entities(s) === withFrozen + 501,
  );
  await page.click("#unswarm");
  await until(
    "the swarm gone from the stats and the inspector",
    async () => `${entities(await page.text("#stats"))} ${await page.text(archetypes)}`,
    (s) => s.startsWith(`${withFrozen} `) && !/Follows/.test(s),
  );
  // The movement system: the JS loop first, then each kernel, then the JS loop again.
  expect(await page.text("#stats")).toMatch(/movement\s+JS loop, \d+\.\d\d ms per frame/);
  for (const [value, label] of MOVEMENTS) await switchMovement(name, page, value, label);
  expect(page.problems.join("\n"), `${name}: console errors, page errors or failed requests`).toBe("");
}

/** Opens the demo in a fresh page of `browser` and walks through it. */
async function demo(browser: Browser): Promise<void> {
  try {
    await walkThrough(browser.name, await browser.newPage());
  } finally {
    await browser.close();
  }
}

const WALK =
  "draws, updates its stats, spawns 10k, migrates on the toggle, swarms through a relation, switches its movement system to each kernel, with no errors";

describe("browser demo in Chromium (playwright-core)", () => {
  it(WALK, async () => {
    await demo(await launchChromium(inject("chromium")));
  });
});

if (runFirefoxSuites()) {
  describe("browser demo in Firefox (puppeteer-core, WebDriver BiDi)", () => {
    it(WALK, async () => {
      const path = firefoxPath();
      if (path === undefined) throw new Error(firefoxMissing());
      await demo(await launchFirefox(path));
    });
  });
}
