// Check-only helpers for the piecs implementations: run one registered system as
// world.update() does, and read counts and sums over a system's query. Never timed.
import type { System, World } from "piecs";

/** Runs one registered system the way world.update() does. */
export function runSystem(system: System, world: World): void {
  const archetypes = system.query.archetypes;
  if (system.type === 1) {
    system.execute(archetypes, world);
    return;
  }
  for (let a = archetypes.length - 1; a >= 0; a--) {
    const entities = archetypes[a].entities;
    if (entities.length > 0) system.execute(entities, world);
  }
}

/** Entities in every archetype a system's query matches. */
export function countOf(system: System): number {
  let n = 0;
  for (const archetype of system.query.archetypes) n += archetype.entities.length;
  return n;
}

/** Sum of one typed array over the entities a system's query matches. */
export function sumOf(system: System, field: ArrayLike<number>): number {
  let sum = 0;
  for (const archetype of system.query.archetypes) {
    const entities = archetype.entities;
    for (let i = 0; i < entities.length; i++) sum += field[entities[i]];
  }
  return sum;
}

/** Live entities among ids 0 .. capacity - 1 (piecs hands out ids from 0 and recycles them). */
export function entityCount(world: World, capacity: number): number {
  let n = 0;
  for (let id = 0; id < capacity; id++) if (world.hasEntity(id)) n++;
  return n;
}

export function update(s: { readonly world: World }): void {
  s.world.update();
}
