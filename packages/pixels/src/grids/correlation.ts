/**
 * Normalised correlation of two signed vectors (cosine similarity), 0 when either is flat; over the
 * cells a mask leaves in (non-zero: left out), when given.
 */
export function correlation(a: Int8Array, b: Int8Array, mask?: Uint8Array): number {
  if (mask || a.length > maxExactCells) return correlationInDoubles(a, b, mask);
  // Byte products summed in 32-bit integers: the same sums as in doubles (exact either way at this
  // length), a few times faster; outline choice and crop fitting correlate thousands of grids a photo.
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    ab = (ab + x * y) | 0;
    aa = (aa + x * x) | 0;
    bb = (bb + y * y) | 0;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** Most cells whose byte products (at most 128²) are sure to sum below 2^31. */
const maxExactCells = 2 ** 31 / 2 ** 14 - 1;

function correlationInDoubles(a: Int8Array, b: Int8Array, mask?: Uint8Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    if (mask?.[i]) continue;
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** Pearson correlation over the cells the mask leaves in (non-zero: left out), 0 when either is flat. */
export function pearson(a: Int8Array, b: Int8Array, mask: Uint8Array): number {
  let count = 0;
  let sa = 0;
  let sb = 0;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    if (mask[i]) continue;
    const x = a[i]!;
    const y = b[i]!;
    count++;
    sa += x;
    sb += y;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  if (count < 2) return 0;
  const cov = ab - (sa * sb) / count;
  const va = aa - (sa * sa) / count;
  const vb = bb - (sb * sb) / count;
  return va <= 0 || vb <= 0 ? 0 : cov / Math.sqrt(va * vb);
}
