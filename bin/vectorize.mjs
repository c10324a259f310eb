// Vectorizes a row loop the kernel build unrolls (unroll.mjs): the four copies S S[+s]
// S[+2s] S[+3s] of a loop body become one copy over v128 (like a C compiler's SLP pass).
//
// A body fits when each of its statements is
//   - a store of f32 or i32 (4 bytes) to `c + i*4`, c a local the loop does not set, whose
//     value is a tree of: loads of that type from such addresses, constants, locals the
//     loop does not set, locals of such a value set earlier in the same row, and the
//     lane-wise ops with an exact SIMD equivalent (f32: add sub mul div copysign neg abs
//     sqrt ceil floor trunc nearest; i32: add sub mul and or xor, shl shr_s shr_u by an
//     amount the loop does not change);
//   - or a local set to such a value or to an address (`c + i*4`, `i << 2`, ...).
// Anything else (a call, an if, a branch, f64, i8 / i16 accesses, an element stride other
// than 4 bytes (array fields), `v[i + 1]`, a fixed cell `s[0]`, a local carried from one
// row to the next, the index as a value, a conversion, f32 min / max) leaves the unrolled
// loop as it is. (f32x4.min / max give a NaN of the other sign than V8's scalar min / max,
// and a kernel may read those bits as an i32: not the same result.)
// Each statement then runs once for rows i .. i+3, the loop-invariant operands splatted
// before the loop.
//
// Why the result is the same. Lane k of every vector value is exactly what copy k computed
// for row i+k: the same ops on the same row's operands (f32x4 and i32x4 ops are defined
// lane-wise as the scalar ones, shift counts modulo 32 both; NaN payloads are left to the
// engine in both forms by the wasm spec, and V8 gives the same bits for these ops). What changes is the order of memory accesses inside a group
// of four rows: statement by statement for all four rows, instead of row by row, and a
// statement reads its four rows before it writes them. Accesses of one row keep their
// order, so only accesses of different rows r != r' of the group move past each other,
// and they touch different bytes: each is the 4-byte element `c + 4r` of its column c,
// so two of them overlap only if their columns' addresses differ by d with 0 < |d| < 16.
// The facade (bindings/kernels/kernel.ts, batch.ts) passes row `first` of columns of one
// table, the same column twice when a component is both written and read, and numbers
// as scalars: a table keeps its columns in one block, in order, each `capacity` rows
// long, capacity a multiple of 8 (a big table's starts are also moved on by multiples
// of 64 bytes: assembly/table.ts columnStart), so two 4-byte columns start 32 bytes
// apart at least, and the same row of each is as far. Kernels are also called
// directly and may take i32 scalars that are addresses of anything, so this is checked,
// not assumed: before the loop, every pair of distinct column addresses with a store into
// one of them must differ by 0 or by 16 bytes at least, else the four-row loop does not
// run and the original loop runs every row. Hoisted invariants are loop-invariant and cannot trap.
// (A trap in the four-row loop, out of bounds, leaves up to three rows of that group
// differently written: a trap poisons the world anyway.)

/** Ops with an exact lane-wise equivalent: scalar op -> (module, operands) => v128. */
function laneOps(b, m) {
  const sign = (bits) => m.v128.const(new Uint8Array(new Uint32Array([bits, bits, bits, bits]).buffer));
  return {
    unary: new Map([
      [b.NegFloat32, m.f32x4.neg],
      [b.AbsFloat32, m.f32x4.abs],
      [b.SqrtFloat32, m.f32x4.sqrt],
      [b.CeilFloat32, m.f32x4.ceil],
      [b.FloorFloat32, m.f32x4.floor],
      [b.TruncFloat32, m.f32x4.trunc],
      [b.NearestFloat32, m.f32x4.nearest],
    ]),
    binary: new Map([
      [b.AddFloat32, m.f32x4.add],
      [b.SubFloat32, m.f32x4.sub],
      [b.MulFloat32, m.f32x4.mul],
      [b.DivFloat32, m.f32x4.div],
      // copysign(x, y): x's magnitude bits, y's sign bit (a bit operation in both forms).
      [b.CopySignFloat32, (x, y) => m.v128.or(m.v128.and(x, sign(0x7fffffff)), m.v128.and(y, sign(0x80000000)))],
      [b.AddInt32, m.i32x4.add],
      [b.SubInt32, m.i32x4.sub],
      [b.MulInt32, m.i32x4.mul],
      [b.AndInt32, m.v128.and],
      [b.OrInt32, m.v128.or],
      [b.XorInt32, m.v128.xor],
    ]),
    /** The shift's count stays a scalar i32: the loop does not change it. */
    shift: new Map([
      [b.ShlInt32, m.i32x4.shl],
      [b.ShrSInt32, m.i32x4.shr_s],
      [b.ShrUInt32, m.i32x4.shr_u],
    ]),
  };
}

class NotVectorizable extends Error {}

const no = () => {
  throw new NotVectorizable();
};

