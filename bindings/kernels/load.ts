// Loading a kernel module against a world: its bytes are read and checked (module.ts)
// before it is compiled and instantiated over the world's memory. A module given already
// compiled has no bytes to read: its imports are checked, then it is instantiated over a
// scratch memory (filled with 0x00, then 0xFF) and refused when that writes a byte of it,
// grows it or traps, which a non-empty data segment always does and a start function that
// writes memory does when it writes there; its kernels' signatures are what its build named
// (the signatures' custom section; without one, by arity alone). Last it is instantiated
// over a copy of the world's memory (its bytes, size and maximum) and refused when that
// changes a byte or the size: a start function can only tell the two apart by what the
// memory holds, and the copy holds the same. Either way, the element type of each column
// parameter is what that section names (without one, not checked).

import { H_MAX_PAGES } from "../core/constants.generated.js";
import { compile, isShared, MAX_PAGES, readFileUrl } from "../core/load.js";
import { shareMemoryImport } from "../core/wasm-bytes.js";
import { KernelError } from "../errors.js";
import {
  compiledFor,
  copyWrite,
  describeValue,
  detachedBytes,
  kernelModule,
  linkRefused,
  noCopy,
  quote,
  scratchWrite,
  show,
} from "../messages.js";
import { copyTyped, isBuffer, typedKind } from "../store/typed-copy.js";
import { type KernelHost, KernelModule } from "./kernel.js";
import { type KernelSignature, readKernelModule, signaturesOfCompiled } from "./module.js";

/** A kernel module's bytes, their URL (string or URL) or a fetch Response. */
type KernelBytes = Uint8Array | ArrayBuffer | URL | string | Response;

/** Where a kernel module comes from: its bytes, a URL (string or URL), a fetch Response or a compiled module. */
export type KernelSource = KernelBytes | WebAssembly.Module;

/** A kernel module's bytes, copied (the module read and checked is the one compiled); KernelError when there are none to read. */
async function bytesOf(source: KernelBytes): Promise<Uint8Array> {
  let bytes: Uint8Array | undefined;
  if (typedKind(source) === "Uint8Array") bytes = copyTyped(source as Uint8Array);
  else if (isBuffer(source)) bytes = bufferBytes(source);
  else return fetchedBytes(source as URL | string | Response);
  if (bytes === undefined) throw new KernelError(kernelModule(detachedBytes()));
  return bytes;
}

/** A copy of an ArrayBuffer's or SharedArrayBuffer's bytes; undefined when it is detached (a view of it cannot be made). */
function bufferBytes(buffer: ArrayBuffer): Uint8Array | undefined {
  try {
    return new Uint8Array(buffer).slice();
  } catch {
    return undefined;
  }
}

/** A kernel module's bytes from a Response, or from a URL (read from disk for file:, fetched otherwise). */
async function fetchedBytes(source: URL | string | Response): Promise<Uint8Array> {
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) throw new KernelError(kernelModule(`its Response has HTTP status ${source.status}`));
    try {
      return new Uint8Array(await source.arrayBuffer());
    } catch (cause) {
      throw new KernelError(kernelModule(`its Response could not be read (${show((cause as Error)?.message)})`));
    }
  }
  if (!(source instanceof URL || typeof source === "string"))
    throw new KernelError(
      kernelModule(`it is ${describeValue(source)}, not bytes, a URL, a Response or a WebAssembly.Module`),
    );
  let url: URL;
  try {
    url = source instanceof URL ? source : new URL(source, globalThis.location?.href);
  } catch {
    throw new KernelError(kernelModule(`${quote(source)} is not a URL (a file path: new URL(path, import.meta.url))`));
  }
  if (url.protocol === "file:") {
    try {
      return await readFileUrl(url);
    } catch (cause) {
      throw new KernelError(kernelModule(`${url.href} could not be read (${show((cause as Error)?.message)})`));
    }
  }
  let response: Response;
  try {
    response = await fetch(url);
  } catch (cause) {
    throw new KernelError(kernelModule(`${url.href} could not be fetched (${show((cause as Error)?.message)})`));
  }
  if (!response.ok) throw new KernelError(kernelModule(`${url.href} answered HTTP ${response.status}`));
  return new Uint8Array(await response.arrayBuffer());
}

