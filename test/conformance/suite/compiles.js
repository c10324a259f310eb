// Watching wasm compilation: countCompiles swaps WebAssembly.compile/instantiate (and the
// streaming variants and fetch, where the runtime has them) for counting wrappers while
// fn runs, and always puts the originals back, even when fn throws.
import { ok } from "./assert.js";

/** Counts compilations and fetches of wasm while fn runs (a cached module needs neither). */
export async function countCompiles(fn) {
  const W = globalThis.WebAssembly;
  const counts = { compile: 0, fetch: 0, instantiateFromBytes: 0, instantiateFromModule: 0 };
  const saved = {
    compile: W.compile,
    compileStreaming: W.compileStreaming,
    instantiate: W.instantiate,
    instantiateStreaming: W.instantiateStreaming,
    fetch: globalThis.fetch,
  };
  const wrappers = {
    compile(...args) {
      counts.compile++;
      return saved.compile.apply(W, args);
    },
    compileStreaming(...args) {
      counts.compile++;
      return saved.compileStreaming.apply(W, args);
    },
    instantiate(source, imports) {
      if (source instanceof W.Module) counts.instantiateFromModule++;
      else counts.instantiateFromBytes++;
      return saved.instantiate.call(W, source, imports);
    },
    instantiateStreaming(...args) {
      counts.instantiateFromBytes++;
      return saved.instantiateStreaming.apply(W, args);
    },
    fetch(...args) {
      counts.fetch++;
      return saved.fetch.apply(globalThis, args);
    },
  };
  W.compile = wrappers.compile;
  W.instantiate = wrappers.instantiate;
  if (typeof saved.compileStreaming === "function") W.compileStreaming = wrappers.compileStreaming;
  if (typeof saved.instantiateStreaming === "function") W.instantiateStreaming = wrappers.instantiateStreaming;
  if (typeof saved.fetch === "function") globalThis.fetch = wrappers.fetch;
  try {
    ok(
      W.compile === wrappers.compile && W.instantiate === wrappers.instantiate,
      "cannot observe WebAssembly.compile/instantiate in this runtime",
    );
    const value = await fn();
    return { value, counts };
  } finally {
    W.compile = saved.compile;
    W.instantiate = saved.instantiate;
    if (typeof saved.compileStreaming === "function") W.compileStreaming = saved.compileStreaming;
    if (typeof saved.instantiateStreaming === "function") W.instantiateStreaming = saved.instantiateStreaming;
    if (typeof saved.fetch === "function") globalThis.fetch = saved.fetch;
  }
}
