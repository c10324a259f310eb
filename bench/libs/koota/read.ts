// Read helpers for the Koota implementations (read() only, never a timed system).
import type { Entity, QueryParameter, QueryResult, StoresFromParameters, World } from "koota";

/**
 * Entities in the world: world.entities is a copy of every live entity, the world's own
 * entity included. Not `world.query()`, which would add a query instance (and its
 * bookkeeping) to the world that the timed steps then pay for.
 */
export function entityCount(world: World): number {
  return world.entities.length - 1;
}

/** Sum of one store field over a query result. */
export function sumOver(entities: readonly Entity[], field: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < entities.length; i++) sum += field[entities[i].id()];
  return sum;
}

/** The stores of a trait with a `value` field, as useStores hands them over. */
export type ValueStore = { value: number[] };

/** The stores of a trait with x and y fields. */
export type Vec2Store = { x: number[]; y: number[] };

/** What useStores hands a callback, taken out of it: the query's stores and its entities. */
export function storesOf<T extends QueryParameter[]>(
  result: QueryResult<T>,
): { readonly stores: StoresFromParameters<T>; readonly entities: readonly Entity[] } {
  let taken: { stores: StoresFromParameters<T>; entities: readonly Entity[] } | undefined;
  result.useStores((stores, entities) => {
    taken = { stores, entities };
  });
  if (taken === undefined) throw new Error("useStores did not call back");
  return taken;
}
