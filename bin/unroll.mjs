// Unrolls a kernel's row loops four times, part of the kernel build (wasm-ecs-kernel.mjs).
//
// V8 compiles `px[i] += vx[i]` to an address computation (lea) per column per row, since
// x64 addresses memory base + column + index only with an add first. Four rows per turn,
// with rows i+1 .. i+3 reached through the load's and store's constant offset
// ([base + column + i*4 + 4]), share one address per column: 15 -> 10 instructions per
// row for iterate_1m's move, 7 -> 4 for packed_5's double (--print-wasm-code), with one
// loop test per four rows.
//
// The loop it rewrites, as asc -O3 emits `for (let i = 0; i < n; i++) { S }`:
//
//   (loop $L (if (i32.lt_s (local.get $i) X) (then S... (local.set $i (i + 1)) (br $L))))
//
// X a constant or a local the loop does not set; S straight-line code (ifs allowed, no
// branch, no label, no return) whose only uses of $i are addresses of loads and stores:
// values "i-affine" (free + i*s: $i, a sum with it, shifted or multiplied by a constant,
// a local holding one) may only be added, shifted, multiplied by a positive constant,
// kept in a local that is set before it is read in S and read nowhere outside the loop,
// or used as an address. It becomes
//
//   (loop $L$x4 (if (i < X - 3) (then S  S[+s]  S[+2s]  S[+3s]  (local.set $i (i + 4)) (br $L$x4))))
//   (loop $L ...the original, for the last n % 4 rows...)
//
// where S[+ks] is a copy of S whose i-affine loads and stores have k*s added to their
// offset, $i itself staying put. Copy k then does what iteration i+k did: every value it
// computes that depends on $i differs from that iteration's by k*s exactly, and only
// addresses see it. (An address's own wrap-around at 4 GiB is the one case the offset
// does not mirror; a kernel touches rows 0 .. n-1 of its columns, far from it.) Any loop
// that does not fit is left as it was.
//
// With vectorize on (the default of the kernel build, with SIMD), the four copies of a
// body that fits vectorize.mjs's rules are one copy over v128 instead.

import { vectorizeBody } from "./vectorize.mjs";

/** Rows per turn of an unrolled loop. */
const FACTOR = 4;

class NotUnrollable extends Error {}

const no = () => {
  throw new NotUnrollable();
};

/** A value that does not depend on the loop index. */
const FREE = 0;

/**
 * The expression kinds the pass knows, with their children in evaluation order and a
 * setter per child. Any other kind in a function leaves it as it was.
 */
function shapes(b) {
  const info = (e) => b.getExpressionInfo(e);
  const none = () => [];
  return new Map([
    [b.BlockId, (e) => info(e).children.map((c, i) => [c, (v) => b.Block.setChildAt(e, i, v)])],
    [
      b.IfId,
      (e) => {
        const { condition, ifTrue, ifFalse } = info(e);
        const out = [
          [condition, (v) => b.If.setCondition(e, v)],
          [ifTrue, (v) => b.If.setIfTrue(e, v)],
        ];
        if (ifFalse) out.push([ifFalse, (v) => b.If.setIfFalse(e, v)]);
        return out;
      },
    ],
    [b.LoopId, (e) => [[info(e).body, (v) => b.Loop.setBody(e, v)]]],
    [
      b.BreakId,
      (e) => {
        const { condition, value } = info(e);
        return [value, condition].filter((c) => c).map((c) => [c, null]);
      },
    ],
    [b.SwitchId, (e) => [info(e).value, info(e).condition].filter((c) => c).map((c) => [c, null])],
    [b.CallId, (e) => info(e).operands.map((c) => [c, null])],
    [b.LocalGetId, none],
    [b.LocalSetId, (e) => [[info(e).value, null]]],
    [b.GlobalGetId, none],
    [b.GlobalSetId, (e) => [[info(e).value, null]]],
    [b.LoadId, (e) => [[info(e).ptr, null]]],
    [
      b.StoreId,
      (e) => [
        [info(e).ptr, null],
        [info(e).value, null],
      ],
    ],
    [b.ConstId, none],
    [b.UnaryId, (e) => [[info(e).value, null]]],
    [
      b.BinaryId,
      (e) => [
        [info(e).left, null],
        [info(e).right, null],
      ],
    ],
    [
      b.SelectId,
      (e) => [
        [info(e).ifTrue, null],
        [info(e).ifFalse, null],
        [info(e).condition, null],
      ],
    ],
    [b.DropId, (e) => [[info(e).value, null]]],
    [b.ReturnId, (e) => (info(e).value ? [[info(e).value, null]] : [])],
    [b.NopId, none],
    [b.UnreachableId, none],
    [b.SIMDExtractId, (e) => [[info(e).vec, null]]],
    [
      b.SIMDReplaceId,
      (e) => [
        [info(e).vec, null],
        [info(e).value, null],
      ],
    ],
    [
      b.SIMDShuffleId,
      (e) => [
        [info(e).left, null],
        [info(e).right, null],
      ],
    ],
    [
      b.SIMDTernaryId,
      (e) => [
        [info(e).a, null],
        [info(e).b, null],
        [info(e).c, null],
      ],
    ],
    [
      b.SIMDShiftId,
      (e) => [
        [info(e).vec, null],
        [info(e).shift, null],
      ],
    ],
  ]);
}

