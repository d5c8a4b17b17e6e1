import { edgeMap, floodFromBorder, type RgbImage } from '@assay/pixels';

/** One object standing on the table, in work-image pixels. */
export interface LocatedObject {
  /** Bounding box: left, top, right, bottom (exclusive). */
  box: [number, number, number, number];
  /** Pixels of the object (its outline filled), as a share of the image. */
  area: number;
  /** 1 inside the object, 0 elsewhere, over the box (box width × height, row by row). */
  mask: Uint8Array;
  /** Other plausible extents of the same object (shadow trimmed, clutter cut loose), in image pixels. */
  alternatives?: Pick<LocatedObject, 'box' | 'mask'>[];
}

/** Edges are grown by this many pixels so an outline broken by a low-contrast stretch still closes. */
const bridge = 2;
/** Objects smaller than this share of the photo are clutter (pens, notes, coins), not a subject. */
const minArea = 0.012;

/**
 * Objects on a tabletop: strong colour edges (the table's texture and soft shadows stay below the
 * photo's edge threshold) grown a little, and whatever they enclose filled, so a toy becomes one
 * solid blob; blobs largest first. Anything touching the photo's border that is small stays clutter.
 */
export function locateObjects(image: RgbImage): LocatedObject[] {
  const { width: w, height: h } = image;
  // Smoothing first: wood grain and fabric weave are fine lines a toy's outline is not.
  const smoothed = smooth(smooth(image));
  const edges = edgeMap(smoothed);
  // Above the photo's own edge level and clearly above the table's texture.
  const threshold = Math.max(minThreshold, edges.threshold * thresholdFactor, ringLevel(edges.magnitude, w, h) * ringFactor);
  const solid = new Uint8Array(w * h);
  for (let i = 0; i < solid.length; i++) if (edges.magnitude[i]! > threshold) solid[i] = 1;
  const filled = fillEnclosed(dilate(solid, w, h, bridge), w, h);
  // Colours far from the table's own count too: a dark box on a dark table may have no strong edge.
  const off = unlikeTable(smoothed, w, h);
  for (let i = 0; i < filled.length; i++) if (off[i]) filled[i] = 1;
  // Shrinking one step further than the growth, then growing back, drops streaks of grain stuck to the toy.
  const opened = dilate(erode(filled, w, h, bridge + opening), w, h, opening);
  const parts = merge(components(opened, w, h), w, h);
  return parts
    .filter((c) => c.area >= minArea)
    .sort((a, b) => b.area - a.area)
    .map((o) => {
      const found = alternatives(o);
      const whole = stacked(o, parts, w, h);
      if (whole) found.push(whole);
      const padded = standingOn(o, parts, w, h);
      if (padded) found.push(padded);
      return { ...o, alternatives: found };
    });
}

/** Parts smaller than this share of the photo are specks, not pieces of a toy. */
const minPart = 0.004;

/**
 * The object with the parts standing on it: a toy whose pieces are cut apart by bands of its own
 * colour close to the table's (a tower on its base, a head above a body) comes apart into blobs
 * stacked one above the other. Each part above, spanning mostly within the object's width and close
 * over it, joins; the union is one more reading of the object's extent, for matching to judge.
 */
function stacked(object: LocatedObject, parts: LocatedObject[], w: number, h: number): Pick<LocatedObject, 'box' | 'mask'> | null {
  let whole = object;
  let grown = false;
  for (let more = true; more; ) {
    more = false;
    for (const part of parts) {
      if (part === object || part.area < minPart || part.area > object.area) continue;
      if (part.box[0] >= whole.box[0] && part.box[1] >= whole.box[1] && part.box[2] <= whole.box[2] && part.box[3] <= whole.box[3]) continue;
      const overlap = Math.min(whole.box[2], part.box[2]) - Math.max(whole.box[0], part.box[0]);
      const above = part.box[3] <= (whole.box[1] + whole.box[3]) / 2;
      const gap = whole.box[1] - part.box[3];
      if (!above || overlap < stackOverlap * (part.box[2] - part.box[0]) || gap > stackGap * h) continue;
      whole = union(whole, part, w, h);
      grown = more = true;
    }
  }
  return grown ? { box: whole.box, mask: whole.mask } : null;
}

/**
 * The object with the ground pad it stands on: a wide flat part below it, across its feet, that its
 * own cast shadow parted from it (a pad wider than the toy is not merged, see merge). One more
 * reading of the object's extent: catalog images show toys on such a pad.
 */
