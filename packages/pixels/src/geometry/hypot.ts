/**
 * `Math.hypot` of two or three numbers, bit for bit, without its allocation: V8's builtin takes its
 * arguments as a list and allocates on every call (megabytes per photo where locating scores
 * thousands of quads). Finite values follow its algorithm exactly: each divided by the largest, the
 * squares summed with Kahan's compensation, the root scaled back; anything else goes to the builtin.
 * A plain `Math.sqrt(x * x + y * y)` differs in the last bit now and then.
 */
export function hypot(x: number, y: number): number {
  const a = Math.abs(x);
  const b = Math.abs(y);
  const largest = a > b ? a : b;
  // Zero, infinite and NaN arguments: the builtin's special cases.
  if (!(largest > 0 && largest < Infinity) || a !== a || b !== b) return Math.hypot(x, y);
  const p = a / largest;
  const q = b / largest;
  // The first square is the sum exactly, so the compensation the second would carry is zero.
  return Math.sqrt(p * p + q * q) * largest;
}

/** `Math.hypot(x, y, z)`, bit for bit (see `hypot`). */
export function hypot3(x: number, y: number, z: number): number {
  const a = Math.abs(x);
  const b = Math.abs(y);
  const c = Math.abs(z);
  const largest = Math.max(a, b, c);
  if (!(largest > 0 && largest < Infinity) || a !== a || b !== b || c !== c) return Math.hypot(x, y, z);
  const p = a / largest;
  const q = b / largest;
  const r = c / largest;
  // Kahan summation as the builtin does it: the third square carries the second's rounding error.
  const first = p * p;
  const second = q * q;
  const sum = first + second;
  const compensation = sum - first - second;
  return Math.sqrt(sum + (r * r - compensation)) * largest;
}
