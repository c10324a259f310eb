// relation_fanout in wasm-ecs, for every size and mode: world.add(source, Likes.to(t))
// per target, world.targets(source, Likes), world.destroyMany(targets).
import { component, createWorld, type Entity, relation, type World } from "wasm-ecs";
import type { Readout } from "../../scenarios/relation_fanout.js";
import type { Implementation } from "../../spec.js";

const Pos = component("Pos", { x: "f32" });

interface State {
  readonly world: World;
  readonly source: Entity;
  readonly likes: ReturnType<typeof relation>;
  readonly n: number;
  held: number;
}

function fanout(s: State): void {
  const { world, source, likes, n } = s;
  const targets = world.spawnMany(n, Pos);
  for (let i = 0; i < n; i++) world.add(source, likes.to(targets[i]));
  const got = world.targets(source, likes);
  s.held = got.length === n && world.has(source, likes.to(targets[n - 1])) ? 1 : 0;
  world.destroyMany(targets);
}

/** The implementation at n targets; fragmenting picks the relation's mode. */
export function fanoutAt(n: number, fragmenting: boolean, variant?: string): Implementation<State, Readout> {
  return {
    variant,
    async setup() {
      const likes = relation("Likes", { fragmenting });
      const world = await createWorld({ components: [Pos, likes], initialEntities: n + 1 });
      return { world, source: world.spawn(Pos), likes, n, held: 1 };
    },
    step: fanout,
    stages: [fanout],
    read: (s) => ({ entities: s.world.entityCount, held: s.held, left: s.world.targets(s.source, s.likes).length }),
  };
}
