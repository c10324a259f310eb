// Non-fragmenting relations against a model (property): random adds, removes (one pair,
// every pair, a list), spawns, destroys and target destroys ("remove" and "destroy"
// policies), made now or inside defer() in any mix; after every scope the pairs, the
// live entities and the pair queries match a plain model of pairs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { component, createWorld, relation } from "wasm-ecs";
import { checkInvariants } from "../../support/internals.js";

const Pos = component("Pos", { x: "f32" });
const Likes = relation("Likes", { fragmenting: false });
const Follows = relation("Follows", { fragmenting: false, onTargetDestroyed: "destroy" });
const RELS = [Likes, Follows] as const;

type Op =
  | { k: "spawn" }
  | { k: "add" | "remove"; r: number; s: number; t: number }
  | { k: "removeAll" | "removeMany"; r: number; s: number }
  | { k: "destroy"; s: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.constant({ k: "spawn" as const }),
  fc.record({ k: fc.constantFrom("add" as const, "remove" as const), r: fc.nat(1), s: fc.nat(), t: fc.nat() }),
  fc.record({ k: fc.constantFrom("removeAll" as const, "removeMany" as const), r: fc.nat(1), s: fc.nat() }),
  fc.record({ k: fc.constant("destroy" as const), s: fc.nat() }),
);

/** The model: live entities and, per relation, source -> set of targets. */
class Model {
  readonly alive = new Set<number>();
  readonly pairs = [new Map<number, Set<number>>(), new Map<number, Set<number>>()];
  add(r: number, s: number, t: number): void {
    const m = this.pairs[r] as Map<number, Set<number>>;
    m.set(s, (m.get(s) ?? new Set()).add(t));
  }
  remove(r: number, s: number, t: number | undefined): void {
    const set = this.pairs[r]?.get(s);
    if (set === undefined) return;
    if (t === undefined) set.clear();
    else set.delete(t);
  }
  /** Destroys e: its own pairs go; Likes pairs naming it go; Follows sources of it are destroyed too. */
  destroy(e: number): void {
    if (!this.alive.delete(e)) return;
    for (const m of this.pairs) m.delete(e);
    (this.pairs[0] as Map<number, Set<number>>).forEach((ts) => {
      ts.delete(e);
    });
    const followers: number[] = [];
    (this.pairs[1] as Map<number, Set<number>>).forEach((ts, s) => {
      if (ts.delete(e)) followers.push(s);
    });
    for (const f of followers) this.destroy(f);
  }
  targets(r: number, s: number): number[] {
    return [...(this.pairs[r]?.get(s) ?? [])].sort((a, b) => a - b);
  }
}

describe("non-fragmenting relations against a model", () => {
  it("property: pairs, entities and pair queries match the model after every scope, with deferral mixed in", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { maxLength: 25 }),
        fc.array(fc.boolean()),
        async (scopes, deferred) => {
          const w = await createWorld({ components: [Pos, ...RELS], debug: true });
          const model = new Model();
          for (const e of w.spawnMany(6, Pos)) model.alive.add(e);
          scopes.forEach((scope, k) => {
            const run = () => {
              for (const o of scope) {
                const live = [...model.alive];
                if (o.k === "spawn") {
                  model.alive.add(w.spawn(Pos));
                  continue;
                }
                if (live.length === 0) continue;
                const s = live[o.s % live.length] as number;
                const rel = o.k === "destroy" ? Likes : (RELS[o.r] as typeof Likes);
                if (o.k === "add") {
                  const t = live[o.t % live.length] as number;
                  w.add(s, rel.to(t));
                  model.add(o.r, s, t);
                } else if (o.k === "remove") {
                  const t = live[o.t % live.length] as number;
                  w.remove(s, rel.to(t));
                  model.remove(o.r, s, t);
                } else if (o.k === "removeAll") {
                  w.remove(s, rel);
                  model.remove(o.r, s, undefined);
                } else if (o.k === "removeMany") {
                  w.removeMany([s], rel);
                  model.remove(o.r, s, undefined);
                } else {
                  w.destroy(s);
                  // A deferred destroy applies at the flush; the model applies it at the end of the scope too.
                  if (!deferred[k]) model.destroy(s);
                  else pending.push(s);
                }
              }
            };
            const pending: number[] = [];
            if (deferred[k]) w.defer(run);
            else run();
            for (const e of pending) model.destroy(e);
            checkInvariants(w);
            expect(new Set(w.query({}).entities())).toEqual(model.alive);
            for (const e of model.alive)
              for (let r = 0; r < RELS.length; r++)
                expect(w.targets(e, RELS[r] as typeof Likes), `targets of ${e} (${r})`).toEqual(model.targets(r, e));
            for (let r = 0; r < RELS.length; r++) {
              const holders = [...model.alive].filter((e) => model.targets(r, e).length > 0).sort((a, b) => a - b);
              expect([...w.query({ all: [RELS[r] as typeof Likes] }).entities()].sort((a, b) => a - b)).toEqual(
                holders,
              );
            }
          });
          w.dispose();
        },
      ),
      { numRuns: 150, seed: 31 },
    );
  });
});
