import { THRESHOLD_KINDS, type ThresholdKind } from '../thresholds/threshold-kinds';
import { derivedColumns, type ColonyColumns, type ThresholdColumns } from './colony-columns';

/**
 * ColonyColumns as bytes, the "columns part" the server publishes next to each part of the feed
 * (decision 0041): decoding a part is copying arrays, not parsing JSON. Compact before deflate:
 * whole numbers are stored as offsets from their minimum in 1, 2 or 4 bytes; values that are
 * whole hundredths (the stored temperatures) as such, else as float64; lists per colony as
 * lengths. Every number decodes to exactly the value encoded. Little-endian throughout.
 */

const MAGIC = 0x4c4f4343; // 'CCOL' little-endian
/**
 * This layout: its version (bump it with any change) and the threshold kinds it holds. The
 * server names its stored parts by it, so parts of another layout are never read.
 */
export const COLONY_COLUMNS_LAYOUT = `1:${THRESHOLD_KINDS.join('.')}`;

type Width = 1 | 2 | 4;
const widthFor = (range: number): Width =>
  range < 0xff ? 1 : range < 0xffff ? 2 : range < 0xffffffff ? 4 : fail('range too wide');

function fail(message: string): never {
  throw new Error(`colony columns: ${message}`);
}

const FLOAT64 = 0;
const HUNDREDTHS = 1;

/** Typed arrays use the machine's byte order; the layout is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Reverses the bytes of each `width`-byte number in bytes[from, from + length). */
function reverseEach(bytes: Uint8Array, from: number, length: number, width: number) {
  for (let at = from; at < from + length; at += width) bytes.subarray(at, at + width).reverse();
}

class ByteWriter {
  private buffer = new Uint8Array(1 << 12);
  private view = new DataView(this.buffer.buffer);
  private length = 0;

  private reserve(bytes: number) {
    if (this.length + bytes <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + bytes) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
    this.view = new DataView(grown.buffer);
  }

  u8(value: number) {
    this.reserve(1);
    this.view.setUint8(this.length, value);
    this.length += 1;
  }

  u32(value: number) {
    this.reserve(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  i32(value: number) {
    this.reserve(4);
    this.view.setInt32(this.length, value, true);
    this.length += 4;
  }

  /** Unsigned whole numbers of one width, little-endian. */
  unsignedArray(values: ArrayLike<number>, width: Width, map: (value: number) => number) {
    const array = new (width === 1 ? Uint8Array : width === 2 ? Uint16Array : Uint32Array)(
      values.length,
    );
    for (let i = 0; i < values.length; i++) array[i] = map(values[i]!);
    this.raw(new Uint8Array(array.buffer), width);
  }

  /** The bytes of a typed array written in this machine's order, as little-endian. */
  private raw(bytes: Uint8Array, width: number) {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.length);
    if (!LITTLE_ENDIAN && width > 1) reverseEach(this.buffer, this.length, bytes.length, width);
    this.length += bytes.length;
  }

  f64Array(values: Float64Array) {
    this.raw(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), 8);
  }

