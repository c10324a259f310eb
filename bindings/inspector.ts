// The inspector: a live panel of a world's archetype tables (components, entities,
// bytes) and cached queries (terms, matching tables and entities), read straight from
// the world with world.inspect(); no instrumentation of user code.
//
//   import { mountInspector } from "wasm-ecs/inspector";
//   const inspector = mountInspector(world, document.getElementById("panel"));
//   inspector.stop();
// The package's own module (dist/index.js: the bundle keeps this import): its error
// classes and World are the ones the user's `instanceof` compares with.
import { ArgumentError, World, WorldPoisonedError } from "./index.js";
import { inspectorTakes } from "./messages.js";
import type { WorldInspection } from "./world/inspect.js";

export interface InspectorOptions {
  /** Milliseconds between refreshes (default 250). */
  readonly intervalMs?: number;
}

export interface Inspector {
  /** Re-reads the world and redraws now. */
  update(): void;
  /** Stops refreshing (the panel keeps its last content). */
  stop(): void;
}

function cell(row: HTMLTableRowElement, text: string, numeric = false): void {
  const td = row.insertCell();
  td.textContent = text;
  if (numeric) td.style.textAlign = "right";
}

function table(
  doc: Document,
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: number,
): HTMLTableElement {
  const t = doc.createElement("table");
  const head = t.createTHead().insertRow();
  for (const h of headers) {
    const th = doc.createElement("th");
    th.textContent = h;
    head.appendChild(th);
  }
  const body = t.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    r.forEach((text, i) => {
      cell(tr, text, i >= numeric);
    });
  }
  return t;
}

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** ArgumentError: `call` takes `what`, not `value`. */
function refused(call: string, what: string, value: unknown): ArgumentError {
  return new ArgumentError(inspectorTakes(call, what, value));
}

/** ArgumentError unless root is an element to draw in (of a document). */
function checkRoot(call: string, root: unknown): void {
  const r = root as Partial<HTMLElement> | null;
  if (typeof r?.replaceChildren !== "function" || typeof r.ownerDocument?.createElement !== "function")
    throw refused(call, "an element to draw in", root);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** Whether info has the shape of a world.inspect() result (what renderInspection reads of it). */
function isInspection(info: unknown): boolean {
  if (!isObject(info) || !Array.isArray(info.tables) || !Array.isArray(info.queries)) return false;
  const names = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === "string");
  const numbers = (o: Record<string, unknown>, ...keys: string[]) => keys.every((k) => typeof o[k] === "number");
  const tables = info.tables.every((t) => isObject(t) && names(t.components) && numbers(t, "id", "entities", "bytes"));
  const queries = info.queries.every(
    (q) =>
      isObject(q) &&
      numbers(q, "tables", "entities") &&
      isObject(q.terms) &&
      Object.getPrototypeOf(q.terms) === Object.prototype &&
      Object.values(q.terms).every(names),
  );
  const links = (l: unknown) => isObject(l) && typeof l.relation === "string" && numbers(l, "pairs");
  return tables && queries && (info.links === undefined || (Array.isArray(info.links) && info.links.every(links)));
}

/** Draws `info` into `root` (replacing its content). */
export function renderInspection(root: HTMLElement, info: WorldInspection): void {
  checkRoot("renderInspection()", root);
  if (!isInspection(info)) throw refused("renderInspection()", "what world.inspect() returns", info);
  const doc = root.ownerDocument;
  const tables = info.tables.filter((t) => t.entities > 0);
  const archetypes = doc.createElement("section");
  archetypes.className = "wasm-ecs-archetypes";
  const h1 = doc.createElement("h3");
  h1.textContent = `Archetype tables (${tables.length} non-empty of ${info.tables.length})`;
  archetypes.append(
    h1,
    table(
      doc,
      ["table", "components", "entities", "bytes"],
      tables.map((t) => [String(t.id), `(${t.components.join(", ")})`, String(t.entities), kib(t.bytes)]),
      2,
    ),
  );
  const queries = doc.createElement("section");
  queries.className = "wasm-ecs-queries";
  const h2 = doc.createElement("h3");
  h2.textContent = `Queries (${info.queries.length})`;
  queries.append(
    h2,
    table(
      doc,
      ["terms", "tables", "entities"],
      info.queries.map((q) => [
        Object.entries(q.terms)
          .map(([k, names]) => `${k}: ${names.join(", ")}`)
          .join("; ") || "(every entity)",
        String(q.tables),
        String(q.entities),
      ]),
      1,
    ),
  );
  const sections = [archetypes, queries];
  const links = info.links ?? [];
  if (links.length > 0) {
    const pairs = doc.createElement("section");
    pairs.className = "wasm-ecs-links";
    const h = doc.createElement("h3");
    h.textContent = `Non-fragmenting relations (${links.length})`;
    const rows = links.map((l) => [l.relation, String(l.pairs)]);
    pairs.append(h, table(doc, ["relation", "pairs"], rows, 1));
    sections.push(pairs);
  }
  root.replaceChildren(...sections);
}

/** Shows a live inspector of `world` in `root`, refreshed every `intervalMs`. */
export function mountInspector(world: World, root: HTMLElement, options: InspectorOptions = {}): Inspector {
  if (!(world instanceof World)) throw refused("mountInspector()", "a world", world);
  checkRoot("mountInspector()", root);
  if (!isObject(options)) throw refused("mountInspector()", "options that are an object", options);
  const ms: unknown = options.intervalMs ?? 250;
  // Timers take up to 2^31 - 1 ms (a longer one fires at once, every millisecond).
  if (!(typeof ms === "number" && ms >= 1 && ms <= 2 ** 31 - 1))
    throw refused("mountInspector()", "an intervalMs from 1 to 2^31 - 1 milliseconds", ms);
  const update = () => renderInspection(root, world.inspect());
  update();
  const timer = setInterval(() => {
    try {
      update();
    } catch (error) {
      clearInterval(timer);
      if (!(error instanceof WorldPoisonedError)) throw error;
      // The world refuses calls now (disposed, or poisoned): the panel says so and stops.
      const p = root.ownerDocument.createElement("p");
      p.textContent = error.message;
      root.replaceChildren(p);
    }
  }, ms);
  return { update, stop: () => clearInterval(timer) };
}
