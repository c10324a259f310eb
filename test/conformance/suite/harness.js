// The check helpers every section takes: `check` runs one named check and records it as
// passed or failed (a throw fails that check only, and the next one still runs);
// `newWorld`/`own` track the worlds to dispose when the run ends; `throws`/`rejects`/
// `watch` assert errors by class, code, name and message. `t.fx` holds the shared
// components (fixtures.js). A run has one harness, so check names are unique within it.
import { CheckFailure, describeError, eq, ok } from "./assert.js";
import { defineFixtures } from "./fixtures.js";

/** The helpers for one run of the suite against `api`, the namespace of dist/index.js. */
export function createHarness(api) {
  const { createWorld, EcsError } = api;
  const fx = defineFixtures(api);
  const passed = [];
  const failed = [];
  const worlds = [];

  /** Keeps `world` for disposal when the run ends and returns it. */
  function own(world) {
    worlds.push(world);
    return world;
  }

  /** A world that is disposed when the suite ends. Small by default (many worlds per page). */
  async function newWorld(options = {}) {
    const world = await createWorld({ initialMemoryBytes: 1 << 20, ...options });
    worlds.push(world);
    return world;
  }

  /** Runs `fn` as the check `name`: passed when it returns, failed with its message when it throws. */
  async function check(name, fn) {
    try {
      await fn();
      passed.push(name);
    } catch (error) {
      failed.push({ name, message: describeError(error) });
    }
  }

  /** The stable `code` of each error class (docs/api.md, README). */
  const CODES = {
    StaleEntityError: "STALE_ENTITY",
    UnknownComponentError: "UNKNOWN_COMPONENT",
    MissingComponentError: "MISSING_COMPONENT",
    SchemaError: "SCHEMA",
    CapacityError: "CAPACITY",
    ArgumentError: "INVALID_ARGUMENT",
    SnapshotError: "SNAPSHOT",
    WorldPoisonedError: "WORLD_POISONED",
    KernelError: "KERNEL",
  };

  /** Checks a thrown error: its class, the EcsError base, stable code and name, and a message naming `mentions`. */
  function inspectError(what, error, Cls, ...mentions) {
    if (error === undefined) throw new CheckFailure(`${what}: expected ${Cls.name}, nothing was thrown`);
    if (!(error instanceof Cls)) {
      throw new CheckFailure(`${what}: expected ${Cls.name}, got ${describeError(error)}`);
    }
    ok(error instanceof EcsError && error instanceof Error, `${what}: ${Cls.name} does not extend EcsError and Error`);
    eq(error.code, CODES[Cls.name], `${what}: code`);
    eq(error.name, Cls.name, `${what}: name`);
    ok(typeof error.message === "string" && error.message.length > 0, `${what}: empty message`);
    for (const m of mentions) {
      ok(error.message.includes(String(m)), `${what}: the message ${JSON.stringify(error.message)} does not name ${m}`);
    }
    return error;
  }

  /** fn() must throw Cls (see inspectError). */
  function throws(what, fn, Cls, ...mentions) {
    let error;
    try {
      fn();
    } catch (e) {
      error = e;
    }
    return inspectError(what, error, Cls, ...mentions);
  }

  /** await fn() must reject with Cls (see inspectError). */
  async function rejects(what, fn, Cls, ...mentions) {
    let error;
    try {
      await fn();
    } catch (e) {
      error = e;
    }
    return inspectError(what, error, Cls, ...mentions);
  }

  /** Everything observable about `entities` and the world's counts, for "nothing changed" checks. */
  function stateOf(world, entities, comps) {
    const stats = world.stats();
    return {
      entityCount: world.entityCount,
      entities: stats.entities,
      archetypes: stats.archetypes,
      components: stats.components,
      rows: Array.from(entities, (e) => {
        if (!world.isAlive(e)) return "dead";
        const row = {};
        for (const c of comps) {
          if (!world.has(e, c)) continue;
          row[c.name] = Object.keys(c.schema).length === 0 ? true : world.get(e, c);
        }
        return row;
      }),
    };
  }

  /**
   * A checker for calls that must throw Cls (see inspectError) and leave the world's
   * counts and the components of `entities` exactly as they were.
   */
  function watch(world, entities, comps = fx.BASIC) {
    return (what, fn, Cls, ...mentions) => {
      const before = stateOf(world, entities, comps);
      const error = throws(what, fn, Cls, ...mentions);
      eq(stateOf(world, entities, comps), before, `${what}: world changed by the failing call`);
      return error;
    };
  }

  /** Disposes every world the run created (some are disposed already). */
  function disposeWorlds() {
    for (const world of worlds) {
      try {
        world.dispose();
      } catch {
        // already disposed
      }
    }
  }

  /** The run's result: names of the checks that passed, name and message of those that failed. */
  function result() {
    return { passed, failed };
  }

  return { fx, check, newWorld, own, inspectError, throws, rejects, watch, disposeWorlds, result };
}
