// Planned destroys (assembly/cascade.ts): planDestroy lists everything a destroy takes
// along through "destroy" relations and changes nothing visible; commitDestroy carries
// the plan out, moves the entities that only lose a pair ("remove" relations) and
// recycles the dead targets' sub-tables; cancelDestroy forgets a plan.
import { describe, expect, test } from "vitest";
import {
  ERR_BAD_ARGUMENT,
  FLAG_CASCADE,
  FLAG_EXCLUSIVE,
  FLAG_RELATION,
  FLAG_TAG,
  H_DYING,
  H_FREE_TABLES,
  H_LIVE_TABLES,
  H_PLAN_ARMED,
  H_TARGET_SLOTS,
  OK,
} from "../../bindings/core/constants.generated.js";
import { BUILDS, type Build, CoreHarness } from "./harness.js";

async function world(build: Build) {
  const core = await CoreHarness.create(build, { checks: build === "debug" ? 1 : 0 });
  const A = core.component([{ type: "f32" }]);
  const ChildOf = core.component([], FLAG_TAG | FLAG_RELATION | FLAG_EXCLUSIVE | FLAG_CASCADE);
  const Likes = core.component([], FLAG_TAG | FLAG_RELATION);
  return { core, A, ChildOf, Likes };
}

/** planDestroy of the listed entities through scratch: how many die, or a status. */
function plan(core: CoreHarness, entities: readonly number[]): number {
  const ptr = core.scratchFor(entities.length * 4);
  core.u32().set(entities, ptr >>> 2);
  return core.raw.planDestroy(ptr, entities.length);
}

describe.each(BUILDS)("cascade (%s build)", (build) => {
  test("cascade planDestroy lists the cascade, commitDestroy carries it out and recycles the target's sub-tables", async () => {
    const { core, A, ChildOf, Likes } = await world(build);
    const tA = core.tableOf([A]);
    const root = core.spawn(tA);
    const kids = [core.spawn(tA), core.spawn(tA)];
    for (const k of kids) core.raw.addPair(k, ChildOf, root);
    const grandkid = core.spawn(tA);
    core.raw.addPair(grandkid, ChildOf, kids[1]);
    const fan = core.spawn(tA);
    core.raw.addPair(fan, Likes, kids[0]);
    const live = core.header(H_LIVE_TABLES);
    expect(plan(core, [root])).toBe(4);
    const at = core.header(H_DYING) >>> 2;
    expect([...core.u32().slice(at, at + 4)].sort((x, y) => x - y)).toEqual(
      [root, ...kids, grandkid].sort((x, y) => x - y),
    );
    expect(core.alive(root)).toBe(true); // planned, not done
    expect(core.raw.commitDestroy()).toBe(OK);
    expect(core.raw.commitDestroy()).toBe(ERR_BAD_ARGUMENT); // nothing planned any more
    for (const e of [root, ...kids, grandkid]) expect(core.alive(e)).toBe(false);
    expect(core.record(fan).table).toBe(tA); // lost Likes(kids[0])
    // Three sub-tables named dead entities: ChildOf(root), ChildOf(kids[1]), Likes(kids[0]).
    expect(core.header(H_LIVE_TABLES)).toBe(live - 3);
    expect(core.header(H_FREE_TABLES)).not.toBe(0);
    // No entity is a target any more: the target map is empty.
    expect(core.header(H_TARGET_SLOTS)).toBe(0);
    // The next sub-table reuses a recycled record: the table count does not grow.
    const count = core.tableCount();
    const p = core.spawn(tA);
    core.raw.addPair(fan, ChildOf, p);
    expect(core.tableCount()).toBe(count);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("cascade cancelDestroy forgets a plan: commitDestroy then refuses and every entity stays alive", async () => {
    const { core, A, ChildOf } = await world(build);
    const tA = core.tableOf([A]);
    const root = core.spawn(tA);
    const kid = core.spawn(tA);
    core.raw.addPair(kid, ChildOf, root);
    expect(plan(core, [root])).toBe(2);
    expect(core.header(H_PLAN_ARMED)).toBe(1);
    core.raw.cancelDestroy();
    expect(core.header(H_PLAN_ARMED)).toBe(0);
    expect(core.raw.commitDestroy()).toBe(ERR_BAD_ARGUMENT);
    expect(core.alive(root) && core.alive(kid)).toBe(true);
    expect(core.record(kid).table).not.toBe(tA); // still in its ChildOf(root) sub-table
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("cascade planDestroy skips dead entities and plans nothing for a list of dead ones", async () => {
    const { core, A, ChildOf } = await world(build);
    const tA = core.tableOf([A]);
    const root = core.spawn(tA);
    const kid = core.spawn(tA);
    core.raw.addPair(kid, ChildOf, root);
    const dead = core.spawn(tA);
    expect(core.raw.destroy(dead)).toBe(OK);
    expect(plan(core, [dead])).toBe(0);
    core.raw.cancelDestroy();
    expect(plan(core, [dead, root])).toBe(2);
    expect(core.raw.commitDestroy()).toBe(OK);
    expect([core.alive(root), core.alive(kid)]).toEqual([false, false]);
    expect(core.header(H_TARGET_SLOTS)).toBe(0);
    expect(core.raw.checkInvariants()).toBe(OK);
  });

  test("cascade destroy of a target plans and commits in one call: a remove relation only loses the pair", async () => {
    const { core, A, Likes } = await world(build);
    const tA = core.tableOf([A]);
    const target = core.spawn(tA);
    const fans = [core.spawn(tA), core.spawn(tA)];
    for (const f of fans) core.raw.addPair(f, Likes, target);
    expect(core.header(H_TARGET_SLOTS)).toBe(1);
    expect(core.raw.destroy(target)).toBe(OK);
    expect(core.alive(target)).toBe(false);
    for (const f of fans) {
      expect(core.alive(f)).toBe(true);
      expect(core.record(f).table).toBe(tA);
    }
    expect(core.header(H_TARGET_SLOTS)).toBe(0);
    expect(core.header(H_PLAN_ARMED)).toBe(0);
    expect(core.raw.checkInvariants()).toBe(OK);
  });
});