function standingOn(object: LocatedObject, parts: LocatedObject[], w: number, h: number): Pick<LocatedObject, 'box' | 'mask'> | null {
  const width = object.box[2] - object.box[0];
  const height = object.box[3] - object.box[1];
  const pad = parts
    .filter((part) => {
      if (part === object || part.area < minPart || part.area > object.area) return false;
      const [pw, ph] = [part.box[2] - part.box[0], part.box[3] - part.box[1]];
      const overlap = Math.min(object.box[2], part.box[2]) - Math.max(object.box[0], part.box[0]);
      const gap = part.box[1] - object.box[3];
      // Flat, about as wide as the toy or wider, under most of it, and close below.
      return ph < padHeight * height && pw >= padWidth * width && overlap >= padUnder * Math.min(width, pw) && part.box[1] > (object.box[1] + object.box[3]) / 2 && gap <= padGap * h;
    })
    .sort((a, b) => a.box[1] - b.box[1])[0];
  if (!pad) return null;
  const joined = union(object, pad, w, h);
  return { box: joined.box, mask: joined.mask };
}

/** Largest gap, as a share of the photo's height, between a toy and the pad it stands on: pale legs lost against the table widen it (tuned on seed 1300). */
const padGap = 0.25;

/** Largest gap, as a share of the photo's height, between stacked parts of one toy. */
const stackGap = 0.04;
/** A part stacked above joins when the object spans at least this share of the part's width (3d98995, a tower on its base); not measured alone. */
const stackOverlap = 0.8;
/**
 * A ground pad is flatter than this share of the toy's height, at least this share of its width,
 * and under at least this share of the narrower of the two (97a4f28, toy parted from its pad by its
 * shadow); hand-set, not measured alone.
 */
const padHeight = 0.4;
const padWidth = 0.6;
const padUnder = 0.6;

/**
 * Other readings of an object's extent, for matching to choose from: cut loose from clutter touching
 * it (a note, a pen) by a deeper opening. (Trimming cast shadows was tried and lost as much as it won.)
 */
function alternatives(object: LocatedObject): Pick<LocatedObject, 'box' | 'mask'>[] {
  const [x0, y0, x1, y1] = object.box;
  const [bw, bh] = [x1 - x0, y1 - y0];
  const readings = [dilate(erode(object.mask, bw, bh, separation), bw, bh, separation)];
  const found: Pick<LocatedObject, 'box' | 'mask'>[] = [];
  for (const mask of readings) {
    const largest = components(mask, bw, bh).sort((a, b) => b.area - a.area)[0];
    // Only a reading that keeps most of the object and differs from it is worth matching.
    if (!largest || largest.area * bw * bh < minKept * countOf(object.mask)) continue;
    if (largest.area * bw * bh > maxKept * countOf(object.mask)) continue;
    found.push({ box: [largest.box[0] + x0, largest.box[1] + y0, largest.box[2] + x0, largest.box[3] + y0], mask: largest.mask });
  }
  return found;
}

const countOf = (mask: Uint8Array) => mask.reduce((n, v) => n + v, 0);
/** Clutter touching an object through a neck thinner than twice this many pixels is cut loose. */
const separation = 6;
/** A cut-loose reading counts when it keeps at least this share of the object and drops more than the rest of this share (a8c5a12); hand-set. */
const minKept = 0.4;
const maxKept = 0.97;

/** Edge strength below which nothing counts, and the share of the photo's own edge threshold. */
const minThreshold = 50;
const thresholdFactor = 1.2;
/** Edges must beat the table's 95th-percentile edge (see ringLevel) by this factor (tuned on seed 1001). */
const ringFactor = 1.3;
/** Streaks thinner than twice this are not part of an object. */
const opening = 2;
/** The table's edges are read in an outer ring this share of the short side deep, at this percentile; hand-set when written (f2a2c6d). */
const edgeRing = 0.1;
const ringPercentile = 0.95;

/**
 * The table's own edge strength: a high percentile of the edges in the outer ring of the photo,
 * where the subject rarely reaches and the texture (wood grain, fabric) shows plainly.
 */
function ringLevel(magnitude: Float32Array, w: number, h: number): number {
  const ring = Math.round(edgeRing * Math.min(w, h));
  const values: number[] = [];
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      if (x >= ring && x < w - ring && y >= ring && y < h - ring) continue;
      values.push(magnitude[y * w + x]!);
    }
  }
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length * ringPercentile)] ?? 0;
}

