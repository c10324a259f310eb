// Model-based test: random operation sequences run on a world and on a plain JS model
// (test/model/model-run.ts); after every operation every live entity's components,
// values and relation targets, and several queries (pair terms and cascade order
// included), must agree. The debug core also walks every invariant after each op.
// `npm run fuzz` runs the same for longer.
import { describe, it } from "vitest";
import { property } from "./model-run.js";

const RUNS = 1000;
const COMMANDS = 200;
/** Forced growth is slow (a page per core call): fewer runs. */
const GROWTH_RUNS = 100;
/** 60 s for the debug run on a quiet 2-core machine; a loaded one took over 120 s (the default limit). */
const LONG = 300_000;

describe("model-based: world vs a plain JS model", () => {
  it(
    `agrees after each of ${COMMANDS} random operations (${RUNS} runs, debug core: invariants walked after every op)`,
    async () => {
      await property(RUNS, COMMANDS, { debug: true });
    },
    LONG,
  );

  it(
    `agrees after each of ${COMMANDS} random operations (${RUNS} runs, release core)`,
    async () => {
      await property(RUNS, COMMANDS, { debug: false });
    },
    LONG,
  );

  it(`agrees with memory grown before every core call (${GROWTH_RUNS} runs: no view is read after it was detached)`, async () => {
    await property(GROWTH_RUNS, COMMANDS, { debug: true, growMemoryEachCall: true });
  });
});
