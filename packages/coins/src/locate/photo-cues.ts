import { chroma, type RgbImage } from '@assay/pixels';
import type { Circle } from './find-circles.ts';

// Tuning numbers of the photo cues: all hand-set when the cues were written (63a414b) and not
// measured alone since; the coin benchmark's count and presentation figures are what they move.

/** Foreground: farther from the table colour than this floor, or than this many times the border's own 95th-percentile distance. */
const foregroundFloor = 28;
const borderPercentile = 0.95;
const overBorder = 1.6;
/**
 * Hue's least bar for "not table" (as `foregroundFloor` is colour's), in units of @assay/pixels'
 * chroma. Hue is looked at because a lamp or a vignette scales the light on the table and leaves its
 * hue alone: on a held-out set photo under a lamp off to one side the frame's colours spread so far
 * (95th percentile 141 from their median) that a claret holder on a beige table (55 from it) was no
 * object, while its hue stood far off the frame's. On development sets under such a lamp (a scratch
 * script over generatedCoinRequest, seeds 1100–1111, vignette 0.4, the lamp near the top) 11 of 24
 * photos were read as sets, 21 with hue (this file's own at first; with chroma the sets below and
 * the benchmark's answers are the same). Set by reasoning (a few per cent of the brightness), then
 * moved on the development world of sets laid out any way (tools/evaluate-coins.ts 1211 40
 * `only=set arranged=1`; 0.85 of the requests right without hue): 0.02, 0.04, 0.08 gave 0.95,
 * 0.95, 0.925 (measured with that first hue, its shadows floored at a brightness of 150; 75 and
 * 300 gave 0.95 and 0.925).
 */
const hueFloor = 0.04;
/** Foreground within this many radii of a coin's centre is that coin's (its shadow, its rim's blur). */
const coinReach = 1.25;
/** Two coins closer than this share of their radii's sum overlap (a pile). */
const overlapShare = 0.92;
/** The border band the table's colour is read from, as a share of the short side (at least two pixels). */
const borderBand = 0.03;
/** Samples round each coin's surround, at these radii over its own. */
const surroundSamples = 48;
const surroundRadii = [1.3, 1.45];
/**
 * An object's edge is a step: across three pixels, its colour changes by at least this share of
 * the foreground bar, along at least this share of its edge beside the table. A lamp's lit patch
 * or a vignette's dark corner passes the bar by a slope: on development seeds (tools/evaluate-coins.ts)
 * `group lamp=0.7` (1206) every region over 1 % of the photo, 52 of 52, had 0.00 of its edge
 * stepped; the holders of `only=set arranged=1` (1211) 0.09–0.99, median 0.94, 2 of 70 over 5 %
 * of the photo under 0.5. Without it a lit patch around a group was read as a holder (1206:
 * presentation 0.925 → 1, identity 184 → 203 of 209, with the other changes of its commit).
 */
const stepShare = 0.5;
const steppedEdge = 0.5;
/**
 * A coin is held by an object when this share of its surround (surroundRadii) lies on it. Set by
 * reasoning: a coin in a holder has the holder all round but where a neighbour's reach or the
 * title comes close; not swept.
 */
const heldSurround = 0.6;
/**
 * A held coin lies apart from every other circle, their centres this many times their radii's sum
 * apart: a holder's recesses keep its coins apart, while the zeros of a roll's printed value
 * ("$25.00"), round and clean, stand side by side. On development seeds (tools/evaluate-coins.ts
 * worlds, photo by photo) opened rolls `only=roll arranged=1` (1212) taken for sets 3 → 0 of 56
 * photos, sets (1211) 67 of 80 either way.
 */
const heldApart = 1.1;
/** Foreground regions of fewer pixels are noise. */
const minRegion = 12;

/*
 * What a coin photo shows besides its round coins, measured on the downscaled photo: something
 * large and elongated that is not a coin (a roll), coins lying over each other (a pile), coins
 * lying on something other than the table around them (a set's holder).
 */

