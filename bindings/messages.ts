// Every message text the library throws, by area. Each names the offending value and
// the rule it broke; the error classes (errors.ts) carry the stable codes. Tests and
// docs/errors.md quote these texts: change them here only, and on purpose.
import { GEN_BITS, REUSE_QUEUE, SLOT_BITS } from "./core/constants.generated.js";
import { generationOf, isHandle, MAX_ENTITY_ID, slotOf } from "./entity.js";

/**
 * Any value as text, never throwing: a BigInt as `1n`, a symbol by its description, an
 * object whose conversion throws (a Proxy, a null-prototype object) by its kind.
 */
export function show(value: unknown): string {
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return value.toString();
  try {
    return String(value);
  } catch {
    return typeof value === "function" ? "a function" : "an object";
  }
}

/** A value as JSON where it has a JSON form (strings quoted), else as show() has it; never throws. */
export function quote(value: unknown): string {
  try {
    return JSON.stringify(value) ?? show(value);
  } catch {
    return show(value);
  }
}

/** A value as a message shows it: numbers and strings as written, objects by kind. */
export function formatValue(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "bigint" || typeof value === "symbol") return show(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value) || ArrayBuffer.isView(value))
    return `an array of length ${(value as ArrayLike<unknown>).length}`;
  return typeof value;
}

/** A value's kind for messages about wrong types: `a Map object`, `a function`, `number 3`. */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === "function") return "a function";
  if (typeof value === "object" && value !== null) {
    let name: unknown;
    try {
      name = Object.getPrototypeOf(value)?.constructor?.name;
    } catch {
      return "an object";
    }
    return typeof name === "string" ? `${/^[AEIO]/.test(name) ? "an" : "a"} ${name} object` : "a null-prototype object";
  }
  return `${typeof value} ${show(value)}`;
}

// ── Entities ─────────────────────────────────────────────────────────────────
/** `Entity 4097 (slot 1, generation 1)`. */
export function describeEntity(e: number): string {
  if (!isHandle(e) && e !== 0) return `Entity ${show(e)}`;
  return `Entity ${e} (slot ${slotOf(e)}, generation ${generationOf(e)})`;
}

/** Why `e` is not a live entity; `slot` is the slot's state now (undefined: never used). */
export function staleEntity(e: number, slot: { generation: number; free: boolean } | undefined): string {
  let why: string;
  if (!Number.isInteger(e) || e < 0 || e > MAX_ENTITY_ID)
    why = `is not an entity id (ids are integers from 1 to ${2 ** (SLOT_BITS + GEN_BITS) - 1})`;
  else if (slotOf(e) === 0) why = "is never alive: slot 0 is reserved for 'no entity'";
  else if (slot === undefined) why = `is stale: slot ${slotOf(e)} was never used`;
  else if (slot.free) why = `is stale: slot ${slotOf(e)} is free, now at generation ${slot.generation}`;
  else why = `is stale: slot ${slotOf(e)} is now at generation ${slot.generation}`;
  return `${describeEntity(e)} ${why}`;
}

export const missingComponent = (subject: string, component: string, action: string) =>
  `${subject} has no ${component}: cannot ${action} it`;

export const unknownComponent = (component: string) =>
  `Component "${component}" is not registered in this world: pass it to createWorld({ components }) or world.register() first`;

/** The key of the mark every copy of the package puts on its components (component-keys.ts), and this copy's mark. */
export const COMPONENT_BRAND: symbol = Symbol.for("wasm-ecs.component");
export const THIS_COPY: object = Object.freeze({});
const OTHER_COPY = " of another copy of wasm-ecs (two copies of the package are loaded; they do not mix)";
/** A value as messages about components show it: a component or pair of another copy of the package named as such. */
export const componentArg = (value: unknown) =>
  markOf(value, false) !== THIS_COPY
    ? `${show((value as { name?: unknown }).name)}${OTHER_COPY}`
    : markOf(value, true) !== THIS_COPY
      ? `${show(value)}${OTHER_COPY}`
      : show(value);

