// component(), tag(): component definitions, independent of any world. A world gives
// each registered component a dense id of its own; `[KEY]` is the definition's serial number
// (component-keys.ts), which worlds use to find that id with one array load.
import { KEY, markComponents, nextKey } from "./component-keys.js";
import { isHandle } from "./entity.js";
import { ArgumentError, SchemaError } from "./errors.js";
import {
  badFieldType,
  badPolicy,
  badRelationData,
  badTarget,
  badValue,
  detachedValues,
  emptyName,
  nonFragmentingData,
  notASchema,
  notValues,
  pairTakesRelation,
  relationDataNeedsExclusive,
  relationObjectFields,
  reservedField,
  reservedName,
  rules,
  show,
  unknownField,
} from "./messages.js";
import { optionsOf } from "./options.js";
import { type FieldInfo, type Init, type ManyInit, parseField, type Schema, valueProblem } from "./schema.js";
import { isGone } from "./store/typed-copy.js";

export interface ComponentOptions<S extends Schema> {
  /** Initial values of new rows (otherwise 0). */
  readonly defaults?: Init<S>;
}

export interface TagOptions {
  /**
   * Kept outside the archetype mask, in a bitset per tag: adding or removing it never
   * moves the entity; queries filter on it row by row.
   */
  readonly sparse?: boolean;
}

/** A component definition; register it in a world before use. */
export class Component<S extends Schema = Schema, N extends string = string> {
  /** The name, also in the type: components with equal schemas stay distinct types. */
  readonly name: N;
  readonly schema: S;
  readonly isTag: boolean;
  readonly sparse: boolean;
  /** @internal Tells a Component from a ComponentInit without instanceof (hot path). */
  readonly isInit = false;
  /** @internal Tells a Component from a Pair without instanceof (hot path). */
  readonly isPair = false;
  /**
   * @internal This component, as an init's `component` gives its own: spawn's made paths
   * read it from either (passing the argument itself on would let V8 allocate an init).
   */
  get component(): this {
    return this;
  }
  /** Whether this is a relation (made by relation()): added as pairs, `R.to(target)`. */
  readonly isRelation: boolean = false;
  /** @internal The world's own bookkeeping (change stamps): left out of listings. */
  hidden = false;
  /**
   * @internal The id of this plain component or sparse tag in the world that used it
   * last, for the per-entity fast paths (world/hot.ts: taken where that id is this one's).
   */
  hotId = -1;
  readonly defaults: Init<S>;
  /** @internal Serial number of this definition in this copy of the package (component-keys.ts); not enumerable, so a copy made by spread has none. */
  declare readonly [KEY]: number;
  /** @internal Parsed numeric fields (the core's columns) in schema order. */
  readonly fields: readonly FieldInfo[];
  /** @internal "object" fields (JS-side columns), in schema order. */
  readonly objectFields: readonly ObjectFieldInfo[];
  /** @internal Field by name. */
  readonly fieldByName: ReadonlyMap<string, FieldInfo>;
  /** @internal "object" field by name. */
  readonly objectFieldByName: ReadonlyMap<string, ObjectFieldInfo>;
  /** @internal An object with every field (0), in schema order: get() copies it. */
  readonly template: Readonly<Record<string, unknown>>;

  /** @internal Use component() or tag(). */
  constructor(name: N, schema: S, isTag: boolean, sparse: boolean, defaults: Init<S>) {
    if (typeof name !== "string" || name.length === 0) {
      throw new SchemaError(emptyName(name));
    }
    this.name = name;
    this.schema = schema;
    this.isTag = isTag;
    this.sparse = sparse;
    Object.defineProperty(this, KEY, { value: nextKey(this) });
    const fields: FieldInfo[] = [];
    const objectFields: ObjectFieldInfo[] = [];
    for (const [field, type] of Object.entries(schema ?? {})) {
      // Field names become keys of plain objects (columns, values): "__proto__" would set a prototype.
      if (field === "__proto__") throw new SchemaError(reservedField(name));
      if (type === "object") {
        objectFields.push({ name: field, index: objectFields.length });
        continue;
      }
      const info = parseField(field, fields.length, type);
      if (info === undefined) throw new SchemaError(badFieldType(name, field, type));
      fields.push(info);
    }
    this.fields = fields;
    this.objectFields = objectFields;
    this.fieldByName = new Map(fields.map((f) => [f.name, f]));
    this.objectFieldByName = new Map(objectFields.map((f) => [f.name, f]));
    this.template = Object.fromEntries([
      ...fields.map((f) => [f.name, 0]),
      ...objectFields.map((f) => [f.name, undefined]),
    ]);
    for (const [field, value] of Object.entries(defaults)) {
      if (this.objectFieldByName.has(field)) continue;
      const info = this.field(field);
      checkInit(this, info, value, true);
    }
    this.defaults = ownDefaults(defaults, fields, objectFields) as Init<S>;
  }