/** The message of a caught error. */
const messageOf = (error: unknown): string => show(error instanceof Error ? error.message : error);

/**
 * The import check a compiled module allows: it imports the memory and nothing else. Without
 * that import it has a memory of its own (or none), which its kernels would run over instead
 * of the world's: readKernelModule refuses the same for bytes.
 */
function checkImports(module: WebAssembly.Module): void {
  const imports = WebAssembly.Module.imports(module);
  for (const i of imports)
    if (!(i.module === "env" && i.name === "memory" && i.kind === "memory"))
      throw new KernelError(
        kernelModule(`it imports ${i.module}.${i.name}: a kernel imports only the world's memory (env.memory)`),
      );
  if (imports.length === 0) throw new KernelError(kernelModule("it does not import the world's memory (env.memory)"));
}

/** KernelError when instantiating a compiled module writes, grows or traps on a scratch memory. */
async function checkScratch(module: WebAssembly.Module, memory: WebAssembly.Memory): Promise<void> {
  // The smallest scratch memory its import takes (pages doubling), at most the world's size;
  // a module that links with none fails to link with the world's memory too, which says why.
  const shared = isShared(memory);
  const most = Math.max(1, memory.buffer.byteLength / PAGE);
  for (let pages = 1; ; pages = Math.min(pages * 2, most)) {
    // Without a maximum first, where a start function's memory.grow shows; bounded for an
    // import that declares a maximum (a shared memory always does).
    const scratches: WebAssembly.MemoryDescriptor[] = shared
      ? [{ initial: pages, maximum: pages, shared }]
      : [{ initial: pages }, { initial: pages, maximum: pages }];
    for (const scratch of scratches) if (await writesScratch(module, scratch, 0)) return;
    if (pages >= most) return;
  }
}

/** KernelError when instantiating a compiled module over a copy of `memory` (maximum `maxPages`) changes it. */
async function checkCopy(module: WebAssembly.Module, memory: WebAssembly.Memory, maxPages: number): Promise<void> {
  const size = memory.buffer.byteLength;
  let copy: WebAssembly.Memory;
  try {
    copy = new WebAssembly.Memory({ initial: size / PAGE, maximum: maxPages, shared: isShared(memory) });
  } catch {
    throw new KernelError(kernelModule(noCopy()));
  }
  const world = new Uint8Array(memory.buffer);
  new Uint8Array(copy.buffer).set(world);
  await WebAssembly.instantiate(module, { env: { memory: copy } });
  // Grown, an unshared memory detaches the view: the new pages start where it ended.
  const after = new Uint8Array(copy.buffer);
  let at = after.length !== size ? size : -1;
  for (let i = 0; at < 0 && i < size; i++) if (after[i] !== world[i]) at = i;
  if (at >= 0) throw new KernelError(kernelModule(copyWrite(at)));
}

/**
 * Instantiates module over a scratch memory (`descriptor`) filled with 0x00, then with 0xFF:
 * false when its import does not take that memory, true when neither changed. KernelError
 * when instantiating wrote a byte or grew the memory; a trap is thrown as it is.
 */
async function writesScratch(
  module: WebAssembly.Module,
  descriptor: WebAssembly.MemoryDescriptor,
  fill: number,
): Promise<boolean> {
  const scratch = new WebAssembly.Memory(descriptor);
  const bytes = new Uint8Array(scratch.buffer);
  bytes.fill(fill);
  try {
    await WebAssembly.instantiate(module, { env: { memory: scratch } });
  } catch (error) {
    if (error instanceof WebAssembly.LinkError) return false;
    throw error;
  }
  // Grown, an unshared memory detaches the view: the new pages start where it ended.
  const size = descriptor.initial * PAGE;
  const at = scratch.buffer.byteLength !== size ? size : bytes.findIndex((b) => b !== fill);
  if (at >= 0) throw new KernelError(kernelModule(scratchWrite(at)));
  return fill !== 0 || (await writesScratch(module, descriptor, 0xff));
}

