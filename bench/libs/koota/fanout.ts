// relation_fanout in Koota, for every size: source.add(Likes(t)) per target,
// source.targetsFor(Likes), then t.destroy() per target (Koota has no batch destroy;
// destroying a target drops the pairs that name it). No 100k row: one step of it did not
// finish within the runner's 120 s limit here.
import { createWorld, type Entity, relation, trait, type World } from "koota";
import type { Readout } from "../../scenarios/relation_fanout.js";
import type { Implementation } from "../../spec.js";
import { entityCount } from "./read.js";

const Pos = trait({ x: 0 });
const Likes = relation();

interface State {
  readonly world: World;
  readonly source: Entity;
  readonly n: number;
  held: number;
}

function fanout(s: State): void {
  const { world, source, n } = s;
  const targets: Entity[] = [];
  for (let i = 0; i < n; i++) targets.push(world.spawn(Pos));
  for (let i = 0; i < n; i++) source.add(Likes(targets[i]));
  s.held = source.targetsFor(Likes).length === n ? 1 : 0;
  for (let i = 0; i < n; i++) targets[i].destroy();
}

/** The implementation at n targets. */
export function fanoutAt(n: number, variant?: string): Implementation<State, Readout> {
  return {
    variant,
    setup() {
      const world = createWorld();
      return { world, source: world.spawn(Pos), n, held: 1 };
    },
    step: fanout,
    stages: [fanout],
    read: (s) => ({ entities: entityCount(s.world), held: s.held, left: s.source.targetsFor(Likes).length }),
  };
}