/** The component mark of value (or of its `relation`: a pair's): THIS_COPY for this copy's and anything unmarked (a proxy's trap that throws included). */
function markOf(value: unknown, ofRelation: boolean): unknown {
  try {
    const v = ofRelation ? (value as { relation?: unknown } | null)?.relation : value;
    return (v as { [k: symbol]: unknown } | null)?.[COMPONENT_BRAND] ?? THIS_COPY;
  } catch {
    return THIS_COPY;
  }
}
export const notAComponent = (value: unknown) => `Expected a component, got ${componentArg(value)}`;
export const notAComponentOrPair = (value: unknown) => `Expected a component or a pair, got ${componentArg(value)}`;
export const standIn = (name: string) =>
  `Expected a component, got a stand-in for ${name} (an object made from it, such as Object.create(${name}) or a Proxy of it), not ${name} itself`;
export const registerTakesComponent = (value: unknown) => `register() takes a component, got ${componentArg(value)}`;

// ── Capacity ─────────────────────────────────────────────────────────────────
export const outOfMemory = (what: string, limit: number) =>
  `Out of memory while trying to ${what}: the world may use at most ${limit} bytes (maxMemoryBytes); nothing was changed`;
export const idSpace = (what: string, alive: number) =>
  `Entity id space exhausted while trying to ${what}: ${alive} entities are alive; up to ${2 ** SLOT_BITS - REUSE_QUEUE} can always be alive at once (of the ${2 ** SLOT_BITS - 1} slots, up to ${REUSE_QUEUE - 1} stay free so that a freed id waits before it is reused); nothing was changed`;
export const componentLimit = (name: string, max: number) =>
  `Cannot register "${name}": a world holds at most ${max} components`;
export const flushFailed = (cause: string, applied: number, dropped: number) =>
  `${cause.replace(/; nothing was changed$/, "")}, while applying deferred changes: the first ${applied} were applied; the ${dropped} from the failing one on were dropped, and the entities spawned for them destroyed`;
export const internalStatus = (status: number, what: string) => `The core answered ${status} while trying to ${what}`;

// ── Schemas and values ───────────────────────────────────────────────────────
export const duplicateName = (name: string) =>
  `Another component named "${name}" is already registered in this world: component names are unique per world`;
export const emptyName = (name: unknown) => `A component needs a non-empty name, got ${quote(name)}`;
export const notASchema = (name: unknown, schema: unknown) =>
  `${show(name)} needs a schema object such as { x: "f32" }, got ${show(schema)}`;
export const unknownField = (component: string, field: string, fields: readonly string[]) =>
  `${component} has no field "${field}" (its fields: ${fields.length ? fields.join(", ") : "none"})`;
export const reservedName = (name: string, prefix: string) =>
  `${quote(name)} starts with "${prefix}", which names the package's own hidden components; choose another name`;
export const reservedField = (component: string) =>
  `${component} has a field named "__proto__": that name would set the prototype of the objects fields are keys of; rename the field`;
export const badFieldType = (component: string, field: string, type: unknown) =>
  `${component}.${field} has type ${quote(type)}: use f32, f64, i8, u8, i16, u16, i32, u32, eid, [type, length] or "object"`;
export const badValue = (component: string, field: string, value: unknown, rule: string) =>
  `${component}.${field} cannot take ${formatValue(value)}: ${rule}`;
export const notValues = (component: string, firstField: string | undefined, values: unknown) =>
  `Values for ${component} must be an object such as { ${firstField ?? "x"}: 1 }, got ${show(values)}`;
export const notManyValues = (component: string, values: unknown) =>
  `Values for ${component} must be an object, got ${show(values)}`;
/** The rules badValue names. */
export const rules = {
  numbers: () => "values must be numbers",
  arrayField: (scalar: string, length: number) => `it is a [${scalar}, ${length}] array field`,
  exactLength: (length: number) => `it holds exactly ${length} elements`,
  objectEach: (n: number) => `withEach values of an "object" field are an array of ${n} values`,
  perEntity: (n: number, elements: number) => `per-entity values for ${n} entities need ${elements} elements`,
  finite: (scalar: string) => `${scalar} fields hold finite integers (debug mode checks this)`,
  range: (scalar: string, lo: number, hi: number) =>
    `${scalar} fields hold integers from ${lo} to ${hi} (debug mode checks this)`,
};
export const coreRejectedSchema = (name: string) => `The core rejected the schema of ${name}`;

// ── Relations ────────────────────────────────────────────────────────────────
export const bareRelation = (name: string, method: string) =>
  `${name} is a relation: ${method}() takes a pair such as ${name}.to(target)`;
export const wildcardPair = (name: string, method: string) =>
  `${name}.to("*") matches any target in queries; ${method}() needs a target entity`;
