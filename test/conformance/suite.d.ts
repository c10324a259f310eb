// Types of suite.js for the TypeScript runners.
import type * as Api from "wasm-ecs";

export interface ConformanceFailure {
  readonly name: string;
  readonly message: string;
}

export interface ConformanceResult {
  readonly passed: string[];
  readonly failed: ConformanceFailure[];
}

/** Runs every check against `api`, the namespace of the built package (dist/index.js). */
export function runConformance(api: typeof Api): Promise<ConformanceResult>;
