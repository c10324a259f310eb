// A world's observable state as plain data, for "the world is exactly as before" checks.
import type { Component, World } from "wasm-ecs";

export interface EntityState {
  readonly e: number;
  readonly components: Record<string, unknown>;
}

/** Every live entity (via the empty query) with every listed component's values. */
export function stateOf(world: World, components: readonly Component[]): { count: number; entities: EntityState[] } {
  const entities: EntityState[] = [];
  for (const e of world.query({}).entities()) {
    const out: Record<string, unknown> = {};
    for (const c of components) if (world.has(e, c)) out[c.name] = world.get(e, c);
    entities.push({ e, components: out });
  }
  entities.sort((a, b) => a.e - b.e);
  return { count: world.entityCount, entities };
}
