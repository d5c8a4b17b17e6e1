import type { RgbImage } from '@assay/pixels';
import type { Circle } from './find-circles.ts';

// Tuning numbers of the photo cues: all hand-set when the cues were written (63a414b) and not
// measured alone since; the coin benchmark's count and presentation figures are what they move.

/** Foreground: farther from the table colour than this floor, or than this many times the border's own 95th-percentile distance. */
const foregroundFloor = 28;
const borderPercentile = 0.95;
const overBorder = 1.6;
/** Foreground within this many radii of a coin's centre is that coin's (its shadow, its rim's blur). */
const coinReach = 1.25;
/** Two coins closer than this share of their radii's sum overlap (a pile). */
const overlapShare = 0.92;
/** The border band the table's colour is read from, as a share of the short side (at least two pixels). */
const borderBand = 0.03;
/** Samples round each coin's surround, at these radii over its own. */
const surroundSamples = 48;
const surroundRadii = [1.3, 1.45];
/** Foreground regions of fewer pixels are noise. */
const minRegion = 12;

/*
 * What a coin photo shows besides its round coins, measured on the downscaled photo: something
 * large and elongated that is not a coin (a roll), coins lying over each other (a pile), coins
 * lying on something other than the table around them (a set's holder).
 */

export interface PhotoCues {
  /** Foreground not explained by any round coin, as a share of the photo. */
  unexplained: number;
  /** Length over width of the largest unexplained foreground region (1 for none). */
  elongation: number;
  /** Share of the photo that largest unexplained region covers. */
  largestShare: number;
  /** Pairs of found coins that overlap each other. */
  overlaps: number;
  /** Colour difference between the surface right around the coins and the photo's border, 0..~440. */
  surroundContrast: number;
}

export function photoCues(image: RgbImage, circles: readonly Circle[]): PhotoCues {
  const { width, height, data } = image;
  const border = borderColour(image);
  const distance = (i: number) => {
    const r = data[i * 3]! - border[0];
    const g = data[i * 3 + 1]! - border[1];
    const b = data[i * 3 + 2]! - border[2];
    return Math.sqrt(r * r + g * g + b * b);
  };
  // The table's own variation (grain, vignetting) sets the bar for "not table".
  const borderDistances: number[] = [];
  forBorder(width, height, (i) => borderDistances.push(distance(i)));
  borderDistances.sort((a, b) => a - b);
  const threshold = Math.max(foregroundFloor, (borderDistances[Math.floor(borderDistances.length * borderPercentile)] ?? 0) * overBorder);

  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (distance(i) < threshold) continue;
      if (circles.some((c) => (x - c.x) ** 2 + (y - c.y) ** 2 < (c.r * coinReach) ** 2)) continue;
      mask[i] = 1;
    }
  }
  const regions = components(mask, width, height);
  const total = regions.reduce((s, r) => s + r.area, 0);
  const largest = regions.sort((a, b) => b.area - a.area)[0];

  let overlaps = 0;
  for (let i = 0; i < circles.length; i++) {
    for (let j = i + 1; j < circles.length; j++) {
      const [a, b] = [circles[i]!, circles[j]!];
      if (Math.hypot(a.x - b.x, a.y - b.y) < (a.r + b.r) * overlapShare) overlaps++;
    }
  }

  return {
    unexplained: total / (width * height),
    elongation: largest ? largest.elongation : 1,
    largestShare: largest ? largest.area / (width * height) : 0,
    overlaps,
    surroundContrast: surroundContrast(image, circles, border),
  };
}

/** Median colour of the photo's outer frame (3% each side): the table. */
function borderColour(image: RgbImage): [number, number, number] {
  const channels: number[][] = [[], [], []];
  forBorder(image.width, image.height, (i) => {
    for (let c = 0; c < 3; c++) channels[c]!.push(image.data[i * 3 + c]!);
  });
  return channels.map((values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0) as [number, number, number];
}

function forBorder(width: number, height: number, visit: (i: number) => void) {
  const band = Math.max(2, Math.round(Math.min(width, height) * borderBand));
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      if (x < band || y < band || x >= width - band || y >= height - band) visit(y * width + x);
    }
  }
}

/** Median colour distance, over the coins, of a ring just outside each coin from the table colour. */
function surroundContrast(image: RgbImage, circles: readonly Circle[], border: [number, number, number]): number {
  const per: number[] = [];
  for (const c of circles) {
    const values: number[][] = [[], [], []];
    for (let k = 0; k < surroundSamples; k++) {
      const t = (2 * Math.PI * k) / surroundSamples;
      for (const share of surroundRadii) {
        const x = Math.round(c.x + c.r * share * Math.cos(t));
        const y = Math.round(c.y + c.r * share * Math.sin(t));
        if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
        const i = (y * image.width + x) * 3;
        for (let ch = 0; ch < 3; ch++) values[ch]!.push(image.data[i + ch]!);
      }
    }
    if (values[0]!.length === 0) continue;
    const median = values.map((v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)]!);
    per.push(Math.hypot(median[0]! - border[0], median[1]! - border[1], median[2]! - border[2]));
  }
  per.sort((a, b) => a - b);
  return per.length > 0 ? per[Math.floor(per.length / 2)]! : 0;
}

interface Region {
  area: number;
  elongation: number;
}

/** 4-connected regions of the mask with their area and elongation (ratio of the second-moment axes). */
function components(mask: Uint8Array, width: number, height: number): Region[] {
  const label = new Int32Array(mask.length);
  const regions: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    let [n, sx, sy, sxx, syy, sxy] = [0, 0, 0, 0, 0, 0];
    label[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, y > 0 ? i - width : -1, y < height - 1 ? i + width : -1]) {
        if (j >= 0 && mask[j] && !label[j]) {
          label[j] = 1;
          stack.push(j);
        }
      }
    }
    if (n < minRegion) continue;
    const [mx, my] = [sx / n, sy / n];
    const [a, b, c] = [sxx / n - mx * mx, syy / n - my * my, sxy / n - mx * my];
    const root = Math.sqrt(((a - b) / 2) ** 2 + c * c);
    const major = (a + b) / 2 + root;
    const minor = Math.max(1e-6, (a + b) / 2 - root);
    regions.push({ area: n, elongation: Math.sqrt(major / minor) });
  }
  return regions;
}
