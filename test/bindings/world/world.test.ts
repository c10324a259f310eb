// World (bindings/world/world.ts), through the public API: what a disposed world answers.
import { describe, expect, it } from "vitest";
import { component, createWorld } from "wasm-ecs";

const Position = component("Position", { x: "f32", y: "f32" });
const ALL = [Position];

describe("world", () => {
  it("a disposed world reports no entity alive", async () => {
    const world = await createWorld({ components: ALL });
    const e = world.spawn(Position);
    world.dispose();
    expect(world.isAlive(e)).toBe(false);
  });
});
