// relation_fanout in bitECS 0.4, for every size: addComponent(world, source, Likes(t)) per
// target of a non-exclusive relation (createRelation()), getRelationTargets once, then
// removeEntity per target (bitECS has no batch removal; removing a target takes the pairs
// that name it off their subjects). No 10k or 100k row: one step at 10,000 targets did not
// finish within the runner's 120 s limit here (1,000 targets: about 190 ms a step).
import {
  addComponent,
  addEntity,
  createRelation,
  createWorld,
  getAllEntities,
  getRelationTargets,
  type Relation,
  removeEntity,
  type World,
} from "bitecs";
import type { Readout } from "../../scenarios/relation_fanout.js";
import type { Implementation } from "../../spec.js";

interface State {
  readonly world: World;
  readonly Likes: Relation<unknown>;
  readonly source: number;
  readonly n: number;
  held: number;
}

function fanout(s: State): void {
  const { world, Likes, source, n } = s;
  const targets = new Uint32Array(n);
  for (let i = 0; i < n; i++) targets[i] = addEntity(world);
  for (let i = 0; i < n; i++) addComponent(world, source, Likes(targets[i]));
  s.held = getRelationTargets(world, source, Likes).length === n ? 1 : 0;
  for (let i = 0; i < n; i++) removeEntity(world, targets[i]);
}

/** The implementation at n targets. */
export function fanoutAt(n: number, variant?: string): Implementation<State, Readout> {
  return {
    variant,
    setup() {
      const world = createWorld();
      return { world, Likes: createRelation(), source: addEntity(world), n, held: 1 };
    },
    step: fanout,
    stages: [fanout],
    read: (s) => ({
      entities: getAllEntities(s.world).length,
      held: s.held,
      left: getRelationTargets(s.world, s.source, s.Likes).length,
    }),
  };
}
