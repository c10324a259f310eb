// Argument checks of the World API (bindings/world/validate.ts): each bad argument becomes
// its typed error, naming the value, before anything changes; none calls the core. Run
// from the sources over the dist/ core.
import { describe, expect, it } from "vitest";
import { component, relation, tag } from "../../../bindings/component.js";
import {
  ArgumentError,
  MissingComponentError,
  StaleEntityError,
  UnknownComponentError,
} from "../../../bindings/errors.js";
import { register } from "../../../bindings/ops/components.js";
import type { Store } from "../../../bindings/store/store.js";
import {
  checkPairs,
  liveTable,
  ownIds,
  ownPair,
  pairIds,
  relationOf,
  tableWith,
} from "../../../bindings/world/validate.js";
import { sourceStore } from "../../support/sources.js";

const Pos = component("Pos", { x: "f32" });
const Vel = component("Vel", { x: "f32" });
const Picked = tag("Picked", { sparse: true });
const ChildOf = relation("ChildOf", { exclusive: true });
const Likes = relation("Likes");

/** A store with the components registered, and live entities `a` (Pos) and `b` (Pos), `dead` destroyed. */
async function world(): Promise<{ store: Store; a: number; b: number; dead: number }> {
  const store = await sourceStore();
  for (const c of [Pos, Vel, Picked, ChildOf, Likes]) register(store, c);
  const tPos = store.core.tableWith(0, store.registry.idOf(Pos));
  const [a, b, dead] = [store.core.spawn(tPos), store.core.spawn(tPos), store.core.spawn(tPos)];
  expect(store.core.destroy(dead)).toBe(0);
  return { store, a, b, dead };
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

describe("validate", () => {
  it("liveTable gives a live entity's table and StaleEntityError naming a dead one's slot", async () => {
    const { store, a, dead } = await world();
    expect(liveTable(store, a)).toBe(store.core.tableOf(a));
    const error = thrown(() => liveTable(store, dead));
    expect(error).toBeInstanceOf(StaleEntityError);
    expect(error.message).toBe(
      `Entity ${dead} (slot ${dead}, generation 0) is stale: slot ${dead} is free, now at generation 1`,
    );
  });

  it("tableWith gives the table of an entity with the component and MissingComponentError naming the action otherwise", async () => {
    const { store, a, b } = await world();
    expect(tableWith(store, a, Pos, "get").id).toBe(store.core.tableOf(a));
    const missing = thrown(() => tableWith(store, a, Vel, "set"));
    expect(missing).toBeInstanceOf(MissingComponentError);
    expect(missing.message).toBe(`Entity ${a} (slot ${a}, generation 0) has no Vel: cannot set it`);
    store.sparse.set(store.registry.idOf(Picked), b, true); // sparse tags are asked of their bitset
    expect(tableWith(store, b, Picked, "remove").id).toBe(store.core.tableOf(b));
    const notPicked = thrown(() => tableWith(store, a, Picked, "remove"));
    expect(notPicked).toBeInstanceOf(MissingComponentError);
    expect(notPicked.message).toBe(`Entity ${a} (slot ${a}, generation 0) has no Picked: cannot remove it`);
    const Stranger = component("Stranger", { v: "u8" });
    const unknown = thrown(() => tableWith(store, a, Stranger, "get"));
    expect(unknown).toBeInstanceOf(UnknownComponentError);
    expect(unknown.message).toMatch(/^Component "Stranger" is not registered in this world/);
  });

  it("ownPair reads a pair once into one of its own and refuses a non-pair or a pair of no relation", async () => {
    const { store, a } = await world();
    const given = Likes.to(a);
    const own = ownPair(store, given);
    expect(own).not.toBe(given);
    expect([own.relation, own.target, own.values]).toEqual([Likes, a, undefined]);
    for (const [value, shown] of [
      [Pos, "Pos"],
      [{ isPair: true, relation: Likes, target: a }, "[object Object]"],
      [Object.defineProperty(Likes.to(a), "relation", { value: Pos }), `Pos(${a})`],
    ] as const) {
      const error = thrown(() => ownPair(store, value as never));
      expect(error).toBeInstanceOf(ArgumentError);
      expect(error.message).toBe(`Expected a component or a pair, got ${shown}`);
    }
  });

  it("pairIds gives the relation id and target, and refuses the wildcard and a dead target", async () => {
    const { store, a, dead } = await world();
    expect(pairIds(store, Likes.to(a), "add")).toEqual([store.registry.idOf(Likes), a]);
    const wildcard = thrown(() => pairIds(store, Likes.to("*"), "add"));
    expect(wildcard).toBeInstanceOf(ArgumentError);
    expect(wildcard.message).toBe('Likes.to("*") matches any target in queries; add() needs a target entity');
    for (const method of ["add", "query"]) {
      const stale = thrown(() => pairIds(store, Likes.to(dead), method));
      expect(stale).toBeInstanceOf(StaleEntityError);
      expect(stale.message).toMatch(new RegExp(`^Entity ${dead} \\(slot ${dead}, generation 0\\) is stale`));
    }
  });

  it("checkPairs accepts several targets of a relation unless it is exclusive", async () => {
    const { store, a, b } = await world();
    const likes = [Likes.to(a), Likes.to(b)];
    expect(checkPairs(store, likes)).toBe(likes);
    expect(checkPairs(store, [ChildOf.to(a), ChildOf.to(a)])).toHaveLength(2); // the same target twice
    const error = thrown(() => checkPairs(store, [ChildOf.to(a), Likes.to(b), ChildOf.to(b)]));
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error.message).toBe(
      `ChildOf is exclusive: one target per entity, got two in (ChildOf(${a}), Likes(${b}), ChildOf(${b}))`,
    );
  });

  it("relationOf gives a registered relation and names anything else with the caller's message", async () => {
    const { store } = await world();
    const message = (v: unknown) => `targets() takes a relation, got ${String(v)}`;
    expect(relationOf(store, Likes, message)).toBe(Likes);
    const error = thrown(() => relationOf(store, Pos, message));
    expect(error).toBeInstanceOf(ArgumentError);
    expect(error.message).toBe("targets() takes a relation, got Pos");
    const unknown = thrown(() => relationOf(store, relation("Other"), message));
    expect(unknown).toBeInstanceOf(UnknownComponentError);
    expect(unknown.message).toMatch(/^Component "Other" is not registered in this world/);
  });

  it("ownIds copies the list into a Uint32Array of the world's own, naming the first element that is no entity handle", async () => {
    const { store, a, dead } = await world();
    const view = Uint32Array.of(4, 5);
    const copy = ownIds(store, view);
    expect(copy).not.toBe(view);
    view[0] = 9;
    expect(Array.from(copy)).toEqual([4, 5]);
    expect(Array.from(ownIds(store, [a, dead]))).toEqual([a, dead]); // the form only: a dead id passes
    expect(Array.from(ownIds(store, Uint32Array.of(0)))).toEqual([0]); // a Uint32Array is trusted
    const error = thrown(() => ownIds(store, [a, -3, 1.5]));
    expect(error).toBeInstanceOf(StaleEntityError);
    expect(error.message).toBe("Entity -3 is not an entity id (ids are integers from 1 to 1073741823)");
  });

  it("ownIds reads the length and each element once: a list whose getters answer differently each time is copied as first read", async () => {
    const { store, a } = await world();
    let lengthReads = 0;
    let elementReads = 0;
    const fickle = {
      get length() {
        lengthReads++;
        return lengthReads === 1 ? 2 : 5;
      },
      get 0() {
        elementReads++;
        return elementReads === 1 ? a : -1;
      },
      get 1() {
        elementReads++;
        return a;
      },
    };
    expect(Array.from(ownIds(store, fickle as ArrayLike<number>))).toEqual([a, a]);
    expect([lengthReads, elementReads]).toEqual([1, 2]);
  });
});
