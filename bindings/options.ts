// Reading an options object (createWorld, component, tag, relation): a copy with known
// keys only, each value read once.
import { notBoolean, takesOptions, unknownOption } from "./messages.js";

/**
 * A copy of the options object of `call` (undefined: {}), each key one of `keys`, and a
 * boolean where given when `keys` marks it true; else the error `fail` makes of the
 * message (`example` shows what it takes). A typo in an option would otherwise go unseen.
 * Inherited keys count as given (the callers read them so); each value is read once, into
 * the copy the caller reads, so a getter cannot answer the check and the caller apart.
 */
export function optionsOf<T extends object>(
  call: string,
  options: T | undefined,
  example: string,
  keys: Record<keyof T, boolean>,
  fail: (message: string) => Error,
): T {
  if (options === undefined) return {} as T;
  if (options === null || typeof options !== "object" || Array.isArray(options))
    throw fail(takesOptions(call, example, options));
  const known = Object.keys(keys);
  const copy: Record<string, unknown> = {};
  for (const key in options) {
    if (!known.includes(key)) throw fail(unknownOption(call, key, known));
    const v = (options as Record<string, unknown>)[key];
    if (keys[key as keyof T] && v !== undefined && typeof v !== "boolean") throw fail(notBoolean(call, key, v));
    copy[key] = v;
  }
  return copy as T;
}
