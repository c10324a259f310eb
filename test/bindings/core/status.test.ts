// The one status -> error map (bindings/core/status.ts): every status code of the core
// becomes its error class with its message; non-negative statuses pass through. Run
// from the sources (the error classes too).
import { describe, expect, it } from "vitest";
import {
  ERR_BAD_ARGUMENT,
  ERR_CAPACITY,
  ERR_COMPONENT_LIMIT,
  ERR_ID_SPACE,
  ERR_MISSING,
  ERR_STALE,
  ERR_UNKNOWN_COMPONENT,
  MAX_COMPONENTS,
} from "../../../bindings/core/constants.generated.js";
import type { Core } from "../../../bindings/core/core.js";
import { type Boundary, expect as expectStatus, pairStatus, registered, stale } from "../../../bindings/core/status.js";
import {
  ArgumentError,
  CapacityError,
  SchemaError,
  StaleEntityError,
  WorldPoisonedError,
} from "../../../bindings/errors.js";
import { sourceCore } from "../../support/sources.js";

const MAX_BYTES = 16 * 65536;

async function boundary(): Promise<Boundary & { core: Core }> {
  return { core: await sourceCore({ maxPages: 16 }), maxBytes: MAX_BYTES };
}

/** The error fn throws (fails the test when it returns). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

describe("status expect", () => {
  it("returns a non-negative status unchanged", async () => {
    const b = await boundary();
    for (const status of [0, 1, 7, 2 ** 30]) expect(expectStatus(b, status, "spawn")).toBe(status);
  });

  it("turns ERR_CAPACITY into CapacityError naming the operation and the memory ceiling", async () => {
    const b = await boundary();
    const error = thrown(() => expectStatus(b, ERR_CAPACITY, "spawn 10 entities"));
    expect(error).toBeInstanceOf(CapacityError);
    expect(error.message).toBe(
      `Out of memory while trying to spawn 10 entities: the world may use at most ${MAX_BYTES} bytes (maxMemoryBytes); nothing was changed`,
    );
  });

  it("turns ERR_ID_SPACE into CapacityError naming the live count and the live entity limit", async () => {
    const b = await boundary();
    b.core.spawn(0);
    b.core.spawn(0);
    const error = thrown(() => expectStatus(b, ERR_ID_SPACE, "spawn 5 entities"));
    expect(error).toBeInstanceOf(CapacityError);
    expect(error.message).toBe(
      "Entity id space exhausted while trying to spawn 5 entities: 2 entities are alive; up to 4190208 can always be alive at once (of the 4194303 slots, up to 4095 stay free so that a freed id waits before it is reused); nothing was changed",
    );
  });

  it("turns any other negative status into WorldPoisonedError naming the status: the core's structures are damaged, no call runs on them", async () => {
    for (const status of [ERR_STALE, ERR_UNKNOWN_COMPONENT, ERR_MISSING, ERR_BAD_ARGUMENT, -99]) {
      const b = await boundary();
      const error = thrown(() => expectStatus(b, status, "add Pos"));
      const message = `The world refuses further calls: an internal error left it half-updated (The core answered ${status} while trying to add Pos); restore a snapshot into a new world`;
      expect(error).toBeInstanceOf(WorldPoisonedError);
      expect(error.message).toBe(message);
      expect(() => b.core.check()).toThrow(message);
    }
  });
});

describe("status stale", () => {
  it("names the entity's slot and its generation now, free or reused, or says it was never used", async () => {
    const b = await boundary();
    const e = b.core.spawn(0);
    expect(b.core.destroy(e)).toBe(0);
    const freed = stale(b, e);
    expect(freed).toBeInstanceOf(StaleEntityError);
    expect(freed.entity).toBe(e);
    expect(freed.message).toBe(
      `Entity ${e} (slot ${e}, generation 0) is stale: slot ${e} is free, now at generation 1`,
    );
    expect(stale(b, e + 5).message).toBe(
      `Entity ${e + 5} (slot ${e + 5}, generation 0) is stale: slot ${e + 5} was never used`,
    );
    expect(stale(b, 1.5).message).toBe("Entity 1.5 is not an entity id (ids are integers from 1 to 1073741823)");
  });
});

describe("status registered", () => {
  it("returns the component id and maps ERR_COMPONENT_LIMIT, ERR_BAD_ARGUMENT and ERR_CAPACITY to their errors", async () => {
    const b = await boundary();
    expect(registered(b, 3, "Pos")).toBe(3);
    const limit = thrown(() => registered(b, ERR_COMPONENT_LIMIT, "Pos"));
    expect(limit).toBeInstanceOf(CapacityError);
    expect(limit.message).toBe(`Cannot register "Pos": a world holds at most ${MAX_COMPONENTS} components`);
    const rejected = thrown(() => registered(b, ERR_BAD_ARGUMENT, "Pos"));
    expect(rejected).toBeInstanceOf(SchemaError);
    expect(rejected.message).toBe("The core rejected the schema of Pos");
    const full = thrown(() => registered(b, ERR_CAPACITY, "Pos"));
    expect(full).toBeInstanceOf(CapacityError);
    expect(full.message).toMatch(/^Out of memory while trying to register Pos: /);
  });
});

describe("status pairStatus", () => {
  it("names the first dead candidate for ERR_STALE and the pairs for ERR_BAD_ARGUMENT", async () => {
    const b = await boundary();
    const [live, dead] = [b.core.spawn(0), b.core.spawn(0)];
    expect(b.core.destroy(dead)).toBe(0);
    expect(pairStatus(b, 4, "create the archetype (A)", [live, dead])).toBe(4);
    const error = thrown(() => pairStatus(b, ERR_STALE, "create the archetype (A)", [live, dead]));
    expect(error).toBeInstanceOf(StaleEntityError);
    expect((error as StaleEntityError).entity).toBe(dead);
    expect(error.message).toMatch(new RegExp(`^Entity ${dead} \\(slot ${dead}, generation 0\\) is stale`));
    const refused = thrown(() => pairStatus(b, ERR_BAD_ARGUMENT, "x", [live], "ChildOf(1), ChildOf(2)"));
    expect(refused).toBeInstanceOf(ArgumentError);
    expect(refused.message).toBe("The core refused the relation pairs of (ChildOf(1), ChildOf(2))");
    const full = thrown(() => pairStatus(b, ERR_CAPACITY, "create the archetype (A)", [live]));
    expect(full).toBeInstanceOf(CapacityError);
    expect(full.message).toMatch(/^Out of memory while trying to create the archetype \(A\): /);
  });
});