/** Chromaticity distance from the table's colour beyond which a pixel is not table (tuned on seeds 1000–1999). */
const tableChromaDistance = 0.06;
/**
 * Set with objects found by colour unlike the table's (ee87acc), hand-set and not measured alone:
 * chromaticity bins a side; the offset added to a pixel's channel sum, so dark pixels' chromaticity
 * stays calm; the ring the table's colours are read in, as a share of the short side; the share of
 * that ring the table's bins hold; the fine grid's cells a side.
 */
const tableBins = 24;
const darkOffset = 30;
const colourRing = 0.08;
const tableHeld = 0.9;
const fineCells = 96;

/**
 * Pixels whose chromaticity is far from every colour of the table's outer ring: the ring's colours
 * are gathered in a coarse chromaticity histogram (common bins only, so clutter on the ring does not
 * count as table), and a pixel is off the table when no common bin lies within reach.
 */
function unlikeTable(image: RgbImage, w: number, h: number): Uint8Array {
  const bins = tableBins;
  const at = (v: number) => Math.max(0, Math.min(bins - 1, Math.floor(((v + 0.5) / 1) * bins)));
  const chroma = (p: number): [number, number] => {
    const [r, g, b] = [image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!];
    const sum = r + g + b + darkOffset;
    return [(r - g) / sum, (b - (r + g) / 2) / sum];
  };
  const ring = Math.round(colourRing * Math.min(w, h));
  const counts = new Uint32Array(bins * bins);
  let n = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (x >= ring && x < w - ring && y >= ring && y < h - ring) continue;
      const [a, b] = chroma(y * w + x);
      counts[at(a) * bins + at(b)]!++;
      n++;
    }
  }
  // Table bins: the commonest, until they hold 90 % of the ring.
  const order = [...counts.keys()].sort((a, b) => counts[b]! - counts[a]!);
  const table: [number, number][] = [];
  let held = 0;
  for (const bin of order) {
    if (held >= tableHeld * n) break;
    held += counts[bin]!;
    table.push([(Math.floor(bin / bins) + 0.5) / bins - 0.5, ((bin % bins) + 0.5) / bins - 0.5]);
  }
  // Off-table or not, per cell of a fine chromaticity grid: one lookup per pixel.
  const fine = fineCells;
  const lookup = new Uint8Array(fine * fine);
  for (let i = 0; i < fine; i++) {
    for (let j = 0; j < fine; j++) {
      const [a, b] = [(i + 0.5) / fine - 0.5, (j + 0.5) / fine - 0.5];
      lookup[i * fine + j] = table.every(([ta, tb]) => Math.hypot(a - ta, b - tb) > tableChromaDistance) ? 1 : 0;
    }
  }
  const cell = (v: number) => Math.max(0, Math.min(fine - 1, Math.floor((v + 0.5) * fine)));
  const off = new Uint8Array(w * h);
  for (let p = 0; p < off.length; p++) {
    const [a, b] = chroma(p);
    off[p] = lookup[cell(a) * fine + cell(b)]!;
  }
  return off;
}



/** [1 2 1] blur in both directions. */
function smooth(image: RgbImage): RgbImage {
  const { width: w, height: h, data } = image;
  const tmp = new Uint8Array(data.length);
  const out = new Uint8Array(data.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = Math.max(0, x - 1);
      const r = Math.min(w - 1, x + 1);
      for (let c = 0; c < 3; c++) tmp[(y * w + x) * 3 + c] = (data[(y * w + l) * 3 + c]! + 2 * data[(y * w + x) * 3 + c]! + data[(y * w + r) * 3 + c]! + 2) >> 2;
    }
  }
  for (let y = 0; y < h; y++) {
    const u = Math.max(0, y - 1);
    const d = Math.min(h - 1, y + 1);
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 3; c++) out[(y * w + x) * 3 + c] = (tmp[(u * w + x) * 3 + c]! + 2 * tmp[(y * w + x) * 3 + c]! + tmp[(d * w + x) * 3 + c]! + 2) >> 2;
    }
  }
  return { width: w, height: h, data: out };
}

/** A part below an object joins it only when at least this share of the object's width (tuned on seeds 1000–1999). */
const mergeWidth = 0.4;
/** …and joins only when under at least this share of its own width, no farther below than this share of the photo's height; hand-set when written (f2a2c6d). */
const mergeUnder = 0.6;
const mergeGap = 0.2;

