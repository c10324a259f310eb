// random_access in piecs: piecs stores no data, so per-entity access is the user's typed
// array indexed by entity id.
import { type Archetype, World } from "piecs";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";

interface State {
  readonly world: World;
  readonly prefab: Archetype;
  readonly px: Float32Array;
  readonly targets: Uint32Array;
}

function touch(s: State): void {
  const targets = s.targets;
  const px = s.px;
  for (let i = 0; i < targets.length; i++) {
    const e = targets[i];
    const x = px[e];
    px[e] = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World();
    const Position = world.createComponentId();
    const prefab = world.prefabricate([Position]);
    world.initialize();
    const px = new Float32Array(N);
    const ids = new Uint32Array(N);
    for (let i = 0; i < N; i++) ids[i] = world.createEntity(prefab);
    return { world, prefab, px, targets: picks().map((i) => ids[i]) };
  },
  step: touch,
  stages: [touch],
  read(s) {
    // Every entity has Position: the archetype's entities are its whole population.
    const entities = s.prefab.entities;
    let sumX = 0;
    for (let i = 0; i < entities.length; i++) sumX += s.px[entities[i]];
    return { count: entities.length, sumX };
  },
};
