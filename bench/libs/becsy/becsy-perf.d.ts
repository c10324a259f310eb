// becsy documents `@lastolivegames/becsy/perf` as its production build ("fully
// API-compatible but excludes all safety checks", guide/deploying). The package has no
// `exports` map, so Node resolves it only by file, lib/perf.js, which ships without a .d.ts:
// this gives it the main entry's declarations. It lives in a global declaration file because
// TypeScript refuses a `declare module` for an untyped path inside a module file (TS2665).
declare module "@lastolivegames/becsy/lib/perf.js" {
  export * from "@lastolivegames/becsy";
}
