import type { RgbImage } from '../image/raster.ts';

/**
 * Variance of the 4-neighbour Laplacian of luminance over the card, divided by the luminance
 * variance: focus blur lowers the first, while dividing by the second keeps plain and busy card
 * designs (and dim exposures) on one scale. Run on the rectified card near its photographed size.
 */
export function sharpness(card: RgbImage, margin: number): number {
  const { width: w, data } = card;
  const inset = margin + Math.round((w - 2 * margin) * 0.06);
  // Each pixel's luminance once: the Laplacian reads it five times.
  const plane = new Float64Array(w * card.height);
  for (let y = Math.max(0, inset - 1); y <= Math.min(card.height - 1, card.height - inset); y++) {
    for (let x = Math.max(0, inset - 1); x <= Math.min(w - 1, w - inset); x++) {
      const i = y * w + x;
      plane[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
    }
  }
  const luma = (i: number) => plane[i]!;
  let sum = 0;
  let sumSq = 0;
  let lap = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = inset; y < card.height - inset; y++) {
    for (let x = inset; x < w - inset; x++) {
      const i = y * w + x;
      const v = luma(i);
      const l = luma(i - 1) + luma(i + 1) + luma(i - w) + luma(i + w) - 4 * v;
      sum += v;
      sumSq += v * v;
      lap += l;
      lapSq += l * l;
      n++;
    }
  }
  if (n === 0) return 0;
  const variance = sumSq / n - (sum / n) ** 2;
  const lapVariance = lapSq / n - (lap / n) ** 2;
  return lapVariance / (variance + 1);
}
