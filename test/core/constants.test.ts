// assembly/constants.ts and bindings/constants.ts must not drift: every constant the
// core exports has the same value in the facade. Both files are read as text and their
// initialisers evaluated by a small expression parser (numbers, names, + - * << >> >>> | & ~).
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import * as bindings from "../../bindings/constants.js";

interface Constant {
  readonly name: string;
  readonly type: string | undefined;
  readonly value: number;
}

const DECLARATION = /^export const (\w+)\s*(?::\s*(\w+))?\s*=\s*([^;]+);/;

/** Evaluates one initialiser; names resolve to constants declared earlier in the same file. */
function evaluate(source: string, scope: ReadonlyMap<string, number>): number {
  const tokens = source.match(/0x[0-9a-f_]+|\d[\d_]*|\w+|>>>|<<|>>|[-+*|&~()]/gi) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const take = (): string => {
    const t = tokens[at++];
    if (t === undefined) throw new Error(`unexpected end of "${source}"`);
    return t;
  };
  const binary: Record<string, [number, (a: number, b: number) => number]> = {
    "|": [1, (a, b) => a | b],
    "&": [2, (a, b) => a & b],
    "<<": [3, (a, b) => a << b],
    ">>": [3, (a, b) => a >> b],
    ">>>": [3, (a, b) => a >>> b],
    "+": [4, (a, b) => a + b],
    "-": [4, (a, b) => a - b],
    "*": [5, (a, b) => a * b],
  };
  const unary = (): number => {
    const t = take();
    if (t === "(") {
      const v = expression(0);
      if (take() !== ")") throw new Error(`missing ) in "${source}"`);
      return v;
    }
    if (t === "-") return -unary();
    if (t === "~") return ~unary();
    if (/^\d|^0x/i.test(t)) return Number(t.replaceAll("_", ""));
    const named = scope.get(t);
    if (named === undefined) throw new Error(`unknown name ${t} in "${source}"`);
    return named;
  };
  const expression = (min: number): number => {
    let left = unary();
    for (let op = peek(); op !== undefined && binary[op] !== undefined && binary[op][0] > min; op = peek()) {
      take();
      left = binary[op][1](left, expression(binary[op][0]));
    }
    return left;
  };
  const value = expression(0);
  if (at !== tokens.length) throw new Error(`could not parse "${source}"`);
  return value;
}

/** Every `export const` of a file, in order, with its value (u32 / i32 annotations applied). */
function parseConstants(path: string): Constant[] {
  const scope = new Map<string, number>();
  const constants: Constant[] = [];
  for (const line of readFileSync(new URL(path, import.meta.url), "utf8").split("\n")) {
    const m = DECLARATION.exec(line.trim());
    if (m === null) continue;
    const [, name, type, init] = m;
    let value = evaluate(init.trim(), scope);
    if (type === "u32") value >>>= 0;
    else if (type === "i32") value |= 0;
    scope.set(name, value);
    constants.push({ name, type, value });
  }
  return constants;
}

const coreFile = "../../assembly/constants.ts";
const bindingsFile = "../../bindings/constants.ts";
const core = parseConstants(coreFile);
const facade = new Map(parseConstants(bindingsFile).map((c) => [c.name, c.value]));

describe("constants", () => {
  test("constants parser reads every exported constant of both files", () => {
    for (const file of [coreFile, bindingsFile]) {
      const lines = readFileSync(new URL(file, import.meta.url), "utf8")
        .split("\n")
        .filter((l) => l.trim().startsWith("export const "));
      expect(parseConstants(file).length, file).toBe(lines.length);
    }
    expect(core.length).toBeGreaterThan(50);
  });

  test("constants parsed from bindings/constants.ts equal the values the module exports", () => {
    const exported = new Map<string, unknown>(Object.entries(bindings));
    for (const [name, value] of facade) expect(exported.get(name), name).toBe(value);
  });

  test("constants in bindings/constants.ts mirror every constant the core exports with the same value", () => {
    const drift = core
      .filter((c) => facade.get(c.name) !== c.value)
      .map((c) => `${c.name}: core ${c.value}, bindings ${facade.get(c.name) ?? "missing"}`);
    expect(drift).toEqual([]);
  });

  test("constants keep every entity handle a non-negative i32 (GEN_BITS + SLOT_BITS <= 31)", () => {
    const value = (name: string): number => core.find((c) => c.name === name)?.value ?? Number.NaN;
    expect(value("GEN_BITS") + value("SLOT_BITS")).toBeLessThanOrEqual(31);
    expect(value("SLOT_MASK")).toBe(2 ** value("SLOT_BITS") - 1);
    expect(value("GEN_MASK")).toBe(2 ** value("GEN_BITS") - 1);
    expect(value("MAX_SLOTS")).toBe(2 ** value("SLOT_BITS"));
  });
});
