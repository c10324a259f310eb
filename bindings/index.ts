// The public API of wasm-ecs, by name (docs/api.md documents it). Everything else is internal.

export type { ComponentArg, ComponentOptions, OnTargetDestroyed, RelationOptions, TagOptions } from "./component.js";
export { Component, ComponentInit, component, Pair, Relation, relation, tag } from "./component.js";
export type { Entity, EntityList, TableId } from "./entity.js";
export {
  ArgumentError,
  CapacityError,
  EcsError,
  KernelError,
  MissingComponentError,
  SchemaError,
  SnapshotError,
  StaleEntityError,
  StaleViewError,
  UnknownComponentError,
  WorldPoisonedError,
} from "./errors.js";
export type { BuiltinKernels, FieldRef } from "./kernels/builtins.js";
export type { Kernel, KernelDeclaration, KernelModule, Scalars } from "./kernels/kernel.js";
export type { KernelSource } from "./kernels/load.js";
export { Query } from "./query/query.js";
export type { QueryTerms } from "./query/terms.js";
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
export { Table } from "./store/table.js";
export type { Access } from "./world/accessor.js";
export { createWorld, type WorldOptions } from "./world/create.js";
export { EventType, Resources } from "./world/events.js";
export type { WorldInspection, WorldStats } from "./world/inspect.js";
export type { SystemContext, SystemFn, SystemOptions } from "./world/systems.js";
export { World } from "./world/world.js";
