// The public API of wasm-ecs, by name (see API.md). Everything else is internal.

export type { ComponentArg, ComponentOptions, OnTargetDestroyed, RelationOptions, TagOptions } from "./component.js";
export { Component, ComponentInit, component, Pair, Relation, relation, tag } from "./component.js";
export {
  ArgumentError,
  CapacityError,
  EcsError,
  MissingComponentError,
  SchemaError,
  SnapshotError,
  StaleEntityError,
  UnknownComponentError,
  WorldPoisonedError,
} from "./errors.js";
export { EventType, Resources } from "./events.js";
export type { QueryTerms } from "./query.js";
export { Query } from "./query.js";
export type {
  Columns,
  FieldType,
  Init,
  ManyInit,
  ReadonlyColumns,
  ReadonlyTypedArray,
  Scalar,
  Schema,
  Values,
} from "./schema.js";
export type { SystemContext, SystemFn, SystemOptions } from "./systems.js";
export type { TableId } from "./views.js";
export { Table } from "./views.js";
export type { Entity, WorldInspection, WorldOptions, WorldStats } from "./world.js";
export { createWorld, World } from "./world.js";
