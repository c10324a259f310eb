// createWorld (bindings/world/create.ts), through the public API: memory reserved up
// front (initialMemoryBytes) and capped (maxMemoryBytes).
import { describe, expect, it } from "vitest";
import { component, createWorld } from "wasm-ecs";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Big = component("Big", { data: ["f64", 32] });

describe("createWorld", () => {
  it("a world reserves initialMemoryBytes up front and does not grow while it fits", async () => {
    const world = await createWorld({ components: [Pos, Big], initialMemoryBytes: 64 << 20 });
    const before = world.stats();
    expect(before.memoryBytes).toBe(64 << 20);
    world.spawnMany(100_000, Big);
    expect(world.stats().memoryBytes).toBe(64 << 20);
    expect(world.stats().usedBytes).toBeGreaterThan(100_000 * 256);
    const capped = await createWorld({ components: [Pos], maxMemoryBytes: 1 << 20 });
    expect(capped.stats().memoryBytes).toBe(1 << 20);
  });
});
