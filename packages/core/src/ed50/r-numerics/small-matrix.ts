/** Dense linear algebra for the few-parameter matrices of the pooled curve (row-major). */

/** Inverse by LU with partial pivoting (LAPACK dgesv's method); null if singular. */
export function invert(matrix: Float64Array, n: number): Float64Array | null {
  const a = Float64Array.from(matrix);
  const inverse = new Float64Array(n * n);
  for (let i = 0; i < n; i++) inverse[i * n + i] = 1;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++) {
      if (Math.abs(a[row * n + col]!) > Math.abs(a[pivot * n + col]!)) pivot = row;
    }
    const pivotValue = a[pivot * n + col]!;
    if (pivotValue === 0 || !Number.isFinite(pivotValue)) return null;
    if (pivot !== col) {
      swapRows(a, n, pivot, col);
      swapRows(inverse, n, pivot, col);
    }
    for (let row = 0; row < n; row++) {
      if (row === col) continue;
      const factor = a[row * n + col]! / pivotValue;
      if (factor === 0) continue;
      for (let k = 0; k < n; k++) {
        a[row * n + k] = a[row * n + k]! - factor * a[col * n + k]!;
        inverse[row * n + k] = inverse[row * n + k]! - factor * inverse[col * n + k]!;
      }
    }
  }
  for (let row = 0; row < n; row++) {
    const diagonal = a[row * n + row]!;
    for (let k = 0; k < n; k++) inverse[row * n + k] = inverse[row * n + k]! / diagonal;
  }
  return inverse;
}

/** 1-norm condition number, to mimic solve()'s "computationally singular" check. */
export function conditionNumber(matrix: Float64Array, inverse: Float64Array, n: number): number {
  return oneNorm(matrix, n) * oneNorm(inverse, n);
}

/** Inverse of a symmetric positive-definite matrix via Cholesky (R's chol2inv(chol(.))). */
export function invertPositiveDefinite(matrix: Float64Array, n: number): Float64Array | null {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = matrix[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(sum > 0)) return null;
        l[i * n + i] = Math.sqrt(sum);
      } else {
        l[i * n + j] = sum / l[j * n + j]!;
      }
    }
  }
  return invert(multiplyTransposed(l, n), n);
}

function multiplyTransposed(l: Float64Array, n: number): Float64Array {
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += l[i * n + k]! * l[j * n + k]!;
      out[i * n + j] = sum;
    }
  }
  return out;
}

function oneNorm(matrix: Float64Array, n: number): number {
  let norm = 0;
  for (let col = 0; col < n; col++) {
    let sum = 0;
    for (let row = 0; row < n; row++) sum += Math.abs(matrix[row * n + col]!);
    norm = Math.max(norm, sum);
  }
  return norm;
}

function swapRows(a: Float64Array, n: number, r1: number, r2: number): void {
  for (let k = 0; k < n; k++) {
    const t = a[r1 * n + k]!;
    a[r1 * n + k] = a[r2 * n + k]!;
    a[r2 * n + k] = t;
  }
}
