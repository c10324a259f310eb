// The conformance suite in Node, against the built package (wasm-ecs -> dist/index.js).
import { describe, it } from "vitest";
import * as api from "wasm-ecs";
import { expectAllPassed } from "./expect.js";
import { runConformance } from "./suite.js";

describe("conformance", () => {
  it(`passes every check in Node ${process.versions.node}`, async () => {
    expectAllPassed(`node ${process.versions.node}`, await runConformance(api));
  });
});
