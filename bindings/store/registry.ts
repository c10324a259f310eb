// The world's components: each registered definition has a dense id of its own.
// Invariant: ids[c[KEY]] === id exactly when components[id] === c; names are unique.
// Registering in the core is an op (ops/components.ts); this is the JS side's record.
import { Component } from "../component.js";
import { isOwnComponent, KEY } from "../component-keys.js";
import { ArgumentError, UnknownComponentError } from "../errors.js";
import { notAComponent, standIn } from "../messages.js";

export class Registry {
  /** Component key (its serial number in this copy, component-keys.ts) -> id in this world. */
  readonly ids: number[] = [];
  /** Id -> component. */
  readonly components: Component[] = [];
  readonly byName = new Map<string, Component>();
  /** Per id: 1 for a sparse tag. */
  readonly sparseFlag: number[] = [];
  /**
   * Component key -> id, for plain components only (neither sparse tags nor relations):
   * the hot paths' one-load test that a component needs no special handling.
   */
  readonly plain: number[] = [];
  /** Relations registered (while 0, destroys take the plain paths). */
  relations = 0;
  /** Moves on whenever a key's id changes (add, forget): what memos of key -> id lookups compare. */
  version = 0;

  /** Records component c under id. */
  add(c: Component, id: number): void {
    this.version++;
    this.ids[c[KEY]] = id;
    this.components[id] = c;
    this.byName.set(c.name, c);
    if (!c.sparse && !c.isRelation) this.plain[c[KEY]] = id;
    if (c.sparse) this.sparseFlag[id] = 1;
    if (c.isRelation) this.relations++;
    this.remember(c);
  }

  /** Makes c remember its id here when it is a plain component or a sparse tag (world/hot.ts); c is registered. */
  remember(c: Component): void {
    if (c.isRelation) return;
    c.hotId = this.ids[c[KEY]];
  }

  /** Forgets c's id and name (a restored snapshot has other bookkeeping components at its id). */
  forget(c: Component): void {
    this.version++;
    this.ids[c[KEY]] = undefined as unknown as number;
    this.plain[c[KEY]] = undefined as unknown as number;
    this.byName.delete(c.name);
    if (this.components[c.hotId] === c) c.hotId = -1;
  }

  /**
   * c's id when it is a plain component (no sparse tag, no relation) registered here, the
   * very object (not a stand-in for one); undefined for anything else, nothing thrown.
   */
  plainOf(c: unknown): number | undefined {
    // A pair or a primitive has no key: plain[undefined] would be a keyed load by name (a slow generic one).
    const key = (c as Component | null)?.[KEY];
    const id = typeof key === "number" ? this.plain[key] : undefined;
    return id !== undefined && this.components[id] === c ? id : undefined;
  }

  /**
   * Id of c in this world; UnknownComponentError, or ArgumentError for a non-component and
   * for an object that only stands for a registered one (Object.create(C), a Proxy of C).
   */
  idOf(c: Component): number {
    const id = c?.isInit === false ? this.ids[c[KEY]] : undefined;
    if (id !== undefined && this.components[id] === c) return id;
    if (!(c instanceof Component)) throw new ArgumentError(notAComponent(c));
    if (!isOwnComponent(c)) throw new ArgumentError(standIn(String(c.name)));
    throw new UnknownComponentError(c.name);
  }

  isSparse(id: number): boolean {
    return this.sparseFlag[id] === 1;
  }

  /** The user's components (bookkeeping ones left out). */
  visible(): Component[] {
    return this.components.filter((c) => !c.hidden);
  }
}