/**
 * The i-affine analysis of a loop's statements S (index local `index`): returns, for the
 * loads and stores of S in evaluation order, the stride to add per copy (0: leave it).
 * Throws NotUnrollable when S uses the index otherwise.
 */
function analyse(b, kids, statements, index, boundLocal) {
  const strides = [];
  const known = new Map(); // local -> stride of the value it holds now (straight-line sets)
  const carried = new Set(); // locals read in S before S sets them
  const affineSets = new Set(); // locals S sets to an i-affine value
  const setInS = new Set();
  const scan = (e) => {
    const id = b.getExpressionId(e);
    const children = kids.get(id);
    if (children === undefined) no();
    if (id === b.LocalSetId) setInS.add(b.getExpressionInfo(e).index);
    if (id === b.BreakId || id === b.SwitchId || id === b.ReturnId) no();
    if ((id === b.BlockId || id === b.LoopId) && b.getExpressionInfo(e).name) no();
    for (const [c] of children(e)) scan(c);
  };
  for (const s of statements) scan(s);
  // The x4 loop tests i against X - 3 taken once: S may set neither the index nor X.
  if (setInS.has(index) || (boundLocal !== undefined && setInS.has(boundLocal))) no();

  const walk = (e, depth) => {
    const id = b.getExpressionId(e);
    const i = b.getExpressionInfo(e);
    switch (id) {
      case b.LocalGetId:
        if (i.index === index) return 1;
        if (!setInS.has(i.index)) return FREE;
        if (known.has(i.index)) return known.get(i.index);
        carried.add(i.index);
        return FREE;
      case b.LocalSetId: {
        const s = walk(i.value, depth);
        if (s !== FREE) {
          if (depth > 0) no();
          affineSets.add(i.index);
        } else if (depth > 0 && (known.get(i.index) ?? FREE) !== FREE) no();
        if (depth === 0) known.set(i.index, s);
        return i.isTee ? s : FREE;
      }
      case b.LoadId: {
        const ordinal = strides.length;
        strides.push(0);
        strides[ordinal] = walk(i.ptr, depth);
        return FREE;
      }
      case b.StoreId: {
        const ordinal = strides.length;
        strides.push(0);
        strides[ordinal] = walk(i.ptr, depth);
        if (walk(i.value, depth) !== FREE) no();
        return FREE;
      }
      case b.BinaryId: {
        const l = walk(i.left, depth);
        const r = walk(i.right, depth);
        if (l === FREE && r === FREE) return FREE;
        const constant = (x) =>
          b.getExpressionId(x) === b.ConstId && b.getExpressionType(x) === b.i32 ? b.getExpressionInfo(x).value : -1;
        if (i.op === b.AddInt32) return l + r;
        if (i.op === b.SubInt32 && r === FREE) return l;
        if (i.op === b.ShlInt32 && r === FREE && constant(i.right) >= 0 && constant(i.right) < 16)
          return l * 2 ** constant(i.right);
        if (i.op === b.MulInt32 && l === FREE && constant(i.left) > 0) return r * constant(i.left);
        if (i.op === b.MulInt32 && r === FREE && constant(i.right) > 0) return l * constant(i.right);
        return no();
      }
      case b.IfId: {
        if (walk(i.condition, depth) !== FREE) no();
        const t = walk(i.ifTrue, depth + 1);
        const f = i.ifFalse ? walk(i.ifFalse, depth + 1) : FREE;
        // An if's value is one of its arms': an i-affine one would leave an address unfollowed.
        if (t !== FREE || f !== FREE) no();
        return FREE;
      }
      default: {
        // A block's statements run in order and it yields its last one's value; anything
        // else may take no i-affine operand (a drop discards it).
        const kinds = kids
          .get(id)(e)
          .map(([c]) => walk(c, depth));
        if (id === b.BlockId) return kinds.length > 0 ? kinds[kinds.length - 1] : FREE;
        if (id !== b.DropId && kinds.some((k) => k !== FREE)) no();
        return FREE;
      }
    }
  };
  for (const s of statements) walk(s, 0);
  for (const l of carried) if (affineSets.has(l)) no();
  return { strides, affineSets };
}

