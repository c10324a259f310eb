// The kinds of the commands the buffer records (commands.ts) and the field code of an
// "object" value, in a module of their own: the bundle folds them into their uses (a
// constant next to a class stays a variable, loaded and converted at every record).
export const SPAWN = 0; //        data = SpawnRun: spawns of one set, their claimed ids and staged values
export const SPAWN_MANY = 1; //   data = SpawnManyData
export const ADD = 2; //          entity, a = component id, values
export const REMOVE = 3; //       entity, a = component id
export const DESTROY = 4; //      a run of destroys: list[entity .. entity + b)
export const DESTROY_MANY = 5; // data = Uint32Array of entities
export const ADD_MANY = 6; //     a = component id, data = ManyData
export const REMOVE_MANY = 7; //  a = component id, data = ManyData
export const ADD_PAIR = 8; //     entity, a = relation id, b = target, values
export const REMOVE_PAIR = 9; //  entity, a = relation id, b = target
export const PAIR_MANY = 10; //   a = relation id, data = PairManyData
export const SPARSE = 11; //      entity (spawned while deferring), a = sparse tag id, b = 1 set / 0 clear
export const ADD_RUN = 12; //     adds of component a without values: list[entity .. entity + b)
export const REMOVE_RUN = 13; //  removes of component a: list[entity .. entity + b)

/** Field codes from here up name an "object" field. */
export const OBJECT = 1 << 20;
