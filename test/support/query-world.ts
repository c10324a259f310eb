// The world the query and deferral tests of several modules start from: 10 (A, B),
// 5 (A), 3 (A, B, T) and 2 (C) entities in a debug world.
import { component, createWorld, tag } from "wasm-ecs";

export const A = component("A", { v: "f32" });
export const B = component("B", { v: "i32" });
export const C = component("C", { v: "u8" });
export const T = tag("T");
export const ALL = [A, B, C, T];

export async function setup() {
  const world = await createWorld({ components: ALL, debug: true });
  const ab = world.spawnMany(10, A, B);
  const a = world.spawnMany(5, A);
  const abt = world.spawnMany(3, A, B, T);
  const c = world.spawnMany(2, C);
  return { world, ab, a, abt, c };
}
