// One assertion for an error test: what fn throws (or p rejects with) is an instance of
// the given class AND has the given message (exact text, or a pattern).
import { expect } from "vitest";

/** Any error class, whatever its constructor takes. */
type ErrorClass = abstract new (...args: never[]) => Error;

function expectError(error: unknown, type: ErrorClass, message: string | RegExp): Error {
  expect(error).toBeInstanceOf(type);
  if (typeof message === "string") expect((error as Error).message).toBe(message);
  else expect((error as Error).message).toMatch(message);
  return error as Error;
}

/** Calls fn, asserts it throws an instance of `type` whose message is (or matches) `message`; returns the error. */
export function expectThrows(fn: () => unknown, type: ErrorClass, message: string | RegExp): Error {
  let error: unknown;
  try {
    fn();
  } catch (e) {
    error = e;
  }
  return expectError(error, type, message);
}

/** Awaits p, asserts it rejects with an instance of `type` whose message is (or matches) `message`; returns the error. */
export async function expectRejects(p: Promise<unknown>, type: ErrorClass, message: string | RegExp): Promise<Error> {
  let error: unknown;
  try {
    await p;
  } catch (e) {
    error = e;
  }
  return expectError(error, type, message);
}
