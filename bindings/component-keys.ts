// What every copy of the package loaded in one realm shares (a bundle beside a CDN import,
// two versions in node_modules): the counter of component keys, so that a component of
// another copy never has the key of one of this copy's (which a world's lookups would
// otherwise find), and the mark by which messages.ts names such a component.
import { COMPONENT_BRAND, THIS_COPY } from "./messages.js";

/** The next component key (component.ts Component.key), one counter for every copy. */
export const keys = ((globalThis as { [k: symbol]: { next: number } | undefined })[
  Symbol.for("wasm-ecs.component-keys")
] ??= { next: 0 });

/** Marks the prototype of this copy's components (messages.ts componentArg reads the mark). */
export function markComponents(proto: object): void {
  Object.defineProperty(proto, COMPONENT_BRAND, { value: THIS_COPY });
}
