// The static server of scripts/static-server.mjs (application/wasm, COOP/COEP) for the
// browser tests: serves a folder, the repository root by default, on a free port.
import { fileURLToPath } from "node:url";

export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export async function serve(dir: string = ROOT): Promise<Served> {
  const mod = (await import(new URL("../../scripts/static-server.mjs", import.meta.url).href)) as {
    startServer(options: { dir: string }): Promise<Served>;
  };
  return mod.startServer({ dir });
}
