// The snapshot byte format (bindings/snapshot/format.ts): encode lays out a 32-byte header,
// the JSON part padded to 8 bytes and the memory part under one CRC-64; decode refuses
// anything damaged with SnapshotError before reading further; checkParts refuses a JSON
// part that disagrees with the memory part. Run from the sources over the dist/ core.
import { describe, expect, it } from "vitest";
import { component, tag } from "../../../bindings/component.js";
import { H_HEAP_TOP } from "../../../bindings/core/constants.generated.js";
import { SnapshotError } from "../../../bindings/errors.js";
import { register } from "../../../bindings/ops/components.js";
import {
  checkJsonSafe,
  checkObjectLists,
  checkParts,
  decode,
  describeEntry,
  encode,
  FORMAT_VERSION,
  HEADER_BYTES,
  MAGIC,
  type SchemaEntry,
  type SnapshotMeta,
  schemaHash,
  seal,
} from "../../../bindings/snapshot/format.js";
import type { Store } from "../../../bindings/store/store.js";
import { detached, shrunk } from "../../support/buffers.js";
import { sourceStore } from "../../support/sources.js";

const SCHEMA: SchemaEntry[] = [
  { name: "Pos", hidden: false, tag: false, sparse: false, fields: [["x", "f32", 1]], objectFields: [] },
  { name: "Picked", hidden: false, tag: true, sparse: true, fields: [], objectFields: [] },
];

function meta(overrides: Partial<SnapshotMeta> = {}, schema: readonly SchemaEntry[] = SCHEMA): SnapshotMeta {
  return {
    schema,
    schemaHash: schemaHash(schema),
    entities: 0,
    tables: 1,
    sparse: [],
    changeTick: 0,
    steps: 0,
    systems: {},
    queries: {},
    resources: {},
    objects: [],
    ...overrides,
  };
}

/** The error fn throws (fails the test when it returns). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a throw");
}

function expectRefused(fn: () => unknown, reason: string | RegExp): void {
  const error = thrown(fn);
  expect(error).toBeInstanceOf(SnapshotError);
  if (typeof reason === "string") expect(error.message).toBe(`The snapshot was refused: ${reason}`);
  else expect(error.message.slice("The snapshot was refused: ".length)).toMatch(reason);
}

/** Bytes with their checksum made right again after a change to the JSON or memory part. */
function resealed(bytes: Uint8Array): Uint8Array {
  seal(bytes);
  return bytes;
}

