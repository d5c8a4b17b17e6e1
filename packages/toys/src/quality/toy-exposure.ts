import { encode, exposure, toneGrid, type Exposure } from '@assay/pixels';
import type { ToyFeatures } from '../identify/object-features.ts';

const [columns, rows] = toneGrid;

/**
 * Shadow and glare over a toy, judged as cards are (`exposure`, on a card-shaped tone grid) on the
 * toy's colour layout against its matched reference's: tone grids over the object's box, the
 * photo's at its own light (`luma`: the object's mean luminance), the reference's at the same mean,
 * so only where the light fell differs. Cells one of them lacks (the table, the backdrop around a
 * toy that is not a box) take their nearest shared cell's tones: a shadow's edge runs on across them
 * rather than breaking at every gap.
 */
export function toyExposure(photo: ToyFeatures, reference: ToyFeatures, luma: number): Exposure | null {
  const side = Math.round(Math.sqrt(photo.layout.length));
  const shared: number[] = [];
  for (let i = 0; i < photo.layout.length; i++) if (photo.layout[i] && reference.layout[i]) shared.push(i);
  // Too little in common to say where the light fell.
  if (shared.length < photo.layout.length / 5) return null;
  const nearest = new Int32Array(photo.layout.length).map((_, i) => {
    const [x, y] = [i % side, Math.floor(i / side)];
    let best = shared[0]!;
    let distance = Infinity;
    for (const j of shared) {
      const d = (x - (j % side)) ** 2 + (y - Math.floor(j / side)) ** 2;
      if (d < distance) [best, distance] = [j, d];
    }
    return best;
  });
  const tone = (layout: ToyFeatures['layout']) =>
    encode(
      Float32Array.from({ length: columns * rows }, (_, k) => {
        const cell = Math.floor(((Math.floor(k / columns) + 0.5) * side) / rows) * side + Math.floor((((k % columns) + 0.5) * side) / columns);
        return Math.min(255, (layout[nearest[cell]!]![2] / 100) * (luma + 1));
      }),
      0.5,
    );
  return exposure(tone(photo.layout), tone(reference.layout));
}
