// Global setup of `npm test` (vitest.config.ts): finds Chromium once, unpacking the npm
// one if needed, before any test file starts, and hands the result to the test workers.
import type { TestProject } from "vitest/node";
import { findChromium } from "./browsers.js";

export default async function setup(project: TestProject): Promise<void> {
  project.provide("chromium", await findChromium());
}
