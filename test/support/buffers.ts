// Views whose bytes are gone, as a caller can hand them in: detached (the buffer was
// transferred, as postMessage does) or shrunk out of their resizable buffer. Both read as
// length 0, and copying them throws a TypeError.

/** v after its buffer was transferred away: detached. */
export function detached<T extends ArrayBufferView>(v: T): T {
  structuredClone(v.buffer, { transfer: [v.buffer as ArrayBuffer] });
  return v;
}

/** The ES2024 resizable ArrayBuffer, which the project's TypeScript lib does not describe. */
type Resizable = ArrayBuffer & { resize(bytes: number): void };
const ResizableBuffer = ArrayBuffer as unknown as new (bytes: number, options: { maxByteLength: number }) => Resizable;

/** A copy of `values` (same type) over a resizable buffer, which is then shrunk to 0 bytes: out of bounds. */
export function shrunk(values: Uint8Array | Uint32Array): Uint8Array | Uint32Array {
  const buffer = new ResizableBuffer(values.byteLength, { maxByteLength: values.byteLength });
  // Of a fixed length: a length-tracking view would shrink with its buffer and stay in bounds.
  const view =
    values instanceof Uint8Array ? new Uint8Array(buffer, 0, values.length) : new Uint32Array(buffer, 0, values.length);
  view.set(values);
  buffer.resize(0);
  return view;
}
