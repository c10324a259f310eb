// bytes_per_entity_1m: wasm memory cost of 1,000,000 entities with Position { x, y: f32 }
// and Velocity { x, y: f32 } (16 bytes of fields). Budget: fields + at most 16 bytes.
// usedBytes counts live core allocations (columns with their spare capacity, the entity
// index, tables, masks); memoryBytes is the whole wasm memory.
import { component, createWorld, type World } from "wasm-ecs";
import { expectEqual } from "../check.js";
import type { Figure, FigureBench } from "../types.js";

const N = 1_000_000;

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

/**
 * Spawns N entities into a fresh world. Per-entity bytes are counted from the usedBytes of
 * an empty world without a capacity hint, so the index a hint reserves up front counts too.
 */
async function measureWorld(hint: number, label: string): Promise<Record<string, Figure>> {
  const world: World = await createWorld({ components: [Position, Velocity], initialEntities: hint });
  const empty: World = await createWorld({ components: [Position, Velocity] });
  const baseline = empty.stats().usedBytes;
  empty.dispose();
  world.spawnMany(N, Position, Velocity);
  const after = world.stats();
  expectEqual("bytes_per_entity_1m", "entities", after.entities, N);
  world.dispose();
  return {
    [`usedBytes per entity${label}`]: { value: (after.usedBytes - baseline) / N, unit: "B" },
    [`memoryBytes${label}`]: { value: after.memoryBytes, unit: "B" },
  };
}

export const bench: FigureBench = {
  kind: "figures",
  name: "bytes_per_entity_1m",
  group: "micro",
  description: "usedBytes delta / entity for 1M entities with Position + Velocity (16 B of fields); memoryBytes",
  implementations: {
    "wasm-ecs": {
      async measure() {
        return { ...(await measureWorld(0, "")), ...(await measureWorld(N, ", initialEntities: 1M")) };
      },
    },
  },
};
