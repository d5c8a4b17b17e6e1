import { hypot3, type RgbImage } from '@assay/pixels';
import type { FrameInset } from './frame-centering.ts';
import { deepestBorder, insetAlong, insetFirstDepth, insetRunBreak, insetRunDepth, insetRuns, insetSpread, patternAlong, patternDepth, rimPixels } from './knobs.ts';

type Side = 'left' | 'right' | 'top' | 'bottom';

/**
 * The uniform printed border of a flat, upright face image (a catalog reference), as fractions of
 * its width and height; 0 on an axis without one. Catalogs give a front's frame but not a back's,
 * so back centering needs this: walk inward from each edge until the colour changes, at several
 * places per side. A real border is equally deep all along a side; full-bleed art is not.
 *
 * Also where the reference's own frame sits (`drawn`): artwork drawn at one resolution and scaled
 * to another is rarely centred to the pixel (the sample's fronts are 36/35 px at 600 wide), and a
 * print shift is a shift from the reference's frame, not from the exact middle; and the border
 * pattern (`framePattern`) a photographed side is matched against.
 */
export function measureFrameInset(face: RgbImage): FrameInset {
  const axis = (a: Side, b: Side, size: number) => {
    const [ra, rb] = [borderRuns(face, a), borderRuns(face, b)];
    const median = (r: number[]) => r[r.length >> 1]!;
    // Runs start at depth 3 (inside the antialiased rim): one ending there found no border at all.
    const steady = (r: number[]) => r[11]! - r[3]! <= Math.max(insetSpread.pixels, size * insetSpread.share) && median(r) > insetFirstDepth && median(r) < size * deepestBorder;
    if (!steady(ra) || !steady(rb)) return { inset: 0, drawn: 0.5 };
    const [da, db] = [subPixelDepth(face, a, median(ra)), subPixelDepth(face, b, median(rb))];
    return { inset: (median(ra) + median(rb)) / 2 / size, drawn: da / (da + db) };
  };
  const x = axis('left', 'right', face.width);
  const y = axis('top', 'bottom', face.height);
  if (x.inset === 0 && y.inset === 0) return { x: 0, y: 0 };
  return { x: x.inset, y: y.inset, drawn: { horizontal: x.drawn, vertical: y.drawn }, pattern: framePattern(face) };
}

/** Pixel offset along the inward normal from `side`, at sample place `k` of the side. */
function sampler(face: RgbImage, side: Side, k: number): (d: number) => number {
  const { width: w, height: h } = face;
  const horizontal = side === 'left' || side === 'right';
  const length = horizontal ? h : w;
  const depth = horizontal ? w : h;
  const across = Math.floor(length * (insetAlong.from + (insetAlong.span * k) / (insetRuns + 1)));
  return (d: number) => {
    const along = side === 'right' || side === 'bottom' ? depth - 1 - d : d;
    return (horizontal ? across * w + along : along * w + across) * 3;
  };
}

/** Colour difference between two pixel offsets (sum over channels). */
function difference(data: Uint8Array, a: number, b: number): number {
  return Math.abs(data[a]! - data[b]!) + Math.abs(data[a + 1]! - data[b + 1]!) + Math.abs(data[a + 2]! - data[b + 2]!);
}

/** Border depth in pixels at each sample place along a side, sorted. */
function borderRuns(face: RgbImage, side: Side): number[] {
  const depth = side === 'left' || side === 'right' ? face.width : face.height;
  const runs: number[] = [];
  for (let k = 1; k <= insetRuns; k++) {
    const offset = sampler(face, side, k);
    // The outermost pixels may be antialiased against the background; the border colour is inside them.
    const ref = offset(Math.min(rimPixels, depth - 1));
    let d = insetFirstDepth;
    for (; d < depth * insetRunDepth; d++) if (difference(face.data, offset(d), ref) > insetRunBreak) break;
    runs.push(d);
  }
  return runs.sort((a, b) => a - b);
}

/**
 * The border's depth to a fraction of a pixel, averaged over the sample places whose run ends
 * within a pixel of the median: where the colour change from the border crosses half its full
 * size, between pixel centres (an antialiased frame edge is a partly covered pixel).
 */
function subPixelDepth(face: RgbImage, side: Side, median: number): number {
  const depth = side === 'left' || side === 'right' ? face.width : face.height;
  let sum = 0;
  let n = 0;
  for (let k = 1; k <= insetRuns; k++) {
    const offset = sampler(face, side, k);
    const ref = offset(Math.min(rimPixels, depth - 1));
    let d = insetFirstDepth;
    for (; d < depth * insetRunDepth; d++) if (difference(face.data, offset(d), ref) > insetRunBreak) break;
    if (Math.abs(d - median) > 1 || d + 1 >= depth) continue;
    const full = Math.max(difference(face.data, offset(d), ref), difference(face.data, offset(d + 1), ref));
    const half = full / 2;
    while (d > insetFirstDepth && difference(face.data, offset(d - 1), ref) > half) d--;
    const inside = difference(face.data, offset(d), ref);
    const outside = difference(face.data, offset(d - 1), ref);
    // Pixel d − 1 is border, pixel d frame: the change crosses half between their centres.
    sum += d - 0.5 + (inside > outside ? (half - outside) / (inside - outside) : 0.5);
    n++;
  }
  return n > 0 ? sum / n : median;
}

/**
 * A face's border pattern: on each side, the colour-step strength at each depth inward from the
 * card's edge, averaged along the middle 60% of the side exactly as `borderProfiles` does on a
 * photographed card. `steps[d]` is centred half a pixel past depth d. Taken on the reference (a
 * centred print), it is what a photographed side is matched against to see how far its print
 * moved. JSON-safe: plain arrays, a tenth of a unit.
 */
export interface FramePattern {
  width: number;
  height: number;
  left: number[];
  right: number[];
  top: number[];
  bottom: number[];
}

export function framePattern(face: RgbImage): FramePattern {
  const side = (s: Side) => {
    const { width: w, height: h, data } = face;
    const horizontal = s === 'left' || s === 'right';
    const length = horizontal ? h : w;
    const depth = Math.ceil((horizontal ? w : h) * patternDepth);
    const from = Math.round(length * patternAlong.from);
    const to = Math.round(length * patternAlong.to);
    const profile = new Float64Array(depth * 3);
    for (let d = 0; d < depth; d++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let t = from; t < to; t++) {
        const x = s === 'left' ? d : s === 'right' ? w - 1 - d : t;
        const y = s === 'top' ? d : s === 'bottom' ? h - 1 - d : t;
        const o = (y * w + x) * 3;
        r += data[o]!;
        g += data[o + 1]!;
        b += data[o + 2]!;
      }
      profile[d * 3] = r / (to - from);
      profile[d * 3 + 1] = g / (to - from);
      profile[d * 3 + 2] = b / (to - from);
    }
    const steps: number[] = [0];
    for (let d = 1; d < depth - 1; d++) {
      const step = hypot3(
        profile[(d + 1) * 3]! - profile[(d - 1) * 3]!,
        profile[(d + 1) * 3 + 1]! - profile[(d - 1) * 3 + 1]!,
        profile[(d + 1) * 3 + 2]! - profile[(d - 1) * 3 + 2]!,
      );
      steps.push(Math.round(step * 10) / 10);
    }
    return steps;
  };
  return { width: face.width, height: face.height, left: side('left'), right: side('right'), top: side('top'), bottom: side('bottom') };
}