describe("snapshot format encode / decode", () => {
  it("encode writes the header, the JSON padded with spaces to 8 bytes and the memory; decode gives them back", () => {
    const memory = Uint8Array.from({ length: 13 }, (_, i) => i + 1);
    const m = meta({ entities: 3 });
    const bytes = encode(m, memory, 1, 4096);
    const head = new Uint32Array(bytes.buffer, 0, 8);
    const json = new TextEncoder().encode(JSON.stringify(m)).length;
    expect(Array.from(head.subarray(0, 6))).toEqual([MAGIC, FORMAT_VERSION, 1, 4096, (json + 7) & ~7, 13]);
    expect(head[4] % 8).toBe(0);
    expect(bytes.length).toBe(HEADER_BYTES + head[4] + 16); // memory padded to 8 too
    expect(bytes[HEADER_BYTES + head[4] - 1]).toBe(head[4] === json ? 0x7d : 0x20); // "}" or a space
    const back = decode(bytes);
    expect(back.header).toEqual({ flags: 1, corePtr: 4096, jsonBytes: head[4], memoryBytes: 13 });
    expect(back.meta).toEqual(m);
    expect(Array.from(back.memory)).toEqual(Array.from(memory));
  });

  it("decode reads a snapshot at any byte offset of a larger buffer", () => {
    const bytes = encode(meta(), Uint8Array.of(9, 8, 7, 6), 0, 64);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(Array.from(decode(shifted.subarray(3)).memory)).toEqual([9, 8, 7, 6]);
  });

  it("decode refuses what is no snapshot: not bytes, too short, other magic, other version", () => {
    const bytes = encode(meta(), new Uint8Array(8), 0, 64);
    expectRefused(() => decode([1, 2]), "a snapshot is a Uint8Array, got an Array object");
    expectRefused(() => decode(bytes.subarray(0, 20)), "it is truncated: 20 bytes, shorter than the 32-byte header");
    const magic = bytes.slice();
    magic[0] ^= 1;
    expectRefused(() => decode(magic), "it does not start with the wasm-ecs magic bytes");
    const version = bytes.slice();
    new Uint32Array(version.buffer)[1] = 99;
    expectRefused(() => decode(version), `it has format version 99; this version of wasm-ecs reads ${FORMAT_VERSION}`);
  });

  it("decode refuses bytes whose buffer was detached or shrunk out of the view, and reads a subclass's bytes by their slots", () => {
    const bytes = encode(meta(), Uint8Array.of(1, 2, 3), 0, 64);
    const none =
      "its buffer was detached (transferred by postMessage or structuredClone) or shrunk out of the view: there are no bytes to read";
    expectRefused(() => decode(detached(bytes.slice())), none);
    expectRefused(() => decode(shrunk(bytes)), none);
    // A subclass whose own methods lie is read as the bytes it holds.
    class Lying extends Uint8Array {
      override subarray(): Uint8Array<ArrayBuffer> {
        return new Uint8Array(0);
      }
      override get length(): number {
        return 0;
      }
    }
    const lying = new Lying(bytes.length);
    lying.set(bytes);
    expect(Array.from(decode(lying).memory)).toEqual([1, 2, 3]);
    expectRefused(() => decode(new Uint8ClampedArray(bytes)), /^a snapshot is a Uint8Array, got /);
  });

  it("decode refuses a truncated, padded or damaged snapshot before parsing it", () => {
    const bytes = encode(meta(), new Uint8Array(8), 0, 64);
    const json = new Uint32Array(bytes.buffer)[4];
    const expected = HEADER_BYTES + json + 8;
    expectRefused(
      () => decode(bytes.subarray(0, bytes.length - 8)),
      `it is truncated or padded: ${bytes.length - 8} bytes, the header announces ${expected} (${json} of JSON, 8 of memory)`,
    );
    const padded = new Uint8Array(bytes.length + 8);
    padded.set(bytes);
    expectRefused(() => decode(padded), /^it is truncated or padded: /);
    const damaged = bytes.slice();
    damaged[bytes.length - 1] ^= 0x10;
    expectRefused(
      () => decode(damaged),
      /^its checksum does not match \(stored 0x[0-9a-f]{16}, computed 0x[0-9a-f]{16}\): the bytes were damaged$/,
    );
  });

  it("decode refuses a JSON part that does not parse, has no schema or describes a component badly", () => {
    const json = (text: string) => {
      const body = new TextEncoder().encode(text.padEnd(Math.ceil(text.length / 8) * 8, " "));
      const out = new Uint8Array(HEADER_BYTES + body.length);
      out.set(body, HEADER_BYTES);
      const head = new Uint32Array(out.buffer, 0, 8);
      head.set([MAGIC, FORMAT_VERSION, 0, 64, body.length, 0]);
      return resealed(out);
    };
    expectRefused(() => decode(json("{ nope")), /^its JSON part does not parse \(/);
    expectRefused(() => decode(json('{"schema": 3}')), "its JSON part has no schema");
    expectRefused(() => decode(json("null")), "its JSON part has no schema");
    expectRefused(
      () => decode(json('{"schema": [{"name": "A"}]}')),
      "its JSON part is malformed: component 0 is not described",
    );
  });
});

describe("snapshot format checkParts", () => {
  /** A store with Pos and a sparse tag, n entities of Pos: its memory image and header address. */
  async function image(n: number): Promise<{ store: Store; memory: Uint8Array; corePtr: number }> {
    const store = await sourceStore();
    register(store, component("Pos", { x: "f32" }));
    register(store, tag("Picked", { sparse: true }));
    const t = store.core.tableWith(0, 0);
    for (let i = 0; i < n; i++) store.core.spawn(t);
    const memory = store.core.u8.slice(0, store.core.header(H_HEAP_TOP));
    return { store, memory, corePtr: store.core.hdr * 4 };
  }

  it("accepts a JSON part that agrees with the memory part", async () => {
    const { store, memory, corePtr } = await image(3);
    const [ptr, words] = store.sparse.words(1);
    expect(() =>
      checkParts(
        meta({ entities: 3, tables: store.core.tableCount, sparse: [{ id: 1, ptr: ptr * 4, words, count: 0 }] }),
        memory,
        corePtr,
      ),
    ).not.toThrow();
  });

  it("refuses counts that are no u32, and entity or table counts the memory does not have", async () => {
    const { store, memory, corePtr } = await image(3);
    const tables = store.core.tableCount;
    expectRefused(
      () => checkParts(meta({ entities: -1, tables }), memory, corePtr),
      'its JSON part is malformed: "entities" is not a count',
    );
    expectRefused(
      () => checkParts(meta({ entities: 3, tables, changeTick: 1.5 }), memory, corePtr),
      'its JSON part is malformed: "changeTick" is not a count',
    );
    expectRefused(
      () => checkParts(meta({ entities: 4, tables }), memory, corePtr),
      `its parts disagree: the JSON says 4 entities in ${tables} tables, the memory 3 in ${tables}`,
    );
    expectRefused(
      () => checkParts(meta({ entities: 3, tables }, SCHEMA.slice(0, 1)), memory, corePtr),
      "its parts disagree on the component count",
    );
  });

  it("refuses sparse bitsets of components that are no sparse tag or that lie outside the memory part", async () => {
    const { store, memory, corePtr } = await image(1);
    const tables = store.core.tableCount;
    const base = { entities: 1, tables };
    expectRefused(
      () => checkParts(meta({ ...base, sparse: [{ id: 0, ptr: 64, words: 1, count: 0 }] }), memory, corePtr),
      "its JSON part is malformed: sparse bitset of component 0",
    );
    expectRefused(
      () => checkParts(meta({ ...base, sparse: [{ id: 1, ptr: memory.length, words: 4, count: 0 }] }), memory, corePtr),
      "its JSON part is malformed: the bitset of Picked lies outside the memory part",
    );
    expectRefused(
      () => checkParts(meta({ ...base, sparse: [{ id: 1, ptr: 64, words: 1, count: 99 }] }), memory, corePtr),
      "its JSON part is malformed: the bitset of Picked lies outside the memory part",
    );
  });

  it("refuses a sparse tag whose bitset the JSON part leaves out", async () => {
    const { store, memory, corePtr } = await image(1);
    const tables = store.core.tableCount;
    // The bitset stays in the memory; the JSON part (resealed by a hostile edit) no longer names it.
    expect(store.sparse.words(1)[1]).toBeGreaterThan(0);
    expectRefused(
      () => checkParts(meta({ entities: 1, tables, sparse: [] }), memory, corePtr),
      "its JSON part is malformed: sparse tag Picked has no bitset",
    );
  });

  it("refuses object values for a table without the component (after the image check), and a memory part shorter than its records", async () => {
    const { store, memory, corePtr } = await image(2);
    const tables = store.core.tableCount;
    const [ptr, words] = store.sparse.words(1);
    const sparse = [{ id: 1, ptr: ptr * 4, words, count: 0 }];
    const withObjects = meta({ entities: 2, tables, sparse, objects: [[0, 0, 0, []]] });
    expect(() => checkParts(withObjects, memory, corePtr)).not.toThrow();
    expectRefused(
      () => checkObjectLists(withObjects, memory, corePtr),
      "its JSON part is malformed: object values of table 0, component 0",
    );
    expectRefused(
      () => checkParts(meta({ entities: 2, tables }), memory.subarray(0, 64), corePtr),
      "its memory part is shorter than its own records say",
    );
  });
});

describe("snapshot format JSON values and schema entries", () => {
  it("checkJsonSafe accepts JSON values and names the first value JSON cannot hold", () => {
    expect(() => checkJsonSafe({ a: [1, "two", null, true, { b: 2.5 }] }, "resource")).not.toThrow();
    expectRefused(
      () => checkJsonSafe({ a: [1, Number.NaN] }, "resource"),
      "resource.a[1] is NaN, which JSON cannot hold",
    );
    expectRefused(
      () => checkJsonSafe({ m: new Map() }, "Name.label"),
      "Name.label.m is a Map object, which is not JSON-safe (snapshots keep JSON values only)",
    );
    expectRefused(
      () => checkJsonSafe(() => 1, 'resource "f"'),
      'resource "f" is a function, which is not JSON-safe (snapshots keep JSON values only)',
    );
    let deep: unknown = 1;
    for (let i = 0; i < 70; i++) deep = [deep];
    expectRefused(() => checkJsonSafe(deep, "v"), /^v(\[0\])+ nests deeper than 64 levels$/);
  });

  it("describeEntry names a component's kind and fields as messages show it", () => {
    expect(describeEntry(SCHEMA[0])).toBe('"Pos" { x: f32 }');
    expect(describeEntry(SCHEMA[1])).toBe('sparse tag "Picked"');
    expect(
      describeEntry({
        name: "Link",
        hidden: false,
        tag: false,
        sparse: false,
        fields: [
          ["w", "f32", 1],
          ["m", "u8", 3],
        ],
        objectFields: ["o"],
        relation: ["exclusive", "onTargetDestroyed: remove"],
      }),
    ).toBe('relation (exclusive, onTargetDestroyed: remove) "Link" { w: f32, m: [u8, 3], o: object }');
    expect(describeEntry({ ...SCHEMA[0], hidden: true })).toBe('"Pos" (internal)');
  });
});
