// Every peer adapter module, as paths relative to the build output of bench/.
// A new peer is one file in this folder plus one line here.
export const ADAPTER_MODULES: readonly string[] = [];
