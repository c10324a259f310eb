// Relation fixtures shared by the relation tests of several modules (world/entities,
// world/batches, world/queries, query/query, ops/cascade, snapshot/world-state, ...):
// the components, and a world's entities with their pairs as text for "nothing
// changed" checks.
import { component, relation, type World } from "wasm-ecs";

export const Pos = component("Pos", { x: "f32" });
export const Vel = component("Vel", { x: "f32" });
export const ChildOf = relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" });
export const Likes = relation("Likes");
export const Owes = relation("Owes", { exclusive: true, data: { amount: "f32" }, defaults: { amount: 5 } });
export const ALL = [Pos, Vel, ChildOf, Likes, Owes];

export function sorted(list: Iterable<number>): number[] {
  return [...list].sort((a, b) => a - b);
}

/** Entities, tables and pairs of a world, for "nothing changed" checks. */
export function state(world: World): string {
  const rows: string[] = [];
  for (const t of world.query({})) {
    for (const e of t.entities) {
      const pairs = [ChildOf, Likes, Owes].map((r) => `${r.name}:${world.targets(e, r).join(",")}`);
      rows.push(`${e} ${t.id} ${world.has(e, Pos) ? world.get(e, Pos).x : "-"} ${pairs.join(" ")}`);
    }
  }
  return rows.sort().join("\n");
}
