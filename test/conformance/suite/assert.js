// Assertions of the conformance suite: a failed assertion throws a CheckFailure whose
// message names what was checked and, for values, the first difference. Numbers compare
// as equal when both are NaN; arrays and typed arrays compare element by element.

function sameNumber(a, b) {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

function isArrayLike(v) {
  return Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView));
}

function deepEqual(a, b) {
  if (typeof a === "number" && typeof b === "number") return sameNumber(a, b);
  if (isArrayLike(a) && isArrayLike(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    if (isArrayLike(a) || isArrayLike(b)) return false;
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    if (!deepEqual(ka, kb)) return false;
    for (const k of ka) if (!deepEqual(a[k], b[k])) return false;
    return true;
  }
  return a === b;
}

/** A short, readable rendering of a value for failure messages (8 elements, 4 levels at most). */
function show(v, depth = 0) {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "string") return JSON.stringify(v);
  if (v === null || v === undefined || typeof v !== "object") return String(v);
  if (depth > 3) return "…";
  if (isArrayLike(v)) {
    const items = Array.from(v.length > 8 ? Array.prototype.slice.call(v, 0, 8) : v, (x) => show(x, depth + 1));
    const name = Array.isArray(v) ? "" : v.constructor.name;
    return `${name}[${items.join(", ")}${v.length > 8 ? `, … (${v.length})` : ""}]`;
  }
  return `{ ${Object.keys(v)
    .map((k) => `${k}: ${show(v[k], depth + 1)}`)
    .join(", ")} }`;
}

/** A failed assertion, told apart from an unexpected throw of the code under test. */
export class CheckFailure extends Error {}

/** Throws a CheckFailure saying `what` unless `condition` holds. */
export function ok(condition, what) {
  if (!condition) throw new CheckFailure(what);
}

/** Path and values of the first difference between a and b (for short failure messages); undefined when equal. */
function difference(a, b, path = "") {
  if (deepEqual(a, b)) return undefined;
  if (isArrayLike(a) && isArrayLike(b) && a.length === b.length) {
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
  }
  if (
    a !== null &&
    b !== null &&
    typeof a === "object" &&
    typeof b === "object" &&
    !isArrayLike(a) &&
    !isArrayLike(b)
  ) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = difference(a[k], b[k], `${path}.${k}`);
      if (d !== undefined) return d;
    }
  }
  return { path, a, b };
}

/** Throws a CheckFailure showing both values and their first difference unless they are deeply equal. */
export function eq(actual, expected, what) {
  const d = difference(actual, expected);
  if (d === undefined) return;
  const at = d.path === "" ? "" : ` (first difference at ${d.path}: expected ${show(d.b)}, got ${show(d.a)})`;
  throw new CheckFailure(`${what}: expected ${show(expected)}, got ${show(actual)}${at}`);
}

/** The failure message of a check that threw `error`: the assertion's own, or the error and its first frames. */
export function describeError(error) {
  if (error instanceof CheckFailure) return error.message;
  if (error instanceof Error) {
    const stack = typeof error.stack === "string" ? error.stack.split("\n").slice(0, 6).join("\n") : "";
    return `unexpected ${error.name}: ${error.message}${stack ? `\n${stack}` : ""}`;
  }
  return `unexpected throw of ${show(error)}`;
}