export const badTarget = (name: string, target: unknown) => `${name}.to() takes an entity or "*", got ${show(target)}`;
export const relationObjectFields = (name: string) =>
  `Relation ${name} cannot have "object" fields; numeric data fields only`;
export const relationDataNeedsExclusive = (name: string) =>
  `Relation ${name} has data fields, which need exclusive: true (one value per entity, not per target)`;
/** The inspector's refusals (wasm-ecs/inspector): `call` takes `what`, not `value`. */
export const inspectorTakes = (call: string, what: string, value: unknown) =>
  `${call} takes ${what}, got ${describeValue(value)}`;
export const takesOptions = (call: string, example: string, options: unknown) =>
  `${call} takes options such as ${example}, got ${describeValue(options)}`;
export const unknownOption = (call: string, key: string, known: readonly string[]) =>
  `${call} has no option ${JSON.stringify(key)} (its options: ${known.join(", ")})`;
export const notBoolean = (call: string, key: string, value: unknown) =>
  `${call}: ${key} is true or false, got ${show(value)}`;
export const badPolicy = (name: unknown, policy: unknown) =>
  `onTargetDestroyed of ${show(name)} must be "remove" or "destroy", got ${show(policy)}`;
export const badRelationData = (name: unknown) =>
  `The data of relation ${show(name)} must be a schema object such as { weight: "f32" }`;
export const twoExclusiveTargets = (name: string, pairs: string) =>
  `${name} is exclusive: one target per entity, got two in (${pairs})`;
export const refusedPairs = (names: string) => `The core refused the relation pairs of (${names})`;
export const pairTakesRelation = (value: unknown) =>
  `A pair's relation must be a relation made by relation(), got ${componentArg(value)}`;
export const targetsTakesRelation = (value: unknown) => `targets() takes a relation, got ${show(value)}`;
export const notTracked = (what: string) => `Relations are not change-tracked: ${what}`;
export const sparseNotLogged = (name: string) =>
  `Sparse tags keep no removal log: removed(${name}) is not available (a sparse tag flips a bit in place; query { none: [${name}] } instead)`;
export const pairInTerm = (pair: string, key: string, relation: string) =>
  `A pair with a target (${pair}) goes in all or none; ${key} takes ${relation}.to("*")`;
export const cascadeTakesRelation = (value: unknown) =>
  `cascade takes a relation (cascade: ChildOf), got ${Array.isArray(value) ? arrayOf(value) : show(value)}`;

/** An array as a message shows it, never throwing (a Proxy of one may). */
function arrayOf(value: unknown[]): string {
  try {
    return `an array [${value.map(show).join(", ")}]`;
  } catch {
    return "an array";
  }
}
export const nonFragmentingData = (name: string) =>
  `Relation ${name} is non-fragmenting (fragmenting: false): its pairs carry no data fields`;
export const nonFragmentingCascade = (name: string) =>
  `cascade: ${name} is non-fragmenting (fragmenting: false): its pairs are not per table, so tables have no breadth order over it`;
/** What a snapshot's malformed() names about the pairs of non-fragmenting relations. */
export const snapLinks = {
  notList: () => '"links" is not a list of { id, pairs }',
  notRelation: (id: unknown) => `links of component ${show(id)}, which is not a non-fragmenting relation`,
  tooMany: (id: number, n: number, max: number) => `links of component ${id} hold ${n} numbers, more than ${max}`,
  deadEntity: (id: number, e: unknown) => `links of component ${id} name ${show(e)}, which is not a live entity there`,
  repeated: (id: number, e: number, t: number) => `links of component ${id} hold the pair (${e}, ${t}) twice`,
  twoTargets: (id: number, e: number) => `links of exclusive component ${id} give entity ${e} two targets`,
  bits: (id: number) => `links of component ${id} disagree with its bitset`,
};
export const nonFragmentingTarget = (name: string, method: string) =>
  `${name} is non-fragmenting (fragmenting: false): the entities of a table do not share its targets, so table.${method}() does not apply; use world.targets(e, ${name})`;

// ── Queries, views and deferral ──────────────────────────────────────────────
export const badTerms = (terms: unknown) => `query() takes terms such as { all: [A] }, got ${show(terms)}`;
export const unknownTerm = (key: string, keys: readonly string[]) =>
  `Unknown query term "${key}": use ${keys.join(", ")}`;
