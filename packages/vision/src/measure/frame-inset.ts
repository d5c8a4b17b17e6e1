import type { RgbImage } from '../image/raster.ts';
import type { FrameInset } from './frame-centering.ts';

type Side = 'left' | 'right' | 'top' | 'bottom';

/** Colour change (sum of channel differences) that ends a border run. */
const runBreak = 60;
/** Runs sampled across each side, between 20% and 80% of its length. */
const samples = 15;
/** Depth a run starts from. */
const firstDepth = 3;

/**
 * The uniform printed border of a flat, upright face image (a catalog reference), as fractions of
 * its width and height; 0 on an axis without one. Catalogs give a front's frame but not a back's,
 * so back centering needs this: walk inward from each edge until the colour changes, at several
 * places per side. A real border is equally deep all along a side; full-bleed art is not.
 */
export function measureFrameInset(face: RgbImage): FrameInset {
  const axis = (a: Side, b: Side, size: number) => {
    const [ra, rb] = [borderRuns(face, a), borderRuns(face, b)];
    const median = (r: number[]) => r[r.length >> 1]!;
    // Runs start at depth 3 (inside the antialiased rim): one ending there found no border at all.
    const steady = (r: number[]) => r[11]! - r[3]! <= Math.max(2, size * 0.004) && median(r) > firstDepth && median(r) < size * 0.29;
    return steady(ra) && steady(rb) ? (median(ra) + median(rb)) / 2 / size : 0;
  };
  return { x: axis('left', 'right', face.width), y: axis('top', 'bottom', face.height) };
}

/** Border depth in pixels at each sample place along a side, sorted. */
function borderRuns(face: RgbImage, side: Side): number[] {
  const { width: w, height: h, data } = face;
  const horizontal = side === 'left' || side === 'right';
  const length = horizontal ? h : w;
  const depth = horizontal ? w : h;
  const runs: number[] = [];
  for (let k = 1; k <= samples; k++) {
    const across = Math.floor(length * (0.2 + (0.6 * k) / (samples + 1)));
    const offset = (d: number) => {
      const along = side === 'right' || side === 'bottom' ? depth - 1 - d : d;
      return ((horizontal ? across * w + along : along * w + across) * 3);
    };
    // The outermost pixels may be antialiased against the background; the border colour is inside them.
    const ref = offset(Math.min(2, depth - 1));
    let d = firstDepth;
    for (; d < depth * 0.3; d++) {
      const o = offset(d);
      if (Math.abs(data[o]! - data[ref]!) + Math.abs(data[o + 1]! - data[ref + 1]!) + Math.abs(data[o + 2]! - data[ref + 2]!) > runBreak) break;
    }
    runs.push(d);
  }
  return runs.sort((a, b) => a - b);
}
