// iterate_1m in wasm-ecs as a kernel: the system is AssemblyScript (bench/kernels/scenarios.ts,
// `move`: px[i] += vx[i]; py[i] += vy[i], one row at a time) run by kernel.run() over the
// world's columns in place, once per table of its query (here one table of 1,000,000 rows).
import { component, createWorld, type Kernel, type Query } from "wasm-ecs";
import { sumOf } from "../../check.js";
import { N, type Readout, VX, VY } from "../../scenarios/iterate_1m.js";
import type { Implementation } from "../../spec.js";
import { scenarioKernels } from "./kernels.js";

const Position = component("Position", { x: "f32", y: "f32" });
const Velocity = component("Velocity", { x: "f32", y: "f32" });

interface State {
  readonly moving: Query;
  readonly move: Kernel<[]>;
}

const NO_SCALARS = {};

function move(s: State): void {
  s.move.run(NO_SCALARS, s.moving);
}

/** The row running kernel `name` of bench/kernels/scenarios.ts (iterate_1m.kernel-simd.ts: moveSimd). */
export function kernelRow(name: string, variant: string): Implementation<State, Readout> {
  return {
    variant,
    async setup() {
      const world = await createWorld({ components: [Position, Velocity], initialEntities: N });
      world.spawnMany(N, Position, Velocity.with({ x: VX, y: VY }));
      const kernels = await scenarioKernels(world);
      const moving = world.query({ all: [Position, Velocity] });
      return { moving, move: kernels.kernel(name, { write: [Position], read: [Velocity] }) };
    },
    step: move,
    stages: [move],
    read: (s) => ({
      moving: s.moving.count(),
      sumX: sumOf(s.moving, (t) => t.columns(Position).x),
      sumY: sumOf(s.moving, (t) => t.columns(Position).y),
    }),
  };
}

export const implementation = kernelRow("move", "kernel");