/**
 * What a value of the body is:
 *   { inv }          loop-invariant scalar (constants, locals the loop does not set, pure ops on them)
 *   { lane }         a row's value (a load of the row, an op on one), one lane per row
 *   { addr }         an i32 c + i*k + off, as { base, k, off } (base a local index or -1)
 * An invariant i32 is also an addr with k = 0.
 */
function classifier(b, ops, index, setInS) {
  // What a local the body sets holds now, set earlier in this row: an address, or a row's
  // value (kept in a v128 local). asc reuses locals, so this may change within a row.
  const addrOf = new Map();
  const laneLocals = new Set();
  const laneGets = new Set(); // the local.get / local.set expressions that are of a row's value
  const bases = new Map(); // base local -> whether a store writes through it
  const isLaneType = (t) => t === b.f32 || t === b.i32;

  /** The address of a 4-byte access of a lane type: must be `c + i*4` with offset 0. */
  const rowAccess = (info, type, store) => {
    const a = classify(info.ptr).addr;
    if (info.isAtomic || info.bytes !== 4 || info.offset !== 0 || !isLaneType(type)) no();
    if (a === undefined || a.base < 0 || a.k !== 4 || a.off !== 0) no();
    bases.set(a.base, (bases.get(a.base) ?? false) || store);
  };

  const add = (x, y, sign) =>
    x.base >= 0 && y.base >= 0
      ? undefined
      : { base: Math.max(x.base, y.base), k: x.k + sign * y.k, off: x.off + sign * y.off };

  const classify = (e) => {
    const id = b.getExpressionId(e);
    const info = b.getExpressionInfo(e);
    switch (id) {
      case b.ConstId:
        if (!isLaneType(info.type)) no();
        return { inv: true, addr: info.type === b.i32 ? { base: -1, k: 0, off: info.value } : undefined };
      case b.LocalGetId: {
        const l = info.index;
        if (l === index) return { addr: { base: -1, k: 1, off: 0 } };
        if (addrOf.has(l)) return { addr: addrOf.get(l) };
        if (laneLocals.has(l)) {
          laneGets.add(e);
          return { lane: true };
        }
        // Set in the body but not yet in this row: carried from the row before.
        if (setInS.has(l) || !isLaneType(info.type)) no();
        return { inv: true, addr: info.type === b.i32 ? { base: l, k: 0, off: 0 } : undefined };
      }
      case b.LocalSetId: {
        const v = classify(info.value);
        if (v.lane) {
          addrOf.delete(info.index);
          laneLocals.add(info.index);
          laneGets.add(e);
        } else if (v.addr !== undefined && v.addr.k !== 0 && !v.inv) {
          laneLocals.delete(info.index);
          addrOf.set(info.index, v.addr);
        } else no();
        return info.isTee ? v : {};
      }
      case b.LoadId:
        rowAccess(info, info.type, false);
        return { lane: true };
      case b.StoreId: {
        rowAccess(info, info.valueType, true);
        const v = classify(info.value);
        if (!v.lane && !v.inv) no();
        return {};
      }
      case b.UnaryId: {
        const v = classify(info.value);
        if (!ops.unary.has(info.op) || !(v.lane || v.inv)) no();
        return { lane: v.lane, inv: v.inv };
      }
      case b.BinaryId: {
        const l = classify(info.left);
        const r = classify(info.right);
        if (l.lane || r.lane) {
          if (ops.shift.has(info.op)) {
            if (!l.lane || !r.inv) no();
          } else if (!ops.binary.has(info.op) || !(l.lane || l.inv) || !(r.lane || r.inv)) no();
          return { lane: true };
        }
        const inv = l.inv && r.inv && (ops.binary.has(info.op) || ops.shift.has(info.op));
        let addr;
        const x = l.addr;
        const y = r.addr;
        const constant = (a) => (a !== undefined && a.base < 0 && a.k === 0 ? a.off : undefined);
        if (x !== undefined && y !== undefined) {
          if (info.op === b.AddInt32) addr = add(x, y, 1);
          else if (info.op === b.SubInt32 && y.base < 0 && y.k === 0) addr = add(x, y, -1);
          else if (info.op === b.ShlInt32 && x.base < 0 && constant(y) >= 0 && constant(y) < 16)
            addr = { base: -1, k: x.k * 2 ** constant(y), off: x.off * 2 ** constant(y) };
          else if (info.op === b.MulInt32 && x.base < 0 && constant(y) !== undefined)
            addr = { base: -1, k: x.k * constant(y), off: x.off * constant(y) };
          else if (info.op === b.MulInt32 && y.base < 0 && constant(x) !== undefined)
            addr = { base: -1, k: y.k * constant(x), off: y.off * constant(x) };
        }
        if (!inv && (addr === undefined || addr.k === 0)) no();
        return { inv, addr };
      }
      default:
        return no();
    }
  };
  return { classify, bases, laneGets };
}