  /** An init value for spawn: `world.spawn(Position.with({ x: 1 }))`. */
  with(values: Init<S>): ComponentInit<S> {
    return new ComponentInit(this, values);
  }

  /**
   * Init values for spawnMany where a field may hold one value per entity:
   * `world.spawnMany(n, Position.withEach({ x: xs }))` with `xs.length === n`.
   */
  withEach(values: ManyInit<S>): ComponentInit<S> {
    return new ComponentInit(this, values as Init<S>, true);
  }

  /** @internal The numeric field named `name`; SchemaError when there is none. */
  field(name: string): FieldInfo {
    const info = this.fieldByName.get(name);
    if (info === undefined) throw new SchemaError(unknownField(this.name, name, this.fieldNames()));
    return info;
  }

  /** @internal Every field's name, numeric then "object" fields (what unknownField lists). */
  fieldNames(): string[] {
    return [...this.fields, ...this.objectFields].map((f) => f.name);
  }

  toString(): string {
    return this.name;
  }
}
markComponents(Component.prototype);

/**
 * A component with initial values, made by `Component.with`. Making one checks nothing
 * (it is made once per spawn in the usual loop): the values are checked when a spawn
 * takes them (SchemaError, nothing spawned).
 */
export class ComponentInit<S extends Schema = Schema> {
  /**
   * @internal See Component.isInit. On the prototype: one init is made per spawn in the
   * usual loop, and each field it holds is a store and bytes of garbage per spawn.
   */
  get isInit(): true {
    return true;
  }
  /** @internal See Component.isPair. */
  get isPair(): false {
    return false;
  }
  constructor(
    readonly component: Component<S>,
    readonly values: Init<S>,
    /** Made by withEach: array values hold one value per entity ("object" fields included). */
    readonly each = false,
  ) {}
}

/** Whether v can hold init values: an object, or a function (the made readers read fields of any of them by name). */
export function isValues(v: unknown): v is object {
  return (typeof v === "object" && v !== null) || typeof v === "function";
}

const INHERITED = Object.prototype as unknown as Record<string, unknown>;

/**
 * Field `name` of init values, read once by its name (own or inherited); undefined when
 * left out. What every object inherits (a field named `constructor` or `valueOf` finds
 * Object.prototype's) counts as left out.
 */
/** A component's defaults as given when it was made, each read once (arrays copied): a later change to `given` changes nothing. */
function ownDefaults(given: object, fields: readonly FieldInfo[], objects: readonly ObjectFieldInfo[]): object {
  const out = {};
  const keep = (name: string, v: unknown) =>
    Object.defineProperty(out, name, { value: v, enumerable: true, writable: true, configurable: true });
  for (const { name } of fields) {
    const v = fieldOf(given, name);
    if (v !== undefined) keep(name, typeof v === "number" ? v : Array.from(v as ArrayLike<number>));
  }
  for (const { name } of objects) {
    const v = objectFieldOf(given, name);
    if (v !== undefined) keep(name, v[0]);
  }
  return out;
}

export function fieldOf(values: object, name: string): unknown {
  const v = (values as Record<string, unknown>)[name];
  return v !== undefined && v === INHERITED[name] ? undefined : v;
}

/**
 * "object" field `name` of init values, read once: [value] when given (own or inherited,
 * `undefined` too, which it then stores), undefined when left out (absent, or what every
 * object inherits, as fieldOf has it: an "object" field named `constructor` keeps its default).
 */
export function objectFieldOf(values: object, name: string): [unknown] | undefined {
  if (!(name in values)) return undefined;
  const v = (values as Record<string, unknown>)[name];
  return v !== undefined && v === INHERITED[name] ? undefined : [v];
}

/**
 * Checks init values against c's schema: an object, numbers for scalars, array-likes of
 * the field's length (or one number) for arrays; with `strict` (a debug world), integers
 * must fit their field and every key must be a field. Returns whether a value is array-like.
 */
