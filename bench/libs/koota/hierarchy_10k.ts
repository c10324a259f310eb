// hierarchy_10k in Koota: relation({ exclusive: true, autoDestroy: "orphan" }); moveRoots, then
// propagate parents first, the parent read with entity.targetFor(ChildOf) (README: "children
// care about their parent, optimizing batch queries"). Koota 0.6.6's Not() takes traits only
// (Not(ChildOf) and Not(ChildOf("*")) throw when the query is made), so the roots are the Local
// entities whose targetFor(ChildOf) is undefined. Koota has no depth-ordered query: propagate
// sets the roots, then runs over the (Local, WorldPos, ChildOf("*")) query, which is
// parent-first because this tree is two levels deep.
import { createQuery, createWorld, type Entity, relation, trait, type World } from "koota";
import { CHILDREN, type Readout, ROOTS } from "../../scenarios/hierarchy_10k.js";
import type { Implementation } from "../../spec.js";
import { entityCount, storesOf, sumOver, type Vec2Store } from "./read.js";

const Local = trait({ x: 0, y: 0 });
const WorldPos = trait({ x: 0, y: 0 });
const ChildOf = relation({ exclusive: true, autoDestroy: "orphan" });
const qLocal = createQuery(Local);
const qPlaced = createQuery(Local, WorldPos);
const qChildren = createQuery(Local, WorldPos, ChildOf("*"));

interface State {
  readonly world: World;
}

function moveRootsStores([local]: [Vec2Store], entities: readonly Entity[]): void {
  const x = local.x;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    if (e.targetFor(ChildOf) === undefined) x[e.id()] += 1;
  }
}

function placeRootsStores([local, pos]: [Vec2Store, Vec2Store], entities: readonly Entity[]): void {
  const lx = local.x;
  const ly = local.y;
  const wx = pos.x;
  const wy = pos.y;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    if (e.targetFor(ChildOf) !== undefined) continue;
    const id = e.id();
    wx[id] = lx[id];
    wy[id] = ly[id];
  }
}

function placeChildrenStores([local, pos]: [Vec2Store, Vec2Store, ...unknown[]], entities: readonly Entity[]): void {
  const lx = local.x;
  const ly = local.y;
  const wx = pos.x;
  const wy = pos.y;
  for (let i = 0; i < entities.length; i++) {
    const e = entities[i];
    const parent = e.targetFor(ChildOf);
    if (parent === undefined) continue;
    const id = e.id();
    const p = parent.id();
    wx[id] = wx[p] + lx[id];
    wy[id] = wy[p] + ly[id];
  }
}

function moveRoots(s: State): void {
  s.world.query(qLocal).useStores(moveRootsStores);
}

function propagate(s: State): void {
  s.world.query(qPlaced).useStores(placeRootsStores);
  s.world.query(qChildren).useStores(placeChildrenStores);
}

export const implementation: Implementation<State, Readout> = {
  setup() {
    const world = createWorld();
    for (let i = 0; i < ROOTS; i++) {
      const root = world.spawn(Local({ x: i, y: 1 }), WorldPos);
      for (let j = 0; j < CHILDREN; j++) world.spawn(Local({ x: j, y: 2 }), WorldPos, ChildOf(root));
    }
    return { world };
  },
  step(s) {
    moveRoots(s);
    propagate(s);
  },
  stages: [moveRoots, propagate],
  read(s) {
    const children = storesOf(s.world.query(qChildren));
    const placed = storesOf(s.world.query(qPlaced));
    const roots = placed.entities.filter((e) => e.targetFor(ChildOf) === undefined);
    const [, pos] = placed.stores;
    return {
      entities: entityCount(s.world),
      roots: roots.length,
      withTarget: placed.entities.filter((e) => e.targetFor(ChildOf) !== undefined).length,
      rootX: sumOver(roots, pos.x),
      rootY: sumOver(roots, pos.y),
      childX: sumOver(children.entities, children.stores[1].x),
      childY: sumOver(children.entities, children.stores[1].y),
    };
  },
};
