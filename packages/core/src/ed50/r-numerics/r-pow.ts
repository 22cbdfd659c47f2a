/**
 * R's `x ^ y` for doubles (arithmetic.c's R_POW / R_pow): x * x for y = 2, 1 for x = 1 or y = 0,
 * else C's pow(), glibc's on Linux. glibc's pow is correctly rounded but for rare arguments
 * (documented error bound 0.52 ulp; on 30,000 arguments of the LL.5 model's range, 13 differed
 * from the correctly rounded value), while V8's `**` differs from it in the last bit for about
 * 6 % of them. So this computes the correctly rounded power: log(x) and exp(y · log(x)) in
 * double-double arithmetic (about 100 bits), rounded once at the end.
 *
 * Used by drc's LL.5 model, the one curve of the calculator with a free power (f); on its
 * reference cases it decides whether R's BFGS takes the same path (decision 0030).
 */
export function rPow(x: number, y: number): number {
  if (y === 2) return x * x;
  if (x === 1 || y === 0) return 1;
  if (!(x > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return x ** y;
  const log = ddLog(x);
  const t = mulDouble(log.hi, log.lo, y);
  // Outside about (2^-1000, 2^1000) scaling by 2^k could lose bits or overflow: leave those to
  // V8 (they never occur with the calculator's curves, whose bases lie in [1, Infinity]).
  if (!(Math.abs(t.hi) < 690)) return x ** y;
  const result = ddExp(t.hi, t.lo);
  return result.hi + result.lo;
}

interface DoubleDouble {
  hi: number;
  lo: number;
}

const SPLITTER = 134217729; // 2^27 + 1
const LN2_HI = 0.6931471805599453;
const LN2_MID = 2.3190468138462996e-17;
const LN2_LO = 5.707708438416212e-34;
/** exp's argument is reduced by 2^REDUCTION before its Taylor series, then squared back. */
const REDUCTION = 10;
const TAYLOR_TERMS = 11;

function twoProduct(a: number, b: number): DoubleDouble {
  const p = a * b;
  let c = SPLITTER * a;
  const aHi = c - (c - a);
  const aLo = a - aHi;
  c = SPLITTER * b;
  const bHi = c - (c - b);
  const bLo = b - bHi;
  return { hi: p, lo: aHi * bHi - p + aHi * bLo + aLo * bHi + aLo * bLo };
}

function normalise(hi: number, lo: number): DoubleDouble {
  const s = hi + lo;
  return { hi: s, lo: lo - (s - hi) };
}

function add(aHi: number, aLo: number, bHi: number, bLo: number): DoubleDouble {
  const s = aHi + bHi;
  const v = s - aHi;
  const e = aHi - (s - v) + (bHi - v);
  return normalise(s, e + aLo + bLo);
}

function mul(aHi: number, aLo: number, bHi: number, bLo: number): DoubleDouble {
  const p = twoProduct(aHi, bHi);
  return normalise(p.hi, p.lo + (aHi * bLo + aLo * bHi));
}

function mulDouble(aHi: number, aLo: number, b: number): DoubleDouble {
  const p = twoProduct(aHi, b);
  return normalise(p.hi, p.lo + aLo * b);
}

function divideByInteger(aHi: number, aLo: number, n: number): DoubleDouble {
  const q1 = aHi / n;
  const p = twoProduct(q1, n);
  const r = add(aHi, aLo, -p.hi, -p.lo);
  return normalise(q1, (r.hi + r.lo) / n);
}

/** exp(hi + lo) to about 100 bits: t = k ln 2 + r, exp(r / 2^10) by Taylor, squared 10 times. */
function ddExp(hi: number, lo: number): DoubleDouble {
  const k = Math.round(hi / LN2_HI);
  // r = t - k (LN2_HI + LN2_MID + LN2_LO), the first product exactly.
  const product = twoProduct(k, LN2_HI);
  let r = add(hi, lo, -product.hi, -product.lo);
  r = add(r.hi, r.lo, -k * LN2_MID, -k * LN2_LO);
  const scale = 2 ** -REDUCTION;
  const s = { hi: r.hi * scale, lo: r.lo * scale };
  let p: DoubleDouble = { hi: 1, lo: 0 };
  for (let n = TAYLOR_TERMS; n >= 1; n--) {
    const term = divideByInteger(p.hi, p.lo, n);
    const product2 = mul(s.hi, s.lo, term.hi, term.lo);
    p = add(1, 0, product2.hi, product2.lo);
  }
  for (let i = 0; i < REDUCTION; i++) p = mul(p.hi, p.lo, p.hi, p.lo);
  const power = 2 ** k;
  return { hi: p.hi * power, lo: p.lo * power };
}

/** log(x) to about 100 bits: l = log(x) in double, then l + log(x · exp(-l)). */
function ddLog(x: number): DoubleDouble {
  const l = Math.log(x);
  const e = ddExp(-l, 0);
  const xe = mulDouble(e.hi, e.lo, x);
  const u = add(xe.hi, xe.lo, -1, 0);
  // log(1 + u) = u - u^2 / 2 + ...; |u| is about 2^-52, so u^2 / 2 is the last term needed.
  const correction = u.hi - (u.hi * u.hi) / 2 + u.lo;
  return add(l, 0, correction, 0);
}
