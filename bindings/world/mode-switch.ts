// Which of the world's per-entity entry points (world/modes.ts) are in place: the
// deferred ones while the outermost scope is open (world/deferral.ts), except in a loop
// whose query learnt from its first loop that its loops make no deferred call
// (Query.loops NONE): there they stay the immediate ones until one of those is called
// inside the scope (missed), and from then on the query's loops swap them too.
import { type LoopGuess, NONE, SOME } from "../query/host.js";

export class ModeSwitch {
  /** Puts the deferred (true) or the immediate entry points in place (world/world.ts). */
  enter: (later: boolean) => void = () => {};
  /** Whether the deferred entry points are in place. */
  later = false;

  /** What waits for the flush: whether a loop made deferred calls. */
  constructor(
    private readonly commands: { readonly size: number },
    private readonly claims: { readonly count: number },
  ) {}

  /** The deferred (true) or the immediate entry points in place, unless they are (step() keeps the deferred ones for its run). */
  swap(later: boolean): void {
    if (this.later === later) return;
    this.later = later;
    this.enter(later);
  }

  /** A query's first loop closed: its loops make deferred calls when this one did (something waits for the flush). */
  learn(guess: LoopGuess): void {
    guess.loops = this.commands.size === 0 && this.claims.count === 0 ? NONE : SOME;
  }

  /** An immediate entry point called inside a scope (opened by a loop over a query: its guess): the deferred ones from now on. */
  missed(guess: LoopGuess | undefined): void {
    if (guess !== undefined) guess.loops = SOME;
    this.swap(true);
  }
}
