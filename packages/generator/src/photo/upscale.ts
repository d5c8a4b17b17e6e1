/**
 * Doubles an image's size by bilinear interpolation with pixel centres aligned, cropping to the
 * requested size. With centres aligned the weights are always 1/4 and 3/4, so it runs in integer
 * arithmetic as two separable passes: several times faster than a general resampler.
 */
export function upscale2x(src: Buffer, width: number, height: number, channels: number, outWidth: number, outHeight: number): Buffer {
  // Horizontal pass, into 4× fixed point: out[2i] = a[i-1] + 3a[i], out[2i+1] = 3a[i] + a[i+1].
  const rows = new Uint16Array(height * outWidth * channels);
  const near = new Int32Array(outWidth);
  const far = new Int32Array(outWidth);
  for (let x = 0; x < outWidth; x++) {
    const i = x >> 1;
    near[x] = Math.min(i, width - 1) * channels;
    far[x] = Math.min(width - 1, Math.max(0, x & 1 ? i + 1 : i - 1)) * channels;
  }
  for (let y = 0; y < height; y++) {
    const s = y * width * channels;
    let o = y * outWidth * channels;
    if (channels === 3) {
      // The photo case, unrolled: this loop runs over a million times per photo.
      for (let x = 0; x < outWidth; x++, o += 3) {
        const n = s + near[x]!;
        const f = s + far[x]!;
        rows[o] = 3 * src[n]! + src[f]!;
        rows[o + 1] = 3 * src[n + 1]! + src[f + 1]!;
        rows[o + 2] = 3 * src[n + 2]! + src[f + 2]!;
      }
      continue;
    }
    for (let x = 0; x < outWidth; x++) {
      const n = s + near[x]!;
      const f = s + far[x]!;
      for (let c = 0; c < channels; c++) rows[o++] = 3 * src[n + c]! + src[f + c]!;
    }
  }
  const out = Buffer.allocUnsafe(outWidth * outHeight * channels);
  const stride = outWidth * channels;
  for (let y = 0; y < outHeight; y++) {
    const i = y >> 1;
    const n = Math.min(i, height - 1) * stride;
    const f = Math.min(height - 1, Math.max(0, y & 1 ? i + 1 : i - 1)) * stride;
    const o = y * stride;
    for (let k = 0; k < stride; k++) out[o + k] = (3 * rows[n + k]! + rows[f + k]! + 8) >> 4;
  }
  return out;
}
