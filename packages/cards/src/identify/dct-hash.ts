/** A 64-bit perceptual hash as 16 hex digits: signs of the lowest DCT frequencies against their median. */
export function dctHash(gray32: Float32Array): string {
  const n = 32;
  const k = 8;
  const cos = new Float64Array(k * n);
  for (let u = 0; u < k; u++) for (let x = 0; x < n; x++) cos[u * n + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * n));
  // Separable DCT, only the k×k low frequencies the hash keeps.
  const rows = new Float64Array(n * k);
  for (let y = 0; y < n; y++) {
    for (let u = 0; u < k; u++) {
      let s = 0;
      for (let x = 0; x < n; x++) s += gray32[y * n + x]! * cos[u * n + x]!;
      rows[y * k + u] = s;
    }
  }
  const coefficients: number[] = [];
  for (let v = 0; v < k; v++) {
    for (let u = 0; u < k; u++) {
      let s = 0;
      for (let y = 0; y < n; y++) s += rows[y * k + u]! * cos[v * n + y]!;
      coefficients.push(s);
    }
  }
  // The DC term only says how bright the photo is.
  const ac = coefficients.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let hex = '';
  for (let nibble = 0; nibble < 16; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) value = (value << 1) | ((coefficients[nibble * 4 + bit]! > median ? 1 : 0));
    hex += value.toString(16);
  }
  return hex;
}

/** Differing bits between two hashes, 0..64. */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < 16; i++) {
    let x = parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}