export interface PhotoCues {
  /** Foreground not explained by any round coin, as a share of the photo: regions with a stepped edge (objects, not light). */
  unexplained: number;
  /** Length over width of the largest unexplained foreground region (1 for none). */
  elongation: number;
  /** Share of the photo that largest unexplained region covers. */
  largestShare: number;
  /** Pairs of found coins that overlap each other. */
  overlaps: number;
  /** Colour difference between the surface right around the coins and the photo's border, 0..~440. */
  surroundContrast: number;
  /**
   * The most `holdable` coins one object holds: an object other than the table (a region with a
   * stepped edge) around most of each one's surround. A holder's coins lie on it; a group's on the table.
   */
  heldCoins: number;
}

/** `holdable`: the circles that count among an object's held coins (see PhotoCues.heldCoins). */
export function photoCues(image: RgbImage, circles: readonly Circle[], holdable: (c: Circle) => boolean): PhotoCues {
  const { width, height, data } = image;
  const border = borderColour(image);
  const distance = (i: number) => {
    const r = data[i * 3]! - border[0];
    const g = data[i * 3 + 1]! - border[1];
    const b = data[i * 3 + 2]! - border[2];
    return Math.sqrt(r * r + g * g + b * b);
  };
  // Hue, pixel by pixel (chroma's two planes): a lamp or a vignette scales the light on the table,
  // which leaves its hue alone (see hueFloor).
  const pixels = width * height;
  const hue = chroma(data, width, height, width, height);
  const borderHue = [frameMedian(image, hue.subarray(0, pixels), 1)[0]!, frameMedian(image, hue.subarray(pixels), 1)[0]!];
  const hueBetween = (i: number, j: number) => Math.hypot(hue[i]! - hue[j]!, hue[pixels + i]! - hue[pixels + j]!);
  const hueDistance = (i: number) => Math.hypot(hue[i]! - borderHue[0]!, hue[pixels + i]! - borderHue[1]!);
  // The table's own variation (grain, vignetting) sets the bar for "not table", in colour and in hue.
  const bar = (measure: (i: number) => number, floor: number) => {
    const distances: number[] = [];
    forBorder(width, height, (i) => distances.push(measure(i)));
    distances.sort((a, b) => a - b);
    return Math.max(floor, (distances[Math.floor(distances.length * borderPercentile)] ?? 0) * overBorder);
  };
  const threshold = bar(distance, foregroundFloor);
  const hueThreshold = bar(hueDistance, hueFloor);

  // 1: foreground; 2: a coin's (its reach), whatever its colour.
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (circles.some((c) => (x - c.x) ** 2 + (y - c.y) ** 2 < (c.r * coinReach) ** 2)) mask[i] = 2;
      else if (distance(i) >= threshold || hueDistance(i) >= hueThreshold) mask[i] = 1;
    }
  }
  const between = (i: number, j: number) => Math.hypot(data[i * 3]! - data[j * 3]!, data[i * 3 + 1]! - data[j * 3 + 1]!, data[i * 3 + 2]! - data[j * 3 + 2]!);
  const label = new Int32Array(mask.length);
  // A step at a region's edge: its colour a pixel inside and two outside differ by a share of the bar.
  const stepped = (inside: number, outside: number) => {
    const across = outside - inside;
    const [from, to] = [inside - across, outside + across];
    const [fx, tx] = [from % width, to % width];
    if (Math.min(from, to) < 0 || Math.max(from, to) >= mask.length || Math.abs(fx - tx) > 3) return true;
    return between(from, to) >= threshold * stepShare || hueBetween(from, to) >= hueThreshold * stepShare;
  };
  // Objects only: a lamp's lit patch or a dark corner is table, its edge a slope, not a step.
  const regions = components(mask, width, height, label, stepped).filter((r) => r.boundary === 0 || r.edged >= r.boundary * steppedEdge);
  // The coins an object holds: those whose surround lies mostly on it (a holder's; a group's lie
  // on the table), counting those with a coin's clean rim lying apart (a roll's stack is ragged).
  const held = new Map<number, number>();
  for (const c of circles) {
    if (!holdable(c) || circles.some((o) => o !== c && Math.hypot(o.x - c.x, o.y - c.y) < (o.r + c.r) * heldApart)) continue;
    const on = new Map<number, number>();
    const ring = surroundPixels(c, width, height);
    for (const i of ring) {
      const id = label[i]!;
      if (id > 0) on.set(id, (on.get(id) ?? 0) + 1);
    }
    const seen = ring.length;
    for (const [id, count] of on) if (count >= seen * heldSurround) held.set(id, (held.get(id) ?? 0) + 1);
  }
  const heldCoins = Math.max(0, ...regions.map((r) => held.get(r.id) ?? 0));
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
    heldCoins,
  };
}


