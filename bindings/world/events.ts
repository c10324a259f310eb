// Events and resources: the frame-level state an ECS keeps beside its entities.
//
// Events are double-buffered per step: what is emitted during step N can be read by
// every system until step N + 1 ends; what is emitted between steps belongs to the
// next step. `endStep()` rotates the buffers. A system reads each event once: each
// event type keeps, per system, how many of its events (counted since the world began)
// the system has read.
import { ArgumentError } from "../errors.js";
import { eventName, foreignEvent, resourceKey } from "../messages.js";

/** A kind of event, made by world.event<T>(name); payloads of type T. */
export class EventType<T = unknown> {
  /** @internal Emitted during the current step (or since the last one ended). */
  current: T[] = [];
  /** @internal Emitted during the previous step. */
  previous: T[] = [];
  /** @internal The world that made it. */
  readonly owner: object;
  /** Events dropped so far (emitted before `previous`): previous[0] is event number `dropped`. */
  private dropped = 0;
  /** Per reader (a system), the number of events it has read. */
  private readonly seen = new WeakMap<object, number>();
  constructor(
    readonly name: string,
    owner: object,
  ) {
    this.owner = owner;
  }

  /** Every readable event: the previous step's, then the current one's. */
  read(): readonly T[] {
    if (this.previous.length === 0) return this.current.slice();
    return this.previous.concat(this.current);
  }

  /** @internal The readable events `reader` has not read yet, oldest first; they count as read now. */
  readBy(reader: object): readonly T[] {
    const { dropped, previous, current } = this;
    const from = Math.max((this.seen.get(reader) ?? 0) - dropped, 0);
    this.seen.set(reader, dropped + previous.length + current.length);
    if (from >= previous.length) return current.slice(from - previous.length);
    return previous.slice(from).concat(current);
  }

  /** @internal Moves the current step's events to `previous`, dropping the older ones. */
  endStep(): void {
    const old = this.previous;
    this.dropped += old.length;
    this.previous = this.current;
    old.length = 0;
    this.current = old;
  }
}

/** World-global state with no entity (time, input, score). */
export class Resources {
  private readonly map = new Map<string, unknown>();

  set<T>(key: string, value: T): T {
    if (typeof key !== "string") throw new ArgumentError(resourceKey(key));
    this.map.set(key, value);
    return value;
  }

  /** The value under key, or undefined. */
  get<T = unknown>(key: string): T | undefined {
    return this.map.get(key) as T | undefined;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  delete(key: string): boolean {
    return this.map.delete(key);
  }

  keys(): string[] {
    return [...this.map.keys()];
  }

  /** @internal Every entry, for snapshots. */
  entries(): [string, unknown][] {
    return [...this.map.entries()];
  }

  /** @internal Replaces every entry (restoring a snapshot). */
  replace(entries: Readonly<Record<string, unknown>>): void {
    this.map.clear();
    for (const [k, v] of Object.entries(entries)) this.map.set(k, v);
  }
}

/** The event type named `name` among `types` (made on first use), owned by `owner`. */
export function eventType<T>(types: Map<string, EventType<unknown>>, owner: object, name: string): EventType<T> {
  if (typeof name !== "string" || name.length === 0) throw new ArgumentError(eventName(name));
  let ev = types.get(name);
  if (ev === undefined) {
    ev = new EventType<unknown>(name, owner);
    types.set(name, ev);
  }
  return ev as EventType<T>;
}

/** ArgumentError unless type is an event type made by `owner`. */
export function checkOwner(type: EventType<unknown>, owner: object): void {
  if (!(type instanceof EventType) || type.owner !== owner) throw new ArgumentError(foreignEvent(type));
}