  bytes(data: Uint8Array) {
    this.u32(data.length);
    this.reserve(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  /** Whole numbers (32-bit signed): their count, minimum, width and offsets from the minimum. */
  ints(values: ArrayLike<number>) {
    this.u32(values.length);
    if (values.length === 0) return;
    let min = Infinity;
    let max = -Infinity;
    for (let i = 0; i < values.length; i++) {
      const v = values[i]!;
      if (!Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31) {
        fail(`not a 32-bit integer: ${v}`);
      }
      if (v < min) min = v;
      if (v > max) max = v;
    }
    const width = widthFor(max - min);
    this.i32(min);
    this.u8(width);
    this.unsignedArray(values, width, (v) => v - min);
  }

  /** Lists per colony: the lengths of [start[i], start[i + 1]). */
  lengths(start: Int32Array) {
    const lengths = new Int32Array(start.length - 1);
    for (let i = 0; i < lengths.length; i++) lengths[i] = start[i + 1]! - start[i]!;
    this.ints(lengths);
  }

  /** Numbers or NaN: as whole hundredths when every one of them is one (exactly), else float64. */
  floats(values: Float64Array) {
    this.u32(values.length);
    const hundredths = asHundredths(values);
    if (!hundredths) {
      this.u8(FLOAT64);
      this.f64Array(values);
      return;
    }
    this.u8(HUNDREDTHS);
    const { scaled, min, max } = hundredths;
    // The width's largest offset marks NaN.
    const width = widthFor(max - min + 1);
    const missing = 2 ** (8 * width) - 1;
    this.i32(min);
    this.u8(width);
    this.unsignedArray(scaled, width, (v) => (Number.isNaN(v) ? missing : v - min));
  }

  strings(values: readonly string[]) {
    this.ints(values.map((v) => v.length));
    this.text(values.join(''));
  }

  text(value: string) {
    this.bytes(new TextEncoder().encode(value));
  }

  result(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/** The values ×100 when each is NaN or exactly n / 100 for a 32-bit n; else null. */
function asHundredths(values: Float64Array) {
  const scaled = new Float64Array(values.length);
  let min = 0;
  let max = 0;
  let any = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) {
      scaled[i] = Number.NaN;
      continue;
    }
    const n = Math.round(v * 100);
    if (n / 100 !== v || Object.is(v, -0) || Math.abs(n) >= 2 ** 31 - 1) return null;
    scaled[i] = n;
    if (!any || n < min) min = n;
    if (!any || n > max) max = n;
    any = true;
  }
  return { scaled, min, max };
}

class ByteReader {
  private readonly view: DataView;
  private position = 0;

  constructor(private readonly data: Uint8Array) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  u8() {
    return this.view.getUint8(this.position++);
  }

  u32() {
    const value = this.view.getUint32(this.position, true);
    this.position += 4;
    return value;
  }

  i32() {
    const value = this.view.getInt32(this.position, true);
    this.position += 4;
    return value;
  }

  bytes(): Uint8Array {
    const length = this.u32();
    const bytes = this.data.subarray(this.position, this.position + length);
    if (bytes.length !== length) fail('truncated');
    this.position += length;
    return bytes;
  }

  /** `length` little-endian bytes as a typed array of this machine's order (a copy, aligned). */
  private raw(length: number, width: number): ArrayBuffer {
    // A copy (new Uint8Array of a view copies; a Node Buffer's slice would not), so aligned.
    const bytes = new Uint8Array(this.data.subarray(this.position, this.position + length * width));
    if (bytes.length !== length * width) fail('truncated');
    if (!LITTLE_ENDIAN && width > 1) reverseEach(bytes, 0, bytes.length, width);
    this.position += bytes.length;
    return bytes.buffer;
  }

  private unsignedArray(length: number, width: number) {
    if (width === 1) return new Uint8Array(this.raw(length, 1));
    if (width === 2) return new Uint16Array(this.raw(length, 2));
    if (width === 4) return new Uint32Array(this.raw(length, 4));
    return fail(`bad width ${width}`);
  }

  ints(): Int32Array {
    const values = new Int32Array(this.u32());
    if (values.length === 0) return values;
    const min = this.i32();
    const offsets = this.unsignedArray(values.length, this.u8());
    for (let i = 0; i < values.length; i++) values[i] = min + offsets[i]!;
    return values;
  }

  /** The start offsets of lists stored as lengths. */
  starts(): Int32Array {
    const lengths = this.ints();
    const start = new Int32Array(lengths.length + 1);
    for (let i = 0; i < lengths.length; i++) start[i + 1] = start[i]! + lengths[i]!;
    return start;
  }

  floats(): Float64Array {
    const length = this.u32();
    const mode = this.u8();
    if (mode === FLOAT64) return new Float64Array(this.raw(length, 8));
    if (mode !== HUNDREDTHS) fail(`bad number mode ${mode}`);
    const values = new Float64Array(length);
    const min = this.i32();
    const width = this.u8();
    const missing = 2 ** (8 * width) - 1;
    const offsets = this.unsignedArray(length, width);
    for (let i = 0; i < length; i++) {
      const offset = offsets[i]!;
      values[i] = offset === missing ? Number.NaN : (min + offset) / 100;
    }
    return values;
  }

  strings(): string[] {
    const lengths = this.ints();
    const text = this.text();
    const values: string[] = [];
    let at = 0;
    for (const length of lengths) {
      values.push(text.slice(at, at + length));
      at += length;
    }
    return values;
  }

  text(): string {
    return new TextDecoder().decode(this.bytes());
  }

  end() {
    if (this.position !== this.data.length) fail('trailing bytes');
  }
}

export function encodeColonyColumns(columns: ColonyColumns): Uint8Array {
  const out = new ByteWriter();
  out.u32(MAGIC);
  out.text(COLONY_COLUMNS_LAYOUT);
  out.u32(columns.count);
  out.ints(columns.ids);
  out.floats(columns.siteLatitude);
  out.floats(columns.siteLongitude);
  out.ints(columns.siteOf);
  out.strings(columns.species);
  out.ints(columns.speciesOf);
  out.strings(columns.projects);
  out.lengths(columns.projectStart);
  out.ints(columns.projectOf);
  out.lengths(columns.yearStart);
  out.ints(columns.years);
  for (const kind of THRESHOLD_KINDS) {
    const t = columns.thresholds[kind];
    out.lengths(t.start);
    out.floats(t.absolute);
    out.floats(t.relative);
    out.ints(t.untrustworthy);
  }
  out.lengths(columns.nameStart);
  out.text(columns.nameText);
  return out.result();
}

/** The columns encoded by encodeColonyColumns; throws on bytes of another layout. */
export function decodeColonyColumns(bytes: Uint8Array): ColonyColumns {
  const input = new ByteReader(bytes);
  if (bytes.length < 4 || input.u32() !== MAGIC) fail('not a columns part');
  const header = input.text();
  if (header !== COLONY_COLUMNS_LAYOUT) fail(`layout ${header}, expected ${COLONY_COLUMNS_LAYOUT}`);
  const count = input.u32();
  const ids = input.ints();
  const siteLatitude = input.floats();
  const siteLongitude = input.floats();
  const siteOf = input.ints();
  const species = input.strings();
  const speciesOf = input.ints();
  const projects = input.strings();
  const projectStart = input.starts();
  const projectOf = input.ints();
  const yearStart = input.starts();
  const years = input.ints();
  const thresholds = {} as Record<ThresholdKind, ThresholdColumns>;
  for (const kind of THRESHOLD_KINDS) {
    const start = input.starts();
    const absolute = input.floats();
    const relative = input.floats();
    const untrustworthy = Uint8Array.from(input.ints());
    thresholds[kind] = { start, absolute, relative, untrustworthy };
  }
  const nameStart = input.starts();
  const nameText = input.text();
  input.end();
  if ([ids, siteOf, speciesOf].some((a) => a.length !== count)) fail('column lengths differ');
  return {
    count,
    ids,
    siteLatitude,
    siteLongitude,
    siteOf,
    species,
    speciesOf,
    projects,
    projectStart,
    projectOf,
    yearStart,
    years,
    thresholds,
    nameText,
    nameStart,
    ...derivedColumns(thresholds, count),
  };
}
