// random_access in miniplex: per pick, read position.x and write x + 1 on the entity object
// world.add() was given (README: "Focus on Object Identities over numerical IDs").
import { type Query, type With, World } from "miniplex";
import { N, picks, type Readout } from "../../scenarios/random_access.js";
import type { Implementation } from "../../spec.js";
import { type Body, sumOver } from "./entities.js";

interface State {
  readonly targets: readonly With<Body, "position">[];
  readonly all: Query<With<Body, "position">>;
}

function touch(s: State): void {
  const targets = s.targets;
  for (let i = 0; i < targets.length; i++) {
    const p = targets[i].position;
    const x = p.x;
    p.x = x + 1;
  }
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = new World<Body>();
    const all = world.with("position");
    const spawned: With<Body, "position">[] = [];
    for (let i = 0; i < N; i++) {
      const e = { position: { x: 0, y: 0 } };
      world.add(e);
      spawned.push(e);
    }
    return { targets: Array.from(picks(), (i) => spawned[i]), all };
  },
  step: touch,
  stages: [touch],
  read: (s) => ({ count: s.all.size, sumX: sumOver(s.all, (e) => e.position.x) }),
};
