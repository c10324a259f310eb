// Where a component keeps the serial number by which worlds find it (component.ts), and
// the mark by which messages.ts names a component of another copy of the package (a bundle
// beside a CDN import, two versions in node_modules, another realm).
import { COMPONENT_BRAND, THIS_COPY } from "./messages.js";

/**
 * The property that holds a component's key: a symbol of this copy alone. Nothing else
 * has it (a component of another copy, of an older version or another realm, an object
 * made to look like one), so a world's lookup by key finds only this copy's components
 * and sends anything else down the checked path, which refuses it.
 */
export const KEY: unique symbol = Symbol("wasm-ecs.key");

let next = 0;
/** Every component this copy made: the very objects, which no Proxy or copy of one is. */
const made = new WeakSet<object>();

/** The next component key, in order of definition, for component c (which is then this copy's own). */
export function nextKey(c: object): number {
  made.add(c);
  return next++;
}

/** Whether c is a component this copy made: not one of another copy, a Proxy of one, or an object made from one. */
export function isOwnComponent(c: unknown): boolean {
  return typeof c === "object" && c !== null && made.has(c);
}

/** Marks the prototype of this copy's components (messages.ts componentArg reads the mark). */
export function markComponents(proto: object): void {
  Object.defineProperty(proto, COMPONENT_BRAND, { value: THIS_COPY });
}
