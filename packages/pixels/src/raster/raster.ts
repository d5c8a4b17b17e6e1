/** 8-bit RGB pixels, row by row, 3 bytes each. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** One float per pixel (luminance 0..255 unless stated otherwise), row by row. */
export interface GrayImage {
  width: number;
  height: number;
  data: Float32Array;
}

/**
 * Rec. 601 luma of one pixel (0..255 channels), in doubles: what JPEG itself encodes, so blockiness
 * and blur are measured where the codec acts. Every luminance the engine computes is this one.
 */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** The image's `luma`, pixel by pixel (as 32-bit floats). */
export function toGray(image: RgbImage): GrayImage {
  const { width, height, data } = image;
  const out = new Float32Array(width * height);
  for (let i = 0, j = 0; i < out.length; i++, j += 3) {
    out[i] = luma(data[j]!, data[j + 1]!, data[j + 2]!);
  }
  return { width, height, data: out };
}