/** A module read, checked and compiled from bytes: its kernels' signatures are known. */
interface Checked {
  readonly module: WebAssembly.Module;
  readonly signatures: Map<string, KernelSignature>;
}

/** Bytes per wasm page. */
const PAGE = 65536;

/** Modules loaded by URL, checked and compiled once per process and memory kind (each world instantiates its own). */
const byUrl = new Map<string, Promise<Checked>>();

/** Reads, checks and compiles a module for a shared or an unshared memory. */
async function check(source: KernelBytes, shared: boolean): Promise<Checked> {
  const bytes = await bytesOf(source);
  const signatures = readKernelModule(bytes);
  const code = shared ? shareMemoryImport(bytes, MAX_PAGES) : (bytes as Uint8Array<ArrayBuffer>);
  let module: WebAssembly.Module;
  try {
    module = await WebAssembly.compile(code);
  } catch (error) {
    throw new KernelError(kernelModule(`it is not valid WebAssembly (${messageOf(error)})`));
  }
  // The types the binary has, with the columns' element types and scalars' types its build named (if it did).
  const named = signaturesOfCompiled(module);
  for (const [name, sig] of signatures) {
    const built = named?.get(name);
    if (built !== undefined && built.params.length === sig.params.length)
      signatures.set(name, { ...sig, elements: built.elements, scalarTypes: built.scalarTypes });
  }
  return { module, signatures };
}

function checked(source: KernelBytes, shared: boolean): Promise<Checked> {
  if (
    !(source instanceof URL || typeof source === "string") ||
    !URL.canParse(String(source), globalThis.location?.href)
  )
    return check(source, shared);
  const key = `${shared ? "shared " : ""}${new URL(String(source), globalThis.location?.href).href}`;
  let found = byUrl.get(key);
  if (found === undefined) {
    found = check(source, shared);
    byUrl.set(key, found);
    found.catch(() => byUrl.delete(key)); // a failed load is tried again next time
  }
  return found;
}

/** Loads a kernel module over the host world's memory. */
export async function loadKernels(host: KernelHost, source: KernelSource): Promise<KernelModule> {
  const memory = host.store.core.memory;
  const shared = isShared(memory);
  let module: WebAssembly.Module;
  let signatures: Map<string, KernelSignature> | undefined;
  if (source instanceof WebAssembly.Module) {
    checkImports(source);
    signatures = signaturesOfCompiled(source);
    module = source;
  } else {
    ({ module, signatures } = await checked(source as KernelBytes, shared));
  }
  let instance: WebAssembly.Instance;
  try {
    if (module === source) {
      await checkScratch(module, memory);
      await checkCopy(module, memory, host.store.core.header(H_MAX_PAGES));
    }
    instance = await WebAssembly.instantiate(module, { env: { memory } });
  } catch (error) {
    if (error instanceof KernelError) throw error;
    // Bytes bring no data segments and a compiled module traps over the scratch memory first:
    // a trap (an element segment out of its table's bounds) wrote no memory.
    if (!(error instanceof WebAssembly.LinkError))
      throw new KernelError(kernelModule(`instantiating it traps (${messageOf(error)})`));
    // Bytes were compiled to match the memory's kind, so what is left is its declared limits.
    const why = source instanceof WebAssembly.Module ? compiledFor(shared) : linkRefused(error.message);
    throw new KernelError(kernelModule(why));
  }
  return new KernelModule(host, instance.exports as Record<string, unknown>, signatures);
}

/** The package's built-in kernels (dist/kernels.wasm, beside the bundle), compiled once per process and memory kind. */
const builtins: (Promise<WebAssembly.Module> | undefined)[] = [];
export function builtinModule(shared: boolean): Promise<WebAssembly.Module> {
  const k = shared ? 1 : 0;
  let module = builtins[k];
  if (module === undefined) {
    module = compile(new URL("./kernels.wasm", import.meta.url), shared);
    builtins[k] = module;
    module.catch(() => {
      builtins[k] = undefined;
    });
  }
  return module;
}
