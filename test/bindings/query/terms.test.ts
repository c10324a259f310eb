// Query terms (bindings/query/terms.ts): compileTerms checks terms and compiles them to
// sorted id lists, row filters and the key equal queries share; masks over ids. The unit
// tests run from the sources; the last one goes through the public API (all / any / none
// terms, and equal terms giving the same cached query).
import { describe, expect, it } from "vitest";
import { type Component, component, tag } from "../../../bindings/component.js";
import { ArgumentError } from "../../../bindings/errors.js";
import { compileTerms, containsAll, intersects, maskOf, type QueryTerms } from "../../../bindings/query/terms.js";
import { A, B, C, setup, T } from "../../support/query-world.js";

const P = component("P", { x: "f32" });
const Q = component("Q", { x: "f32" });
const R = tag("R");
const S = tag("S", { sparse: true });
const ids = new Map<Component, number>([
  [P, 0],
  [Q, 1],
  [R, 2],
  [S, 3],
]);
const idOf = (c: Component): number => {
  const id = ids.get(c);
  if (id === undefined) throw new Error(`no id for ${String(c)}`);
  return id;
};
const isSparse = (id: number): boolean => id === 3;
const compile = (terms: QueryTerms) => compileTerms(terms, idOf, isSparse);

/** The error fn throws (fails the test when it returns). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

describe("compileTerms", () => {
  it("compiles terms to sorted, distinct ids; read, write, added and changed terms are required like all", () => {
    const t = compile({ all: [R, P, P], any: [Q], none: [], read: [Q], write: [R], changed: [P] });
    expect(t.all).toEqual([0, 1, 2]);
    expect(t.any).toEqual([1]);
    expect(t.none).toEqual([]);
    expect(t.read).toEqual([1]);
    expect(t.filter).toMatchObject({ added: [], changed: [0], sparseAll: [], sparseNone: [], byChange: true });
    expect(compile({ all: [P] }).filter).toBeUndefined();
  });

  it("gives equal terms in any order one key and different terms different keys", () => {
    const key = compile({ all: [P, Q], none: [R] }).key;
    expect(compile({ none: [R], all: [Q, P, Q] }).key).toBe(key);
    expect(compile({ all: [P, Q], none: [R], optional: [R] }).key).toBe(key); // optional changes no match
    const others: QueryTerms[] = [
      { all: [P], none: [R] },
      { all: [P, Q] },
      { any: [P, Q], none: [R] },
      { all: [P, Q], none: [R], read: [Q] },
    ];
    expect(new Set([key, ...others.map((terms) => compile(terms).key)]).size).toBe(5);
  });

  it("turns sparse tags in all and none into row filters and leaves them out of the masks", () => {
    const t = compile({ all: [P, S] });
    expect(t.all).toEqual([0]);
    expect(t.filter).toMatchObject({ sparseAll: [3], sparseNone: [], byChange: false });
    const n = compile({ all: [P], none: [S, R] });
    expect(n.none).toEqual([2]);
    expect(n.filter).toMatchObject({ sparseAll: [], sparseNone: [3], byChange: false });
    expect(compile({ all: [P], optional: [S] }).filter).toBeUndefined();
  });

  it("refuses terms that are no object, unknown keys and terms that are no array with ArgumentError", () => {
    const cases: [unknown, string][] = [
      [3, "query() takes terms such as { all: [A] }, got 3"],
      [null, "query() takes terms such as { all: [A] }, got null"],
      [{ alll: [P] }, 'Unknown query term "alll": use all, any, none, optional, read, write, added, changed, cascade'],
      [{ all: P }, 'Query term "all" must be an array of components'],
    ];
    for (const [terms, message] of cases) {
      const error = thrown(() => compile(terms as QueryTerms));
      expect(error).toBeInstanceOf(ArgumentError);
      expect(error.message).toBe(message);
    }
  });

  it("refuses a sparse tag in any, added, changed, read or write, and a component both read and written", () => {
    for (const key of ["any", "added", "changed", "read", "write"]) {
      const error = thrown(() => compile({ all: [P], [key]: [S] }));
      expect(error).toBeInstanceOf(ArgumentError);
      expect(error.message).toBe("S is a sparse tag: queries take sparse tags in all, none or optional");
    }
    const both = thrown(() => compile({ read: [P, Q], write: [Q] }));
    expect(both).toBeInstanceOf(ArgumentError);
    expect(both.message).toBe("Q is both a read and a write term");
  });
});

describe("masks over ids", () => {
  it("maskOf sets one bit per id over as many words as the highest id needs", () => {
    expect(Array.from(maskOf([]))).toEqual([]);
    expect(Array.from(maskOf([0, 5, 31]))).toEqual([0x8000_0021]);
    expect(Array.from(maskOf([32, 1, 70]))).toEqual([0b10, 1, 1 << 6]);
  });

  it("containsAll and intersects compare a table's mask with a shorter or longer term mask", () => {
    const table = maskOf([1, 3, 40]);
    expect(containsAll(table, maskOf([1, 40]))).toBe(true);
    expect(containsAll(table, maskOf([1, 2]))).toBe(false);
    expect(containsAll(table, maskOf([1, 90]))).toBe(false); // past the table's words
    expect(containsAll(table, maskOf([]))).toBe(true);
    expect(intersects(table, maskOf([2, 40]))).toBe(true);
    expect(intersects(table, maskOf([2, 90]))).toBe(false);
    expect(intersects(table, maskOf([]))).toBe(false);
  });
});

describe("query terms through the public API", () => {
  it("matches all / any / none terms and caches by terms", async () => {
    const { world } = await setup();
    expect(world.query({ all: [A, B] }).count()).toBe(13);
    expect(world.query({ all: [A], none: [T] }).count()).toBe(15);
    expect(world.query({ any: [T, C] }).count()).toBe(5);
    expect(world.query({ all: [A], optional: [B] }).count()).toBe(18);
    expect(world.query({ all: [B, A] })).toBe(world.query({ all: [A, B] }));
    expect(world.query({ all: [A] })).not.toBe(world.query({ all: [A], none: [T] }));
  });
});