export const termNotArray = (key: string) => `Query term "${key}" must be an array of components`;
export const sparseInTerm = (name: string, relation: string | undefined) =>
  relation === undefined
    ? `${name} is a sparse tag: queries take sparse tags in all, none or optional`
    : `${relation} is non-fragmenting (fragmenting: false): queries take ${name} in all, none or optional`;
export const readAndWrite = (name: string) => `${name} is both a read and a write term`;
export const writeReadTerm = (name: string) => `${name} is a read term of this query: write() is for its write terms`;
export const tableRetired = (table: string) => `Table ${table} is from before world.restore(): query again`;
export const tableRecycled = (table: string) =>
  `Table ${table} is gone (its relation target was destroyed, or the call that made it failed); its id may stand for another table: query again`;
export const iterationEnded = (by: string) =>
  `This query iteration was ended by ${by} before it finished (the changes waiting for it were applied then): iterate the query again`;
export const rowsHeld = (table: string) =>
  `A filtered loop cannot take table ${table}: its matching rows must move to the front while an outer loop that went through that table is still running. Test the tag with world.has() in the inner loop, or take q.entities() before the outer loop`;
export const batchTarget = (method: string, target: unknown) =>
  `${method}() takes an array of entities or a query, got ${show(target)}`;
export const proxiedList = () =>
  "A list of entities must be an array or a typed array itself, not a Proxy of a typed array (whose length cannot be read through it)";
const GONE = "its buffer was detached (transferred by postMessage or structuredClone) or shrunk out of the view";
export const detachedList = () => `A list of entities has no elements to read: ${GONE}`;
export const detachedValues = (component: string, field: string) =>
  `${component}.${field} has no values to read: ${GONE}`;
export const foreignQuery = (method: string) => `${method}() was given a query of another world`;
export const elementIndex = (component: string, field: string, length: number, k: unknown) =>
  `${component}.${field} has elements 0 to ${length - 1}, got ${show(k)}`;
export const accessorClash = (component: string, first: string, second: string, fn: string) =>
  `${component} has no accessor: field ${JSON.stringify(first)} and field ${JSON.stringify(second)} would both have a function named ${JSON.stringify(fn)}; rename one of them`;
export const spawnedDeferred = (entity: string) => `${entity}, spawned while changes are deferred,`;
export const spawnWaits = (entity: string, call: string) =>
  `${entity} was spawned while changes are deferred and its values are not staged alone (it came from spawnMany, or add / remove / destroy of it wait too): ${call} of it waits until they are applied, when the loop, the system or defer() ends`;
export const pairDataWaits = (entity: string, relation: string, call: string) =>
  `${entity} was spawned while changes are deferred: ${call} of its ${relation} data waits until they are applied, when the loop, the system or defer() ends`;
export const removeWaits = (entity: string, component: string, call: string) =>
  `${entity} waits for a deferred remove of ${component}: ${call} cannot reach the row it has after it; give the values to add(), or write once the changes are applied`;
export const addWaits = (entity: string, component: string, call: string) =>
  `${entity} waits for a deferred add of ${component} with values, which the flush writes over what ${call} writes now; give the values to that add, or write once the changes are applied`;
export const targetDestroyWaits = (entity: string, component: string, target: string, call: string) =>
  `${entity} has ${component} with ${target}, whose deferred destroy takes that pair at the flush: ${call} cannot reach the row it has after it; write once the changes are applied`;
export const noTableYet = (entity: string) =>
  `${entity} was spawned while changes are deferred: it joins its table when they are applied, when the loop, the system or defer() ends (world.get and world.set reach its values before)`;
export const spawnReentered = (comps: readonly { name: string }[]) =>
  `The values of ${comps.map((c) => c.name).join(", ")} given to spawn() spawned or flushed (a getter called the world): nothing was spawned`;
export const spawnManyCount = (max: number, n: unknown) =>
  `spawnMany needs a whole number of entities from 0 to ${max}, got ${show(n)}`;

// ── World options, systems, events ───────────────────────────────────────────
export const disposed = () => "the world was disposed";
export const poisoned = (cause: string) =>
  `an internal error left it half-updated (${cause}); restore a snapshot into a new world`;
export const maxMemory = (min: number, value: unknown) =>
  `maxMemoryBytes must be a number of bytes of at least ${min}, got ${show(value)}`;
export const worldComponents = (value: unknown) =>
  `createWorld({ components }) takes an array of components, got ${describeValue(value)}`;