export function checkInitValues(c: Component, values: unknown, strict: boolean): boolean {
  if (!isValues(values)) throw new SchemaError(notValues(c.name, c.fields[0]?.name, values));
  let arrays = false;
  const own = values as Record<string, unknown>;
  for (const name in own) {
    if (!Object.hasOwn(own, name) || c.objectFieldByName.has(name)) continue; // object fields take any JS value
    const f = c.fieldByName.get(name);
    // A key that is no field: refused in a debug world (SchemaError naming it), else not read.
    if (f === undefined && !strict) continue;
    const value = own[name];
    if (value === undefined) continue;
    checkInit(c, f ?? c.field(name), value, strict);
    if (typeof value === "object") arrays = true;
  }
  return arrays;
}

/** An "object" field: any JS value, kept in a JS array row-aligned with the table. */
export interface ObjectFieldInfo {
  readonly name: string;
  /** Position among the component's object fields. */
  readonly index: number;
}

/**
 * Checks one init value against its field: numbers for scalars, array-likes of the
 * field's length for arrays; with `strict`, integers must fit the field's range.
 */
export function checkInit(c: Component, f: FieldInfo, value: unknown, strict: boolean): void {
  if (f.isArray) {
    if (typeof value === "number") {
      if (strict) checkNumber(c, f, value);
      return;
    }
    const arr = value as ArrayLike<unknown> | undefined;
    if (arr === null || typeof arr !== "object" || typeof arr.length !== "number") {
      throw new SchemaError(badValue(c.name, f.name, value, rules.arrayField(f.scalar, f.length)));
    }
    if (arr.length !== f.length) {
      if (isGone(arr)) throw new SchemaError(detachedValues(c.name, f.name));
      throw new SchemaError(badValue(c.name, f.name, value, rules.exactLength(f.length)));
    }
    for (let i = 0; i < arr.length; i++) checkNumber(c, f, arr[i], strict);
    return;
  }
  checkNumber(c, f, value, strict);
}

function checkNumber(c: Component, f: FieldInfo, value: unknown, strict = true): void {
  if (typeof value !== "number") throw new SchemaError(badValue(c.name, f.name, value, rules.numbers()));
  if (!strict) return;
  const problem = valueProblem(f, value);
  if (problem !== undefined) throw new SchemaError(badValue(c.name, f.name, value, problem));
}

/** Names the package gives its hidden components (change stamps) start so; component(), tag() and relation() refuse them. */
export const HIDDEN_PREFIX = "wasm-ecs:";

/** A user's name for a component: SchemaError when it takes the hidden components' prefix. */
function userName<N>(name: N): N {
  if (typeof name === "string" && name.startsWith(HIDDEN_PREFIX))
    throw new SchemaError(reservedName(name, HIDDEN_PREFIX));
  return name;
}

/** Defines a component: `component("Position", { x: "f32", y: "f32" })`. */
export function component<const S extends Schema, const N extends string = string>(
  name: N,
  schema: S,
  options?: ComponentOptions<S>,
): Component<S, N> {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) {
    throw new SchemaError(notASchema(name, schema));
  }
  const { defaults } = optionsOf(
    `component(${show(name)})`,
    options,
    "{ defaults: { x: 1 } }",
    { defaults: false },
    schemaError,
  );
  return new Component(userName(name), schema, false, false, defaults ?? {});
}

const schemaError = (message: string) => new SchemaError(message);

/** Defines a tag: a component with no data and no column. */
export function tag<const N extends string>(name: N, options?: TagOptions): Component<Record<never, never>, N> {
  const { sparse } = optionsOf(`tag(${show(name)})`, options, "{ sparse: true }", { sparse: true }, schemaError);
  return new Component(userName(name), {}, true, sparse === true, {});
}

/** Anything spawn and add accept for a component. */
export type ComponentArg = Component | ComponentInit | Pair;

/** The names of spawn's arguments, for messages: `Position, ChildOf(12)`. */
export function argNames(args: readonly ComponentArg[]): string {
  return args.map((a) => String(a instanceof ComponentInit ? a.component : a)).join(", ");
}

/** What happens to entities related to a target when the target is destroyed. */
export type OnTargetDestroyed = "destroy" | "remove";

