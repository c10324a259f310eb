// TEMPORARY shim for the adapters in adapters/ not yet converted to libs/: the random_access
// picks now live in scenarios/random_access.ts. Delete together with adapters/.
export { picks } from "./scenarios/random_access.js";
