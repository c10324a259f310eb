// Shared assertions of the conformance runners: the whole suite ran and every check passed.
import { expect } from "vitest";
import type { ConformanceResult } from "./suite.js";

/** The suite has this many checks at least; fewer means it stopped early or lost checks. */
export const MIN_CHECKS = 66;

/** One line per failed check: its name and message. */
export function formatFailures(result: ConformanceResult): string {
  return result.failed.map((f) => `✗ ${f.name}: ${f.message}`).join("\n");
}

/** Parses a result published by a runtime, checking its shape. */
export function parseResult(value: unknown, where: string): ConformanceResult {
  const r = value as Partial<ConformanceResult> | null;
  const ok =
    r !== null &&
    typeof r === "object" &&
    Array.isArray(r.passed) &&
    r.passed.every((n) => typeof n === "string") &&
    Array.isArray(r.failed) &&
    r.failed.every((f) => typeof f?.name === "string" && typeof f?.message === "string");
  if (!ok) throw new Error(`${where} published no conformance result: ${JSON.stringify(value)?.slice(0, 500)}`);
  return r as ConformanceResult;
}

/** Soft assertions: a failure is reported along with the caller's other checks. */
export function expectAllPassed(runtime: string, result: ConformanceResult): void {
  const names = [...result.passed, ...result.failed.map((f) => f.name)];
  expect.soft(new Set(names).size, `${runtime}: check names must be unique`).toBe(names.length);
  expect.soft(names.length, `${runtime}: number of checks run`).toBeGreaterThanOrEqual(MIN_CHECKS);
  expect.soft(formatFailures(result), `${runtime}: ${result.failed.length} conformance check(s) failed`).toBe("");
}