/** The v128 form of a lane or invariant value `e` (classified before). */
function generator(b, m, ops, fn, index, setInS, laneGets, hoisted) {
  const vectorLocal = new Map(); // lane local -> its v128 local
  const vlocal = (l) => {
    if (!vectorLocal.has(l)) vectorLocal.set(l, b._BinaryenFunctionAddVar(fn, b.v128));
    return vectorLocal.get(l);
  };
  const splat = (e) => {
    const local = b._BinaryenFunctionAddVar(fn, b.v128);
    const value = m.copyExpression(e);
    hoisted.push(m.local.set(local, b.getExpressionType(e) === b.f32 ? m.f32x4.splat(value) : m.i32x4.splat(value)));
    return m.local.get(local, b.v128);
  };
  /** Whether e is invariant: no load, no index, no local the body sets. */
  const invariant = (e) => {
    const id = b.getExpressionId(e);
    const info = b.getExpressionInfo(e);
    if (id === b.ConstId) return true;
    if (id === b.LocalGetId) return info.index !== index && !setInS.has(info.index);
    if (id === b.UnaryId) return invariant(info.value);
    if (id === b.BinaryId) return invariant(info.left) && invariant(info.right);
    return false;
  };
  const vec = (e) => {
    if (invariant(e)) return splat(e);
    const id = b.getExpressionId(e);
    const info = b.getExpressionInfo(e);
    switch (id) {
      case b.LocalGetId:
        return m.local.get(vlocal(info.index), b.v128);
      case b.LocalSetId:
        return m.local.tee(vlocal(info.index), vec(info.value), b.v128);
      case b.LoadId:
        return m.v128.load(0, 4, m.copyExpression(info.ptr));
      case b.UnaryId:
        return ops.unary.get(info.op)(vec(info.value));
      case b.BinaryId:
        if (ops.shift.has(info.op)) return ops.shift.get(info.op)(vec(info.left), m.copyExpression(info.right));
        return ops.binary.get(info.op)(vec(info.left), vec(info.right));
      default:
        throw new Error(`vectorize: unexpected expression ${id} (a bug of wasm-ecs)`);
    }
  };
  /** A statement of the body: a store, a lane local set, or an address local set (kept scalar). */
  return (s) => {
    const id = b.getExpressionId(s);
    const info = b.getExpressionInfo(s);
    if (id === b.StoreId) return m.v128.store(0, 4, m.copyExpression(info.ptr), vec(info.value));
    if (laneGets.has(s)) return m.local.set(vlocal(info.index), vec(info.value));
    return m.copyExpression(s);
  };
}

/**
 * The v128 form of a counted loop's body `statements` (index local `index`), or undefined
 * when it does not fit: { body, hoisted, guard }, where body replaces the four copies,
 * hoisted are sets to run before the loop and guard an i32 expression that is non-zero
 * when the columns are far enough apart for the vector form (undefined: always).
 * readOutside(l) tells whether local l is read outside the loop.
 */
export function vectorizeBody(binaryen, m, fn, index, statements, readOutside) {
  const b = binaryen;
  const ops = laneOps(b, m);
  const setInS = new Set();
  // Through the kinds classify() accepts (it refuses any other).
  const children = new Map([
    [b.LocalSetId, (i) => [i.value]],
    [b.StoreId, (i) => [i.ptr, i.value]],
    [b.LoadId, (i) => [i.ptr]],
    [b.UnaryId, (i) => [i.value]],
    [b.BinaryId, (i) => [i.left, i.right]],
  ]);
  const sets = (e) => {
    const id = b.getExpressionId(e);
    const info = b.getExpressionInfo(e);
    if (id === b.LocalSetId) setInS.add(info.index);
    for (const c of children.get(id)?.(info) ?? []) sets(c);
  };
  for (const s of statements) sets(s);
  const { classify, bases, laneGets } = classifier(b, ops, index, setInS);
  try {
    let stores = 0;
    for (const s of statements) {
      const id = b.getExpressionId(s);
      if (id === b.StoreId) stores++;
      else if (id !== b.LocalSetId || b.getExpressionInfo(s).isTee) no();
      classify(s);
    }
    if (stores === 0) no();
  } catch (error) {
    if (error instanceof NotVectorizable) return undefined;
    throw error;
  }
  // A local set in the body keeps, after the loop, the last row's value in the scalar form.
  for (const l of setInS) if (readOutside(l)) return undefined;
  const hoisted = [];
  const statement = generator(b, m, ops, fn, index, setInS, laneGets, hoisted);
  const body = statements.map(statement);
  // Distinct columns with a store into one of them: 0 or at least 16 bytes apart.
  const list = [...bases.keys()];
  const apart = [];
  for (let x = 0; x < list.length; x++)
    for (let y = x + 1; y < list.length; y++) {
      if (!bases.get(list[x]) && !bases.get(list[y])) continue;
      const d = () => m.i32.sub(m.local.get(list[x], b.i32), m.local.get(list[y], b.i32));
      apart.push(m.i32.or(m.i32.eqz(d()), m.i32.gt_u(m.i32.add(d(), m.i32.const(15)), m.i32.const(30))));
    }
  const guard = apart.length === 0 ? undefined : apart.reduce((x, y) => m.i32.and(x, y));
  return { body, hoisted, guard };
}
