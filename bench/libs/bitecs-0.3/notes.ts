// bitECS 0.3 (bitecs@0.3.40, under the npm alias "bitecs-0.3"): the fast path its 0.3 README and
// docs/INTRO.md give, and what it cannot do.
import type { LibraryNotes } from "../../spec.js";

export const notes: LibraryNotes = {
  name: "bitecs 0.3",
  packageName: "bitecs-0.3",
  fastPath:
    "defineComponent({ value: Types.i32 }) gives a structure of typed arrays indexed by entity id, " +
    "defineComponent() a tag, and a system is a plain function calling a query made once by " +
    "defineQuery([...]) and looping over the returned id array by index (the README's movementSystem). " +
    "Removals (removeEntity, and removeComponent for a query's membership) are deferred until the next query " +
    "call, so removing inside a query loop is safe.",
  cannot: {
    spawn_1m:
      "addEntity reuses removed ids via Array.shift on a 1M-long list (O(n) each): 55-90 s per op after the first, past the 120 s child limit",
    hierarchy_10k: "no relations",
    reparent_10k: "no relations",
  },
};
