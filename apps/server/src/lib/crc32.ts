/**
 * CRC-32 as gzip computes it (ISO 3309, reflected polynomial 0xEDB88320), and the combination of
 * two CRCs without the data, as zlib's crc32_combine: a gzip file assembled from separately
 * compressed pieces needs the CRC of the whole from the CRCs of the pieces (Node 20 has no
 * zlib.crc32). Pure functions; values are unsigned 32-bit integers.
 */

const POLY = 0xedb88320;

/** Slicing-by-8 tables: eight bytes per step, several times faster than a byte at a time. */
const TABLES: Uint32Array[] = (() => {
  const tables = Array.from({ length: 8 }, () => new Uint32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
    tables[0]![n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[0]![n]!;
    for (let t = 1; t < 8; t++) {
      c = tables[0]![c & 0xff]! ^ (c >>> 8);
      tables[t]![n] = c >>> 0;
    }
  }
  return tables;
})();

/** The CRC-32 of `data`, continuing from `crc` (the CRC of the bytes before it; 0 to start). */
export function crc32(data: Uint8Array, crc = 0): number {
  const [t0, t1, t2, t3, t4, t5, t6, t7] = TABLES as [
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
    Uint32Array,
  ];
  let c = ~crc >>> 0;
  let i = 0;
  const end8 = data.length - (data.length % 8);
  while (i < end8) {
    const a =
      (c ^ (data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16) | (data[i + 3]! << 24))) >>> 0;
    c =
      t7[a & 0xff]! ^
      t6[(a >>> 8) & 0xff]! ^
      t5[(a >>> 16) & 0xff]! ^
      t4[a >>> 24]! ^
      t3[data[i + 4]!]! ^
      t2[data[i + 5]!]! ^
      t1[data[i + 6]!]! ^
      t0[data[i + 7]!]!;
    i += 8;
  }
  while (i < data.length) c = t0[(c ^ data[i++]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** a·b modulo the CRC polynomial (bit-reflected, x^0 in the top bit), as zlib's multmodp. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m /= 2;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) modulo the polynomial, k = 0..31 (zlib's x2n_table). */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let n = 1; n < 32; n++) table.push((p = multModP(p, p)));
  return table;
})();

/** x^(n·2^k) modulo the polynomial. */
function x2nModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n > 0) {
    if (n % 2 === 1) p = multModP(X2N[k % 32]!, p);
    n = Math.floor(n / 2);
    k++;
  }
  return p;
}

/**
 * The CRC-32 of A followed by B, from crc32(A), crc32(B) and B's length in bytes (zlib's
 * crc32_combine): shifting crc1 through len2 zero bytes is a multiplication by x^(8·len2).
 */
export function crc32Combine(crc1: number, crc2: number, len2: number): number {
  return (multModP(x2nModP(len2, 3), crc1) ^ crc2) >>> 0;
}
