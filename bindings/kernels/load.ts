// Loading a kernel module against a world: its bytes are read and checked (module.ts)
// before it is compiled and instantiated over the world's memory. A module given already
// compiled can only be checked through its imports and exports (the signatures of its
// kernels then by arity alone); bytes, a URL or a Response are checked in full.
import { compile, readFileUrl } from "../core/load.js";
import { KernelError } from "../errors.js";
import { kernelModule } from "../messages.js";
import { type KernelHost, KernelModule } from "./kernel.js";
import { type KernelSignature, readKernelModule } from "./module.js";

/** A kernel module's bytes, their URL (string or URL) or a fetch Response. */
type KernelBytes = Uint8Array | ArrayBuffer | URL | string | Response;

/** Where a kernel module comes from: its bytes, a URL (string or URL), a fetch Response or a compiled module. */
export type KernelSource = KernelBytes | WebAssembly.Module;

async function bytesOf(source: KernelBytes): Promise<Uint8Array> {
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (typeof Response !== "undefined" && source instanceof Response) return new Uint8Array(await source.arrayBuffer());
  const url = source instanceof URL ? source : new URL(String(source), globalThis.location?.href);
  if (url.protocol === "file:") return readFileUrl(url);
  const response = await fetch(url);
  if (!response.ok) throw new KernelError(kernelModule(`${url.href} answered HTTP ${response.status}`));
  return new Uint8Array(await response.arrayBuffer());
}

/** The checks a compiled module allows: it imports the memory and nothing else. */
function checkCompiled(module: WebAssembly.Module): void {
  for (const i of WebAssembly.Module.imports(module))
    if (!(i.module === "env" && i.name === "memory" && i.kind === "memory"))
      throw new KernelError(
        kernelModule(`it imports ${i.module}.${i.name}: a kernel imports only the world's memory (env.memory)`),
      );
}

/** A module read, checked and compiled from bytes: its kernels' signatures are known. */
interface Checked {
  readonly module: WebAssembly.Module;
  readonly signatures: Map<string, KernelSignature>;
}

/** Modules loaded by URL, checked and compiled once per process (each world instantiates its own). */
const byUrl = new Map<string, Promise<Checked>>();

async function check(source: KernelBytes): Promise<Checked> {
  const bytes = await bytesOf(source);
  const signatures = readKernelModule(bytes);
  return { module: await WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>), signatures };
}

function checked(source: KernelBytes): Promise<Checked> {
  if (!(source instanceof URL || typeof source === "string")) return check(source);
  const href = new URL(String(source), globalThis.location?.href).href;
  let found = byUrl.get(href);
  if (found === undefined) {
    found = check(source);
    byUrl.set(href, found);
    found.catch(() => byUrl.delete(href)); // a failed load is tried again next time
  }
  return found;
}

/** Loads a kernel module over the host world's memory. */
export async function loadKernels(host: KernelHost, source: KernelSource): Promise<KernelModule> {
  let module: WebAssembly.Module;
  let signatures: Map<string, KernelSignature> | undefined;
  if (source instanceof WebAssembly.Module) {
    checkCompiled(source);
    module = source;
  } else {
    ({ module, signatures } = await checked(source as KernelBytes));
  }
  const instance = await WebAssembly.instantiate(module, { env: { memory: host.store.core.memory } });
  return new KernelModule(host, instance.exports as Record<string, unknown>, signatures);
}

/** The package's built-in kernels (dist/kernels.wasm, beside the bundle), compiled once per process. */
let builtins: Promise<WebAssembly.Module> | undefined;
export function builtinModule(): Promise<WebAssembly.Module> {
  builtins ??= compile(new URL("./kernels.wasm", import.meta.url));
  builtins.catch(() => {
    builtins = undefined;
  });
  return builtins;
}
