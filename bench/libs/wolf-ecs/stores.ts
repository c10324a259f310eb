// Store constructors and read helpers of the WolfECS implementations (setup and read()
// only, never a timed system).
import { any, type ECS, not, types } from "wolf-ecs";

// Type aliases, not interfaces: the library's component parameter type has a string index
// signature, which only an alias's implicit index signature satisfies.
export type I32 = { readonly value: Int32Array<ArrayBuffer> };
export type Vec2 = { readonly x: Float32Array<ArrayBuffer>; readonly y: Float32Array<ArrayBuffer> };
/** A tag component (defineComponent() with no shape). */
export type Tag = ReturnType<ECS["defineComponent"]>;
/** The package declares its Query class without exporting it. */
export type Query = ReturnType<ECS["createQuery"]>;

export function i32(ecs: ECS): I32 {
  return ecs.defineComponent({ value: types.i32 });
}

export function vec2(ecs: ECS): Vec2 {
  return ecs.defineComponent({ x: types.f32, y: types.f32 });
}

/**
 * A query matching every archetype, made in setup: any(c, not(c)) for a component c of the
 * ECS (the README's query helpers; createQuery() with no term throws). WolfECS has no
 * entity count, so read() counts every live entity through it. (The empty archetype joins
 * only queries made after the first entity; every entity here gets a component at once.)
 */
export function everything(ecs: ECS, c: I32 | Vec2 | Tag): Query {
  return ecs.createQuery(any(c, not(c)));
}

/** Entities in every archetype a query matches. */
export function countOf(q: Query): number {
  let n = 0;
  for (const archetype of q.a) n += archetype.e.length;
  return n;
}

/** Sum of one typed array over the entities a query matches. */
export function sumOf(q: Query, field: ArrayLike<number>): number {
  let sum = 0;
  for (const archetype of q.a) {
    const ids = archetype.e;
    for (let i = 0; i < ids.length; i++) sum += field[ids[i]];
  }
  return sum;
}
