// Every bench module, in report order, as paths relative to this directory's build
// output. A new scenario is one file under scenarios/ (or micro/) plus one line here.
export const BENCH_MODULES: readonly string[] = [
  "./scenarios/packed_5.js",
  "./scenarios/simple_iter.js",
  "./scenarios/frag_iter.js",
  "./scenarios/entity_cycle.js",
  "./scenarios/entity_cycle_deferred.js",
  "./scenarios/entity_cycle_single.js",
  "./scenarios/add_remove.js",
  "./scenarios/add_remove_single.js",
  "./scenarios/iterate_1m.js",
  "./scenarios/spawn_1m.js",
  "./scenarios/migrate_100k.js",
  "./scenarios/fragmented_256.js",
  "./scenarios/random_access.js",
  "./micro/views_vs_arrays_1m.js",
  "./micro/query_1_table.js",
  "./micro/query_100_tables.js",
  "./micro/spawn_destroy_100k.js",
  "./micro/add_remove_100k.js",
  "./micro/spawn_many_1m.js",
  "./micro/bytes_per_entity_1m.js",
];