/** The loads and stores of e in evaluation order. */
function memoryOps(b, kids, e, out = []) {
  const id = b.getExpressionId(e);
  if (id === b.LoadId) {
    out.push(e);
    memoryOps(b, kids, b.getExpressionInfo(e).ptr, out);
    return out;
  }
  if (id === b.StoreId) {
    out.push(e);
    const i = b.getExpressionInfo(e);
    memoryOps(b, kids, i.ptr, out);
    memoryOps(b, kids, i.value, out);
    return out;
  }
  for (const [c] of kids.get(id)(e)) memoryOps(b, kids, c, out);
  return out;
}

/** The parts of a loop of the form above, or undefined. */
function countedLoop(b, loop) {
  const name = b.getExpressionInfo(loop).name;
  const body = b.getExpressionInfo(loop).body;
  if (!name || b.getExpressionId(body) !== b.IfId) return undefined;
  const { condition, ifTrue, ifFalse } = b.getExpressionInfo(body);
  if (ifFalse || b.getExpressionId(condition) !== b.BinaryId || b.getExpressionId(ifTrue) !== b.BlockId)
    return undefined;
  const then = b.getExpressionInfo(ifTrue);
  if (then.name || then.children.length < 3) return undefined;
  const cond = b.getExpressionInfo(condition);
  const isGet = (e) => b.getExpressionId(e) === b.LocalGetId;
  let index;
  let bound;
  if (cond.op === b.LtSInt32 && isGet(cond.left)) [index, bound] = [b.getExpressionInfo(cond.left).index, cond.right];
  else if (cond.op === b.GtSInt32 && isGet(cond.right))
    [index, bound] = [b.getExpressionInfo(cond.right).index, cond.left];
  else return undefined;
  const boundId = b.getExpressionId(bound);
  if (boundId !== b.ConstId && !(boundId === b.LocalGetId && b.getExpressionInfo(bound).index !== index))
    return undefined;
  const [step, back] = then.children.slice(-2);
  const br = b.getExpressionInfo(back);
  if (b.getExpressionId(back) !== b.BreakId || br.name !== name || br.condition || br.value) return undefined;
  const inc = b.getExpressionInfo(step);
  if (b.getExpressionId(step) !== b.LocalSetId || inc.isTee || inc.index !== index) return undefined;
  const add = b.getExpressionInfo(inc.value);
  if (b.getExpressionId(inc.value) !== b.BinaryId || add.op !== b.AddInt32) return undefined;
  const one = b.getExpressionInfo(add.right);
  const ok =
    isGet(add.left) && b.getExpressionInfo(add.left).index === index && one.id === b.ConstId && one.value === 1;
  if (!ok) return undefined;
  return { name, index, bound, statements: then.children.slice(0, -2) };
}