export const initialEntities = (value: unknown) => `initialEntities must be a whole number, got ${show(value)}`;
export const initialMemory = (value: unknown) => `initialMemoryBytes must be a number of bytes, got ${show(value)}`;
export const refusedInside = (what: string) =>
  `${what} cannot run while a query is iterated, inside defer() or inside step()`;
export const needsFunction = (method: string, fn: unknown) => `${method}() takes a function, got ${describeValue(fn)}`;
export const systemName = (name: unknown) => `A system needs a non-empty name, got ${show(name)}`;
export const systemFn = (name: string, fn: unknown) => `System "${name}" needs a function, got ${show(fn)}`;
export const systemOption = (name: string, option: string, value: unknown, expected: string) =>
  `System "${name}": option ${option} must be ${expected}, got ${show(value)}`;
export const duplicateSystem = (name: string) => `A system named "${name}" exists already`;
export const systemCycle = (names: readonly string[]) =>
  `The before / after constraints of systems ${names.join(", ")} form a cycle`;
export const unknownSystem = (from: string, key: string, name: string) =>
  `System "${from}" runs ${key} "${name}", but no system has that name`;
export const stepInStep = () => "step() was called inside a step";
export const stepWhileDeferring = () => "step() was called inside defer() or a system";
export const stepDt = (dt: unknown) => `step(dt) needs a finite number, got ${show(dt)}`;
export const eventName = (name: unknown) => `An event type needs a non-empty name, got ${show(name)}`;
export const foreignEvent = (type: unknown) =>
  `Expected an event type of this world (world.event(name)), got ${show(type)}`;
export const resourceKey = (key: unknown) => `A resource key is a string, got ${show(key)}`;
/**
 * A write through a column array after its table moved (`freed`: freed) its columns:
 * `array` is "A column array of Position.x" or "The entities array", `table` "Position, Velocity".
 */
export const staleView = (array: string, table: string, freed: boolean, row: number) =>
  `${array} (table ${table}) taken before the table ${freed ? "freed" : "moved"} its columns was written after ${freed ? "they were freed" : "it moved"} (row ${row}): the write is lost. Take column arrays from t.columns() again after a structural change`;
export const staleColumn = (component: string, field: string) => `A column array of ${component}.${field}`;
export const staleEntities = () => "The entities array";
export const debugOnly = (what: string) => `${what} needs a world created with debug: true`;
export const cannotLoad = (href: string, status: number) => `wasm-ecs: could not load ${href} (HTTP ${status})`;

// ── Kernels ──────────────────────────────────────────────────────────────────
export const kernelModule = (why: string) => `The kernel module was refused: ${why}`;
export const detachedBytes = () => `${GONE}: there are no bytes to read`;
export const linkRefused = (why: string) =>
  `it cannot use the world's memory (${why}): build it with npx wasm-ecs-kernel, which imports a memory with no maximum of its own`;
export const compiledFor = (shared: boolean) =>
  `it was compiled for ${shared ? "an unshared" : "a shared"} memory and this world's memory is ${shared ? "shared" : "unshared"}: give its bytes or URL instead of a compiled WebAssembly.Module, and the world compiles it to match`;
export const noKernel = (name: string, names: readonly string[]) =>
  `The kernel module exports no function "${name}" (it exports ${names.join(", ") || "none"})`;
export const kernelDeclaration = (name: string, why: string) => `Kernel ${name} cannot be declared: ${why}`;
export const kernelSignature = (
  name: string,
  params: readonly string[],
  results: readonly string[],
  names: readonly string[],
  expected: readonly string[],
) =>
  `Kernel ${name} takes (${params.join(", ")})${results.length > 0 ? ` and returns ${results.join(", ")}` : ""}; its declaration needs (${names.map((n, i) => `${n}: ${expected[i]}`).join(", ")}) and no result`;
export const kernelColumnType = (name: string, param: number, column: string, element: string, field: string) =>
  `Kernel ${name} cannot be declared: its parameter ${param} is a column of ${element} and the declaration gives it ${column}, a field of ${field}`;
export const builtinScalar = (kernel: string, name: string, value: unknown, bound: boolean) =>
  `Built-in kernel ${kernel} takes ${name} as ${bound ? "a number (not NaN)" : "a number that is finite as an f32 (within ±3.4e38)"}, got ${formatValue(value)}`;
export const kernelArgs = (name: string, scalars: readonly string[], args: unknown) =>
  `Kernel ${name} takes its scalars as { ${scalars.map((s) => `${s}: number`).join(", ")} }, got ${formatValue(args)}`;