export interface RelationOptions<S extends Schema> {
  /** At most one target per entity: adding `R.to(b)` replaces `R.to(a)`. Default false. */
  readonly exclusive?: boolean;
  /**
   * When a target is destroyed, its related entities lose the pair ("remove", the
   * default) or are destroyed with it ("destroy"; for ChildOf-like hierarchies).
   */
  readonly onTargetDestroyed?: OnTargetDestroyed;
  /** Fields stored per entity with the pair (exclusive relations only), like a component's schema. */
  readonly data?: S;
  /** Initial values of the data fields. */
  readonly defaults?: Init<S>;
  /**
   * true (the default): entities that differ in target live in separate sub-tables, so a
   * query for one target walks only its rows and `cascade` orders tables by it. false:
   * pairs are kept in a store of their own, outside the archetype; adding or removing
   * one never moves the entity (cheap for many targets per entity or targets that change
   * often); queries filter on them row by row. No data fields, no `cascade`.
   */
  readonly fragmenting?: boolean;
}

/**
 * A relation: pairs `R.to(target)` are added and removed like components. Entities of
 * one archetype that differ in target live in separate sub-tables, so a query for one
 * target walks only its rows.
 */
export class Relation<S extends Schema = Schema, N extends string = string> extends Component<S, N> {
  readonly exclusive: boolean;
  readonly onTargetDestroyed: OnTargetDestroyed;
  /** false: pairs live in the world's pair store, not in sub-tables (RelationOptions.fragmenting). */
  readonly fragmenting: boolean;
  /** @internal The wildcard pair, made once. */
  private readonly anyPair: Pair<S>;

  /** @internal Use relation(). */
  constructor(
    name: N,
    schema: S,
    exclusive: boolean,
    onTargetDestroyed: OnTargetDestroyed,
    defaults: Init<S>,
    fragmenting = true,
  ) {
    // A non-fragmenting relation is kept outside the mask like a sparse tag: its bitset
    // says which entities hold at least one of its pairs.
    super(name, schema, Object.keys(schema).length === 0, !fragmenting, defaults);
    if (this.objectFields.length > 0) throw new SchemaError(relationObjectFields(name));
    if (this.fields.length > 0 && !fragmenting) throw new SchemaError(nonFragmentingData(name));
    if (this.fields.length > 0 && !exclusive) throw new SchemaError(relationDataNeedsExclusive(name));
    (this as { isRelation: boolean }).isRelation = true;
    this.fragmenting = fragmenting;
    this.exclusive = exclusive;
    this.onTargetDestroyed = onTargetDestroyed;
    this.anyPair = new Pair(this, WILDCARD, undefined);
  }

  /** The pair (this relation, target); `"*"` stands for any target in queries. */
  to(target: number | "*"): Pair<S> {
    if (target === WILDCARD) return this.anyPair;
    if (!isHandle(target)) {
      throw new ArgumentError(badTarget(this.name, target));
    }
    return new Pair(this, target as number, undefined);
  }
}

export const WILDCARD = "*";

/** A relation with a target: `ChildOf.to(parent)`; `.with(values)` adds data for spawn. */
export class Pair<S extends Schema = Schema> {
  /** @internal Tells pairs from components and inits without instanceof. */
  readonly isInit = false;
  /** @internal */
  readonly isPair = true;
  constructor(
    readonly relation: Relation<S>,
    /** The target entity, or "*" (queries only). */
    readonly target: number | "*",
    /** Data values (exclusive relations with data), written when the pair is added. */
    readonly values: Init<S> | undefined,
  ) {
    if (!(relation instanceof Relation)) throw new ArgumentError(pairTakesRelation(relation));
  }

  /** The same pair with data values, for spawn: `world.spawn(Likes.to(b).with({ amount: 3 }))`. */
  with(values: Init<S>): Pair<S> {
    return new Pair(this.relation, this.target, values);
  }

  toString(): string {
    return `${this.relation.name}(${String(this.target)})`;
  }
}

/**
 * Defines a relation: `relation("ChildOf", { exclusive: true, onTargetDestroyed: "destroy" })`.
 * Add pairs with `world.add(e, ChildOf.to(parent))`.
 */
export function relation<const N extends string, const S extends Schema = Record<never, never>>(
  name: N,
  given?: RelationOptions<S>,
): Relation<S, N> {
  const options = optionsOf(
    `relation(${show(name)})`,
    given,
    "{ exclusive: true }",
    { exclusive: true, onTargetDestroyed: false, data: false, defaults: false, fragmenting: true },
    schemaError,
  );
  const policy = options.onTargetDestroyed ?? "remove";
  if (policy !== "remove" && policy !== "destroy") throw new SchemaError(badPolicy(name, policy));
  const data = options.data ?? ({} as S);
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new SchemaError(badRelationData(name));
  const fragmenting = options.fragmenting ?? true;
  return new Relation(userName(name), data, options.exclusive === true, policy, options.defaults ?? {}, fragmenting);
}
