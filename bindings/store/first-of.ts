// A table view's "object" columns when the view covers only the first rows (a filtered
// query's window, store/window.ts): the JS array itself cannot shrink, so a view of it.
/**
 * The first k values of a JS-side column, as an array-like that reads and writes them in
 * place (`length` is k; like a typed array, indices from k on read undefined and ignore writes).
 */
export function firstOf(col: unknown[], k: number): unknown[] {
  const index = (p: string | symbol): number => (typeof p === "string" && /^(0|[1-9]\d*)$/.test(p) ? Number(p) : -1);
  return new Proxy(col, {
    get(c, p) {
      if (p === "length") return k;
      const i = index(p);
      return i >= k ? undefined : Reflect.get(c, p);
    },
    set(c, p, v) {
      const i = index(p);
      if (i >= 0 && i < k) c[i] = v;
      return true;
    },
    // Object.keys, `in` and for-in see the first k indices too (length, non-configurable, stays a key).
    has: (c, p) => (index(p) >= 0 ? index(p) < k : Reflect.has(c, p)),
    ownKeys: (c) => Reflect.ownKeys(c).filter((p) => index(p) < k),
    getOwnPropertyDescriptor: (c, p) => (index(p) >= k ? undefined : Reflect.getOwnPropertyDescriptor(c, p)),
  });
}
