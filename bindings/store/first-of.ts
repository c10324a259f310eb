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
    // Object.keys, `in`, for-in and descriptors see the first k indices too (length,
    // non-configurable, stays a key). No row past k is reached through the view.
    has: (c, p) => (index(p) >= 0 ? index(p) < k : Reflect.has(c, p)),
    ownKeys: (c) => Reflect.ownKeys(c).filter((p) => index(p) < k),
    getOwnPropertyDescriptor: (c, p) => {
      if (index(p) >= k) return undefined;
      const d = Reflect.getOwnPropertyDescriptor(c, p);
      return p === "length" && d !== undefined ? { ...d, value: k } : d;
    },
    defineProperty: (c, p, d) => {
      const i = index(p);
      if (i < 0) return p === "length" || Reflect.defineProperty(c, p, d); // the column's length is the world's
      if (i < k && "value" in d) c[i] = d.value; // a value, like a write; past k, ignored
      return true;
    },
    // Like a typed array's: an index cannot be deleted (TypeError in strict code).
    deleteProperty: (c, p) => index(p) < 0 && Reflect.deleteProperty(c, p),
  });
}
