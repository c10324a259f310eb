// Scale: one world holds a million entities through spawn, iteration and destroy.
import { describe, expect, it } from "vitest";
import { component, createWorld } from "wasm-ecs";

const Pos = component("Pos", { x: "f32", y: "f32" });
const Vel = component("Vel", { x: "f32", y: "f32" });

describe("scale", () => {
  it("spawns, iterates and destroys 1,000,000 entities in one world", async () => {
    const N = 1_000_000;
    const world = await createWorld({ components: [Pos, Vel] });
    const es = world.spawnMany(N, Pos, Vel.with({ x: 1, y: 2 }));
    expect(world.entityCount).toBe(N);
    const q = world.query({ all: [Pos, Vel] });
    for (let step = 0; step < 3; step++) {
      for (const t of q) {
        const p = t.columns(Pos);
        const v = t.columns(Vel);
        for (let i = 0; i < t.count; i++) {
          p.x[i] += v.x[i];
          p.y[i] += v.y[i];
        }
      }
    }
    let sx = 0;
    let sy = 0;
    for (const t of q) {
      const p = t.columns(Pos);
      for (let i = 0; i < t.count; i++) {
        sx += p.x[i];
        sy += p.y[i];
      }
    }
    expect([sx, sy]).toEqual([3 * N, 6 * N]);
    world.destroyMany(es.subarray(0, N / 2));
    expect(q.count()).toBe(N / 2);
    for (let i = N / 2; i < N; i += 9973) expect(world.get(es[i], Pos)).toEqual({ x: 3, y: 6 });
    for (let i = N / 2; i < N; i++) world.destroy(es[i]);
    expect(world.entityCount).toBe(0);
    expect(q.count()).toBe(0);
    // Freed slots come back one generation later, oldest first, while 4096 of them wait;
    // the last 4095 spawns take never-used slots (generation 0).
    const again = world.spawnMany(N, Pos);
    expect(again.subarray(0, N - 4095).every((e) => e >>> 22 === 1)).toBe(true);
    expect(again.subarray(N - 4095).every((e) => e >>> 22 === 0 && (e & 0x3fffff) > N)).toBe(true);
  });
});
