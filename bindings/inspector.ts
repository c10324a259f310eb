// The inspector: a live panel of a world's archetype tables (components, entities,
// bytes) and cached queries (terms, matching tables and entities), read straight from
// the world with world.inspect(); no instrumentation of user code.
//
//   import { mountInspector } from "wasm-ecs/inspector";
//   const inspector = mountInspector(world, document.getElementById("panel"));
//   inspector.stop();
// The package's own module (dist/index.js: the bundle keeps this import): its error
// classes and World are the ones the user's `instanceof` compares with.
import { ArgumentError, World } from "./index.js";
import { describeValue } from "./messages.js";
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
  return new ArgumentError(`${call} takes ${what}, got ${describeValue(value)}`);
}

/** ArgumentError unless root is an element to draw in. */
function checkRoot(call: string, root: unknown): void {
  if (typeof (root as Partial<HTMLElement> | null)?.replaceChildren !== "function")
    throw refused(call, "an element to draw in", root);
}

/** Draws `info` into `root` (replacing its content). */
export function renderInspection(root: HTMLElement, info: WorldInspection): void {
  checkRoot("renderInspection()", root);
  const got = info as Partial<WorldInspection> | null;
  if (!Array.isArray(got?.tables) || !Array.isArray(got?.queries))
    throw refused("renderInspection()", "what world.inspect() returns", info);
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
  const ms: unknown = options?.intervalMs;
  if (ms !== undefined && !(typeof ms === "number" && ms > 0 && Number.isFinite(ms)))
    throw refused("mountInspector()", "an intervalMs that is a positive number of milliseconds", ms);
  const update = () => renderInspection(root, world.inspect());
  update();
  const timer = setInterval(update, options.intervalMs ?? 250);
  return { update, stop: () => clearInterval(timer) };
}