/**
 * A part lying under another object, overlapping it across, is the same toy: a base or the shadow
 * pad it stands on, cut off by a faint edge. Toys side by side (two toys) stay apart, and so do a note
 * or pen lying below (narrow beside the object).
 */
function merge(found: LocatedObject[], w: number, h: number): LocatedObject[] {
  const objects = [...found].sort((a, b) => b.area - a.area);
  for (let i = 0; i < objects.length; i++) {
    for (let j = objects.length - 1; j > i; j--) {
      const [a, b] = [objects[i]!, objects[j]!];
      const overlap = Math.min(a.box[2], b.box[2]) - Math.max(a.box[0], b.box[0]);
      const below = b.box[1] >= (a.box[1] + a.box[3]) / 2;
      // A base or shadow pad spans much of the toy's width; a note or pen lying below it does not.
      const wide = b.box[2] - b.box[0] >= mergeWidth * (a.box[2] - a.box[0]);
      if (!below || !wide || overlap < mergeUnder * (b.box[2] - b.box[0]) || b.box[1] - a.box[3] > mergeGap * h) continue;
      objects[i] = union(a, b, w, h);
      objects.splice(j, 1);
    }
  }
  return objects;
}

function union(a: LocatedObject, b: LocatedObject, w: number, h: number): LocatedObject {
  const box: LocatedObject['box'] = [Math.min(a.box[0], b.box[0]), Math.min(a.box[1], b.box[1]), Math.max(a.box[2], b.box[2]), Math.max(a.box[3], b.box[3])];
  const bw = box[2] - box[0];
  const mask = new Uint8Array(bw * (box[3] - box[1]));
  for (const o of [a, b]) {
    const ow = o.box[2] - o.box[0];
    for (let i = 0; i < o.mask.length; i++) if (o.mask[i]) mask[(Math.floor(i / ow) + o.box[1] - box[1]) * bw + (i % ow) + o.box[0] - box[0]] = 1;
  }
  return { box, area: a.area + b.area, mask };
}

/** Square dilation by separable passes. */
function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return pass(pass(mask, w, h, r, true, 1), w, h, r, true, w);
}

function erode(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  return pass(pass(mask, w, h, r, false, 1), w, h, r, false, w);
}

/**
 * One separable max (dilate) or min (erode) pass along x (step 1) or y (step w), by running counts
 * over each line: O(pixels) whatever the radius.
 */
function pass(mask: Uint8Array, w: number, h: number, r: number, grow: boolean, step: number): Uint8Array {
  const out = new Uint8Array(mask.length);
  const [lines, along, lineStep] = step === 1 ? [h, w, w] : [w, h, 1];
  const prefix = new Int32Array(along + 1);
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    for (let i = 0; i < along; i++) prefix[i + 1] = prefix[i]! + mask[base + i * step]!;
    for (let i = 0; i < along; i++) {
      const lo = Math.max(0, i - r);
      const hi = Math.min(along, i + r + 1);
      const set = prefix[hi]! - prefix[lo]!;
      // Outside the photo counts as background for growing and as object for shrinking, so objects cut by the frame keep their edge.
      out[base + i * step] = grow ? (set > 0 ? 1 : 0) : set === hi - lo ? 1 : 0;
    }
  }
  return out;
}

/** Everything the background cannot reach from the photo's border without crossing an edge. */
function fillEnclosed(mask: Uint8Array, w: number, h: number): Uint8Array {
  const outside = floodFromBorder(w, h, (p) => !mask[p]);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < out.length; i++) out[i] = outside[i] ? 0 : 1;
  return out;
}

/** 8-connected blobs with their boxes and masks. */
function components(mask: Uint8Array, w: number, h: number): LocatedObject[] {
  const label = new Int32Array(mask.length);
  const found: LocatedObject[] = [];
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    const pixels: number[] = [];
    const stack = [start];
    label[start] = next;
    let [x0, y0, x1, y1] = [w, h, 0, 0];
    while (stack.length > 0) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % w;
      const y = (p - x) / w;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x + 1); y0 = Math.min(y0, y); y1 = Math.max(y1, y + 1);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
          const q = ny * w + nx;
          if (mask[q] && !label[q]) {
            label[q] = next;
            stack.push(q);
          }
        }
      }
    }
    const bw = x1 - x0;
    const local = new Uint8Array(bw * (y1 - y0));
    for (const p of pixels) local[(Math.floor(p / w) - y0) * bw + (p % w) - x0] = 1;
    found.push({ box: [x0, y0, x1, y1], area: pixels.length / mask.length, mask: local });
  }
  return found;
}
