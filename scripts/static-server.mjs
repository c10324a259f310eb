// A small static server for browser tests and benchmarks: serves the repository root
// with the application/wasm MIME type (streaming compile) and COOP/COEP headers
// (cross-origin isolation, so pages get SharedArrayBuffer and precise timers).
// `node scripts/static-server.mjs [port]` serves until stopped; tests import startServer.
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import sirv from "sirv";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Starts serving `dir` (default: the repository root) on 127.0.0.1; port 0 picks a free one. */
export function startServer({ dir = root, port = 0 } = {}) {
  const serve = sirv(dir, {
    dev: true,
    dotfiles: false,
    setHeaders(res) {
      res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
      res.setHeader("Cross-Origin-Embedder-Policy", "require-corp");
      res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    },
  });
  const server = createServer((req, res) =>
    serve(req, res, () => {
      res.statusCode = 404;
      res.end("not found");
    }),
  );
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
      resolve({ url, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await startServer({ port: Number(process.argv[2] ?? 8080) });
  console.log(`serving ${root} at ${url} (application/wasm, COOP/COEP)`);
  console.log(`browser demo: ${url}/examples/web/`);
}