/** The four-rows loop and the original after it, or undefined when the loop does not fit. */
function unrollOne(m, b, kids, fn, loop, readOutside, vectorize) {
  const shape = countedLoop(b, loop);
  if (shape === undefined) return undefined;
  const { name, index, bound, statements } = shape;
  let strides;
  try {
    const boundLocal = b.getExpressionId(bound) === b.LocalGetId ? b.getExpressionInfo(bound).index : undefined;
    const found = analyse(b, kids, statements, index, boundLocal);
    for (const l of found.affineSets) if (readOutside(l)) return undefined;
    strides = found.strides;
  } catch (error) {
    if (error instanceof NotUnrollable) return undefined;
    throw error;
  }
  const ops = statements.flatMap((s) => memoryOps(b, kids, s));
  if (ops.length !== strides.length) return undefined;
  for (let k = 0; k < ops.length; k++)
    if (b.getExpressionInfo(ops[k]).offset + (FACTOR - 1) * strides[k] > 0xffffffff) return undefined;
  const vector = vectorize ? vectorizeBody(b, m, fn, index, statements, readOutside) : undefined;
  const copies = vector?.body ?? [];
  for (let k = 0; k < FACTOR && vector === undefined; k++) {
    // strides[] numbers the loads and stores of all of S: the ordinal runs on across statements.
    let o = 0;
    for (const s of statements) {
      const copy = m.copyExpression(s);
      for (const op of memoryOps(b, kids, copy)) {
        const stride = strides[o++];
        if (stride === 0 || k === 0) continue;
        const setOffset = b.getExpressionId(op) === b.LoadId ? b.Load.setOffset : b.Store.setOffset;
        setOffset(op, b.getExpressionInfo(op).offset + k * stride);
      }
      copies.push(copy);
    }
  }
  const i = () => m.local.get(index, b.i32);
  const x4 = `${name}$x${FACTOR}`;
  // Four more rows when X - i > 3: i < X - 3 with X - 3 taken once before the loop,
  // or, when X - 3 would wrap (X < INT_MIN + 3, no row to run), i < INT_MIN.
  const min = -(2 ** 31);
  const limit = b._BinaryenFunctionAddVar(fn, b.i32);
  // The vector form runs only when its columns are apart (vectorize.mjs): else i < INT_MIN too.
  const fits = m.i32.ge_s(m.copyExpression(bound), m.i32.const(min + FACTOR - 1));
  const prologue = m.local.set(
    limit,
    m.select(
      vector?.guard === undefined ? fits : m.i32.and(fits, vector.guard),
      m.i32.sub(m.copyExpression(bound), m.i32.const(FACTOR - 1)),
      m.i32.const(min),
    ),
  );
  const turn = m.loop(
    x4,
    m.if(
      m.i32.lt_s(i(), m.local.get(limit, b.i32)),
      m.block(null, [...copies, m.local.set(index, m.i32.add(i(), m.i32.const(FACTOR))), m.br(x4)]),
    ),
  );
  return m.block(null, [...(vector?.hoisted ?? []), prologue, turn, loop]);
}

/** The locals read anywhere in body outside the subtree `skip`. */
function readsOutside(b, kids, body, skip) {
  const reads = new Set();
  const walk = (e) => {
    if (e === skip) return;
    const id = b.getExpressionId(e);
    if (id === b.LocalGetId) reads.add(b.getExpressionInfo(e).index);
    for (const [c] of kids.get(id)(e)) walk(c);
  };
  walk(body);
  return reads;
}

/** Whether every expression of e is of a kind the pass knows. */
function known(b, kids, e) {
  const children = kids.get(b.getExpressionId(e));
  return children?.(e).every(([c]) => known(b, kids, c)) === true;
}

/**
 * Unrolls the counted row loops of the module's functions `names` (internal names) in
 * place, vectorizing those that fit when `vectorize` (the module must have SIMD); returns
 * how many loops it unrolled.
 */
export function unrollLoops(binaryen, m, names, vectorize = false) {
  const b = binaryen;
  const kids = shapes(b);
  let unrolled = 0;
  for (const fname of names) {
    const fn = m.getFunction(fname);
    const body = b.getFunctionInfo(fn).body;
    if (!body || !known(b, kids, body)) continue;
    // Innermost loops first found, each replaced in its parent.
    const visit = (e, replace) => {
      const id = b.getExpressionId(e);
      if (id === b.LoopId) {
        const next = unrollOne(m, b, kids, fn, e, (l) => readsOutside(b, kids, body, e).has(l), vectorize);
        if (next !== undefined) {
          replace(next);
          unrolled++;
          return;
        }
      }
      for (const [c, set] of kids.get(id)(e)) if (set !== null) visit(c, set);
    };
    visit(body, (v) => b.Function.setBody(fn, v));
  }
  return unrolled;
}