/** Median colour of the photo's outer frame (3% each side): the table. */
const borderColour = (image: RgbImage) => frameMedian(image, image.data, 3) as [number, number, number];

/** The median of each of a pixel's `channels` values (`values`, pixel by pixel) over the photo's outer frame. */
function frameMedian(image: RgbImage, values: ArrayLike<number>, channels: number): number[] {
  const perChannel: number[][] = Array.from({ length: channels }, () => []);
  forBorder(image.width, image.height, (i) => {
    for (let c = 0; c < channels; c++) perChannel[c]!.push(values[i * channels + c]!);
  });
  return perChannel.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0);
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
    for (const i of surroundPixels(c, image.width, image.height)) for (let ch = 0; ch < 3; ch++) values[ch]!.push(image.data[i * 3 + ch]!);
    if (values[0]!.length === 0) continue;
    const median = values.map((v) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)]!);
    per.push(Math.hypot(median[0]! - border[0], median[1]! - border[1], median[2]! - border[2]));
  }
  per.sort((a, b) => a - b);
  return per.length > 0 ? per[Math.floor(per.length / 2)]! : 0;
}

/** The pixels (indices) of a coin's surround inside the image: `surroundSamples` angles at each of `surroundRadii`. */
function surroundPixels(c: Circle, width: number, height: number): number[] {
  const pixels: number[] = [];
  for (let k = 0; k < surroundSamples; k++) {
    const t = (2 * Math.PI * k) / surroundSamples;
    for (const share of surroundRadii) {
      const x = Math.round(c.x + c.r * share * Math.cos(t));
      const y = Math.round(c.y + c.r * share * Math.sin(t));
      if (x >= 0 && y >= 0 && x < width && y < height) pixels.push(y * width + x);
    }
  }
  return pixels;
}

interface Region {
  area: number;
  elongation: number;
  id: number;
  /** Its pixels beside the table, and those of them at a step (see components' `stepped`). */
  boundary: number;
  edged: number;
}

/**
 * 4-connected regions of the mask's foreground (1) with their area, elongation (ratio of the
 * second-moment axes) and edge beside the table (0), each pixel labelled with its region's id.
 */
function components(mask: Uint8Array, width: number, height: number, label: Int32Array, stepped: (inside: number, outside: number) => boolean): Region[] {
  let next = 0;
  const regions: Region[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] !== 1 || label[start]) continue;
    let [n, sx, sy, sxx, syy, sxy, boundary, edged] = [0, 0, 0, 0, 0, 0, 0, 0];
    const id = ++next;
    label[start] = id;
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
        if (j >= 0 && mask[j] === 0) {
          boundary++;
          if (stepped(i, j)) edged++;
        }
        if (j >= 0 && mask[j] === 1 && !label[j]) {
          label[j] = id;
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
    regions.push({ id, area: n, elongation: Math.sqrt(major / minor), boundary, edged });
  }
  return regions;
}
