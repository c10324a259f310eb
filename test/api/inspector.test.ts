// wasm-ecs/inspector in Node, over a stand-in for the few DOM calls it makes (createElement,
// table rows and cells, replaceChildren): what it draws for a world, that its errors are the
// package's own classes, and that a panel whose world was disposed stops refreshing and
// says why instead of throwing from its timer.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ArgumentError, component, createWorld, relation } from "wasm-ecs";
import { mountInspector, renderInspection } from "wasm-ecs/inspector";
import { expectThrows } from "../support/errors.js";

/** An element as the inspector uses one: children, text, rows and cells. */
class Node_ {
  children: Node_[] = [];
  textContent = "";
  className = "";
  style: Record<string, string> = {};
  constructor(
    readonly tag: string,
    readonly ownerDocument: { createElement(tag: string): Node_ },
  ) {}
  append(...nodes: Node_[]): void {
    this.children.push(...nodes);
  }
  appendChild(node: Node_): Node_ {
    this.children.push(node);
    return node;
  }
  replaceChildren(...nodes: Node_[]): void {
    this.children = nodes;
  }
  private child(tag: string): Node_ {
    return this.appendChild(this.ownerDocument.createElement(tag));
  }
  createTHead(): Node_ {
    return this.child("thead");
  }
  createTBody(): Node_ {
    return this.child("tbody");
  }
  insertRow(): Node_ {
    return this.child("tr");
  }
  insertCell(): Node_ {
    return this.child("td");
  }
  /** The text of this node and its descendants, cells separated by "|", rows by new lines. */
  text(): string {
    const inner = this.children.map((c) => c.text());
    const sep = this.tag === "tr" ? "|" : "\n";
    return [this.textContent, ...inner].filter((t) => t !== "").join(sep);
  }
}

function panel(): Node_ {
  const doc = { createElement: (tag: string): Node_ => new Node_(tag, doc) };
  return doc.createElement("div");
}

const Pos = component("Pos", { x: "f32", y: "f32" });
const Likes = relation("Likes", { fragmenting: false });

describe("wasm-ecs/inspector", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("draws the world's non-empty tables, its queries and its non-fragmenting relations", async () => {
    const w = await createWorld({ components: [Pos, Likes] });
    const [a, b] = [w.spawn(Pos), w.spawn(Pos)];
    w.add(a, Likes.to(b));
    w.query({ all: [Pos] });
    const root = panel();
    renderInspection(root as unknown as HTMLElement, w.inspect());
    const text = root.text();
    expect(text).toContain("Archetype tables (1 non-empty of");
    expect(text).toMatch(/\|\(Pos\)\|2\|/);
    expect(text).toContain("all: Pos|1|2");
    expect(text).toContain("Non-fragmenting relations (1)");
    expect(text).toContain("Likes|1");
  });

  it("refreshes on its interval until stopped, and stops with the reason once the world refuses calls", async () => {
    vi.useFakeTimers();
    const w = await createWorld({ components: [Pos] });
    const root = panel();
    const inspector = mountInspector(w, root as unknown as HTMLElement, { intervalMs: 100 });
    w.spawnMany(3, Pos);
    expect(root.text()).not.toContain("|3|");
    vi.advanceTimersByTime(100);
    expect(root.text()).toMatch(/\|\(Pos\)\|3\|/);
    w.dispose();
    vi.advanceTimersByTime(100); // the timer's refresh meets the disposed world: no throw
    expect(root.text()).toBe("The world refuses further calls: the world was disposed");
    expect(vi.getTimerCount()).toBe(0);
    inspector.stop();
  });

  it("refuses what is no world, element, inspection, options object or interval with the package's ArgumentError", async () => {
    const w = await createWorld({ components: [Pos] });
    const root = panel() as unknown as HTMLElement;
    const interval = "mountInspector() takes an intervalMs from 1 to 2^31 - 1 milliseconds, got";
    const cases: [() => unknown, string][] = [
      [() => mountInspector(w, null as never), "mountInspector() takes an element to draw in, got null"],
      [() => mountInspector({} as never, root), "mountInspector() takes a world, got an Object object"],
      [() => mountInspector(undefined as never, root), "mountInspector() takes a world, got undefined"],
      [() => renderInspection(null as never, w.inspect()), "renderInspection() takes an element to draw in, got null"],
      [
        () => renderInspection(root, { tables: 1 } as never),
        "renderInspection() takes what world.inspect() returns, got an Object object",
      ],
      [() => mountInspector(w, root, null as never), "mountInspector() takes options that are an object, got null"],
      [() => mountInspector(w, root, { intervalMs: "5" as never }), `${interval} string 5`],
      [() => mountInspector(w, root, { intervalMs: 2 ** 31 }), `${interval} number 2147483648`],
      [() => mountInspector(w, root, { intervalMs: -1 }), `${interval} number -1`],
      [() => mountInspector(w, root, { intervalMs: 0.5 }), `${interval} number 0.5`],
      [
        () =>
          renderInspection(root, {
            tables: [{ components: [Symbol("P")], entities: 1, bytes: 0 }],
            queries: [],
          } as never),
        "renderInspection() takes what world.inspect() returns, got an Object object",
      ],
      ...[
        { tables: [{ id: Object.create(null), components: [], entities: 1, bytes: 1 }], queries: [] },
        { tables: [], queries: [{ terms: {}, tables: Object.create(null), entities: 0 }] },
        { tables: [], queries: [], links: [{ relation: "L", pairs: Object.create(null) }] },
      ].map((info): [() => unknown, string] => [
        () => renderInspection(root, info as never),
        "renderInspection() takes what world.inspect() returns, got an Object object",
      ]),
      [
        () => renderInspection(root, { tables: [], queries: [{ terms: Object.create(null) }] } as never),
        "renderInspection() takes what world.inspect() returns, got an Object object",
      ],
      [() => mountInspector(w, root, { intervalMs: Number.NaN }), `${interval} number NaN`],
      [
        () => mountInspector(w, { replaceChildren() {} } as never),
        "mountInspector() takes an element to draw in, got an Object object",
      ],
      [
        () => renderInspection(root, { tables: [null], queries: [] } as never),
        "renderInspection() takes what world.inspect() returns, got an Object object",
      ],
      [
        () => renderInspection(root, { tables: [], queries: [{ terms: { all: "Pos" } }] } as never),
        "renderInspection() takes what world.inspect() returns, got an Object object",
      ],
    ];
    for (const [call, message] of cases) expectThrows(call, ArgumentError, message);
  });
});
