// Which of the world's per-entity entry points (world/modes.ts) are in place: the
// deferred ones while the outermost scope is open (world/deferral.ts), except in a loop
// whose query learnt from its first loop that its loops call none of them (Query.loops
// NONE): there they stay the immediate ones until one of those is called inside the scope
// (missed), and from then on the query's loops swap them too.
import { type LoopGuess, NONE, SOME } from "../query/host.js";

export class ModeSwitch {
  /** Puts the deferred (true) or the immediate entry points in place (world/world.ts). */
  enter: (later: boolean) => void = () => {};
  /** Whether the deferred entry points are in place. */
  later = false;
  /** Set by each deferred entry point, cleared when they are put in place: whether the scope called one. */
  used = false;

  /** The deferred (true) or the immediate entry points in place, unless they are (step() keeps the deferred ones for its run). */
  swap(later: boolean): void {
    if (this.later === later) return;
    this.later = later;
    this.used = false;
    this.enter(later);
  }

  /** A query's first loop closed, before the immediate entry points are back: its loops call them when this one did. */
  learn(guess: LoopGuess): void {
    guess.loops = this.used ? SOME : NONE;
  }

  /** An immediate entry point called inside a scope (opened by a loop over a query: its guess): the deferred ones from now on. */
  missed(guess: LoopGuess | undefined): void {
    if (guess !== undefined) guess.loops = SOME;
    this.swap(true);
  }
}
