// wasm-ecs, written the way a user writes it after reading the README. Rows compare like
// with like: "wasm-ecs" is the per-entity form upstream scenarios use; batch forms and other
// variants are named rows ("wasm-ecs (batch)"), each in its own <scenario>.<variant>.ts file.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "wasm-ecs",
  fastPath:
    "README: for each table t of a query, the typed-array views of t.columns(C), rows 0 .. t.count - 1; " +
    "structural changes per entity inside the loop (world.spawn / destroy / add / remove, deferred to the loop's end); " +
    "world.get / world.set for one entity; spawnMany / destroyMany / addMany / removeMany as batch rows; " +
    "systems in AssemblyScript (world.kernels(url).kernel(name, { write, read }).run()) as kernel rows",
};
