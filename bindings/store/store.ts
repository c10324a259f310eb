// The one record every operation takes: the core and the JS mirror of its state, each
// piece with one owner. Data and its consistency only; what to do with it (validation,
// deferral, batching) lives in ops/ and world/.
//
//   core       the instance: guarded calls, whole-memory views, record reads (core/core.ts)
//   registry   component ids, definitions and names (registry.ts)
//   tables     one Table view per core table record (tables.ts)
//   sets       spawn's component sets and their cached tables (component-sets.ts)
//   changes    change stamps, whole-table marks, removal logs (changes.ts)
//   sparse     sparse-tag bitsets (sparse.ts)
//   links      pairs of non-fragmenting relations (links.ts)
//   claims     entity ids handed out while changes are deferred (claims.ts)
import type { Core } from "../core/core.js";
import type { Boundary } from "../core/status.js";
import { Changes, type TicksComponent } from "./changes.js";
import { Claims } from "./claims.js";
import { ComponentSets } from "./component-sets.js";
import { Links } from "./links.js";
import { Registry } from "./registry.js";
import { SparseTags } from "./sparse.js";
import { Tables } from "./tables.js";

export class Store implements Boundary {
  readonly registry = new Registry();
  readonly sets = new ComponentSets();
  readonly changes: Changes;
  readonly sparse: SparseTags;
  readonly links: Links;
  readonly tables: Tables;
  readonly claims: Claims;
  /** Companions registered by a track() that ran out of memory, by component id (reused on the retry). */
  readonly untracked: (TicksComponent | undefined)[] = [];
  /**
   * Relation targets destroyed since the world last looked, while some cached query names
   * a target (undefined otherwise): the world drops the queries that name them.
   */
  deadTargets: number[] | undefined = undefined;
  /**
   * Whether a spawn is reading init values into record lookups (world/spawn-now.ts): a
   * getter's spawn or add then takes the general path, which leaves them alone.
   */
  staging = false;

  constructor(
    readonly core: Core,
    /** The memory ceiling in bytes (maxMemoryBytes). */
    readonly maxBytes: number,
    /** A debug world: strict values, invariant checks after every operation. */
    readonly debug: boolean,
  ) {
    this.changes = new Changes(core);
    this.sparse = new SparseTags(core, maxBytes);
    this.links = new Links(this.sparse);
    this.tables = new Tables(core, this.registry, this.changes);
    this.claims = new Claims(core);
  }
}
