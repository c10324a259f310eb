// snapshot_size_1m: the bytes of a snapshot of 1,000,000 entities with four f32 fields
// (see snapshot_1m), per entity and against the 16 MB of raw field data.
import type { FigureBench } from "../types.js";
import { populated } from "./snapshot_1m.js";

const N = 1_000_000;

export const bench: FigureBench = {
  kind: "figures",
  name: "snapshot_size_1m",
  group: "micro",
  description: "snapshot bytes of 1M entities with 4 f32 fields, against their 16 MB of field data",
  implementations: {
    "wasm-ecs": {
      async measure() {
        const s = await populated();
        const bytes = s.world.snapshot().length;
        s.world.dispose();
        return {
          "snapshot bytes per entity": { value: bytes / N, unit: "B" },
          "snapshot / raw field bytes": { value: bytes / (16 * N), unit: "×" },
        };
      },
    },
  },
};