export const kernelSystemArgs = (name: string, args: unknown) =>
  `Kernel ${name}.system() takes a function from the system's context to its scalars, got ${formatValue(args)}`;
export const kernelScalarValue = (name: string, scalar: string, value: unknown) =>
  `Kernel ${name} takes its scalar ${scalar} as a number, got ${formatValue(value)}`;
export const kernelScalar = (name: string, scalar: string, type: string, lo: number, hi: number, value: unknown) =>
  `Kernel ${name} takes its scalar ${scalar} as ${type}, an integer from ${lo} to ${hi}, got ${formatValue(value)}`;
export const kernelTrap = (name: string, table: string, cause: string) =>
  `kernel ${name} trapped on table ${table} (${cause}); its columns may be half-written: restore a snapshot into a new world`;
export const kernelGrew = (name: string, table: string | undefined) =>
  `kernel ${name}${table === undefined ? "" : `, on table ${table},`} grew the memory (memory.grow), which detached every view the world handed out: a write through one would be lost; restore a snapshot into a new world`;
export const kernelOutside = (name: string, table: string, byte: number) =>
  `kernel ${name}, on table ${table}, wrote outside its write columns (byte ${byte} of the memory changed); restore a snapshot into a new world`;
export const coreOverwritten = (what: string) =>
  `the core's ${what} is past its memory: something wrote over the core (in a release world, a kernel that wrote outside its columns); restore a snapshot into a new world`;
export const builtinField = (what: string) => `Built-in kernels work on f32 fields: ${what}`;
export const kernelQuery = (method: string, value: unknown) =>
  `${method}() takes a query of this world, got ${describeValue(value)}`;
export const scratchWrite = (byte: number) => `instantiating it writes a scratch memory (byte ${byte})`;
export const copyWrite = (byte: number) => `instantiating it writes a copy of the world's memory (byte ${byte})`;
export const noCopy = () =>
  "a compiled module is checked over a copy of the world's memory, and there is no memory for one: give its bytes or URL instead";

// ── Snapshots (each completes "The snapshot was refused: ...") ──────────────
export const snap = {
  notBytes: (value: unknown) => `a snapshot is a Uint8Array, got ${describeValue(value)}`,
  short: (n: number, header: number) => `it is truncated: ${n} bytes, shorter than the ${header}-byte header`,
  magic: () => "it does not start with the wasm-ecs magic bytes",
  version: (got: number, reads: number) => `it has format version ${got}; this version of wasm-ecs reads ${reads}`,
  flags: (flags: number) => `its header has flags ${flags >>> 0}; only bit 0 (made by the debug core) is defined`,
  length: (n: number, expected: number, json: number, memory: number) =>
    `it is truncated or padded: ${n} bytes, the header announces ${expected} (${json} of JSON, ${memory} of memory)`,
  checksum: (stored: string, computed: string) =>
    `its checksum does not match (stored ${stored}, computed ${computed}): the bytes were damaged`,
  json: (why: string) => `its JSON part does not parse (${why})`,
  noSchema: () => "its JSON part has no schema",
  malformed: (what: string) => `its JSON part is malformed: ${what}`,
  memoryShort: () => "its memory part is shorter than its own records say",
  disagree: (what: string) => `its parts disagree${what}`,
  // What malformed() and disagree() name:
  undescribed: (id: number) => `component ${id} is not described`,
  badRelation: (id: number, value: unknown) =>
    `component ${id} has "relation" ${quote(value)}, not a pair [kind, onTargetDestroyed]`,
  notCount: (key: string) => `"${key}" is not a count`,
  notTicks: (key: string) => `"${key}" is not a map of ticks`,
  tracksNothing: (id: number) => `component ${id} tracks no component`,
  onComponentCount: () => " on the component count",
  onTracking: (name: string) => ` on what tracks ${name}`,
  aSparseBitset: () => "a sparse bitset",
  sparseBitsetOf: (id: number) => `sparse bitset of component ${id}`,
  bitsetOutside: (name: string) => `the bitset of ${name} lies outside the memory part`,
  bitsetNotBlock: (name: string) => `the bitset of ${name} is not a block of the core's memory`,
  noBitset: (name: string) => `sparse tag ${name} has no bitset`,
  entryDiffers: (id: number, there: string, here: string, keys: readonly string[]) =>
    `component ${id} is ${there} there and ${here} here (they differ in ${keys.map((k) => JSON.stringify(k)).join(", ")})`,
  anObjectList: () => "an object-value list",
  objectValuesOf: (t: number, id: number) => `object values of table ${t}, component ${id}`,
  objectValuesWithout: (t: number, id: number) => `object values for table ${t}, which has no component ${id}`,
  objectRows: (t: number, rows: number, values: number) => `: table ${t} has ${rows} rows and ${values} object values`,
  noObjectValues: (t: number) => `: table ${t} lacks its object values`,
  tickAhead: (what: string, tick: number, now: number) => `: ${what} has tick ${tick}, past the change tick ${now}`,
  notJson: (where: string, value: unknown) => `${where} is ${value}, which JSON cannot hold`,
  tooDeep: (where: string) => `${where} nests deeper than 64 levels`,
  changedWhileSaving: () =>
    "a getter among its object-field values or resources changed the world, or called snapshot(), while snapshot() read them",
  notJsonSafe: (where: string, value: unknown) =>
    `${where} is ${describeValue(value)}, which is not JSON-safe (snapshots keep JSON values only)`,
  build: (theirs: string, ours: string) => `it was made by the ${theirs} core; this world runs the ${ours} core`,
  addresses: () => "it was made by another build of the core (its state sits at other addresses)",
  schema: (detail: string) => `its schema does not match this world's: ${detail}`,
  internalComponent: (id: number, name: string) =>
    `its component ${id} (${name}) is internal and not one this version makes`,
  notGiven: (name: string) => `it has component "${name}", which createWorld was not given in components`,
  extraGiven: (names: readonly string[]) =>
    `createWorld was given ${names.map((n) => `"${n}"`).join(", ")}, which the snapshot does not have`,
  image: (why: string) => `its memory image is not one the core can have made (${why})`,
};

// ── Snapshot memory images (each completes snap.image(...)) ───────────────────
// `what` names the record ("table 3's block"), the rest the rule it breaks.
export const image = {
  size: (n: number) => `its length, ${n} bytes, is not a whole number of 16-byte cells`,
  header: (ptr: number) => `the core header at byte ${ptr} lies outside it`,
  read: (addr: number) => `a record at byte ${addr} lies outside it`,
  notBlock: (what: string, ptr: number) => `${what} at byte ${ptr} is not a live block of its heap`,
  columnBlock: (what: string, ptr: number, columns: boolean) =>
    columns
      ? `${what} at byte ${ptr} is not a column block, which a table's block must be`
      : `${what} at byte ${ptr} is a column block, which only a table's block may be`,
  tooSmall: (what: string, ptr: number, have: number, need: number) =>
    `${what} at byte ${ptr} needs ${need} bytes and its block has ${have}`,
  shared: (what: string, ptr: number) => `${what} at byte ${ptr} is a block another record holds too`,
  rule: (what: string, rule: string) => `${what} ${rule}`,
  staticData: (at: number) => `its static data differs from this core build's at byte ${at}`,
  // Rules (what follows the record's name):
  atEnd: (value: number, end: number) => `is ${value}, where the heap ends at ${end}`,
  tiles: () => "is not where the previous block ends: blocks must tile the heap",
  kind: (kind: number) => `has kind ${kind >>> 0}, which is no block kind`,
  blockSize: (size: number) => `has size ${size}, which no block of its kind has or which passes the heap top`,
  count: (says: number, is: number) => `says ${says} where the image holds ${is}`,
  freeLists: () => "do not hold exactly the free blocks",
  freeEntry: (ptr: number) => `holds ${ptr}, which is not a free block of that list's kind`,
  loops: () => "comes back to an entry (it loops)",
  ascending: () => "is not in ascending address order",
  range: (value: number, rule: string) => `is ${value}, ${rule}`,
  differs: (detail: string) => `differs from ${detail}`,
  layout: (t: number, j: number) => `is not the layout the core gives table ${t}'s column ${j}`,
};

/** The subject of a MissingComponentError about a table: "The table (A, B)". */
export const tableSubject = (described: string) => `The table ${described}`;

/** What a kernel run does, for its MissingComponentError. */
export const runKernelOver = (name: string) => `run kernel ${name} over`;

/** A broken facade invariant, found by the tests' invariant walk (world/testing.ts). */
export const facadeInvariant = (what: string) => `A facade invariant is broken: ${what}`;
