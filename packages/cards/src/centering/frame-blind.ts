import { hypot3, type Rect, type RgbImage } from '@assay/pixels';
import type { Centering } from '../grade/card-scale.ts';
import {
  alongRange,
  borderStepDivisor,
  coarseTilt,
  edgeSearch,
  firstBorderStep,
  flatRunUp,
  frameBlindInset,
  maxDisagreement,
  maxTilt,
  minBorderStep,
  minLikeness,
  outerMinStep,
  ringDepth,
  ringWidth,
  runUp,
  runUpMinStep,
  segments,
  tiltJudged,
  tiltStep,
} from './knobs.ts';

/** Border widths of one face in pixels of the rectified card, and the shares they make. */
export interface BorderMeasurement {
  left: number;
  right: number;
  top: number;
  bottom: number;
  centering: Centering;
}

export interface CenteringOptions {
  /** Pixels of background around the card in the rectified image. */
  margin: number;
  /** Deepest a printed frame may sit, as a share of the card's width or height. */
  maxInset?: number;
  /** Read each side at the slant that makes its steps sharpest (default), or square to the outline. */
  slant?: boolean;
}

type Side = 'left' | 'right' | 'top' | 'bottom';

/**
 * Measures the four borders between the card's edge and its printed frame. Each side's colour profile
 * is averaged along the middle 60% of the side first: the frame edge is straight and adds up, while
 * art, text and JPEG noise average away. The card edge is the strongest step near where the rectified
 * card starts; the frame edge is the first step inward at least a third as strong as the strongest
 * there, located to a fraction of a pixel by a parabola through the peak. Pure-JS over ≈4×0.6×H
 * samples of the rectified image: 0.4 ms measured.
 */
export function measureBorders(card: RgbImage, options: CenteringOptions): BorderMeasurement | null {
  const readings = readBorders(card, options);
  return (options.slant ?? true) ? readings.borders : readings.square;
}

/** What one pass over a rectified card's four sides gives. */
export interface BorderReadings {
  /** The sides' step profiles, each read at its sharpest slant, to `maxInset` deep. */
  profiles: BorderProfiles | null;
  /** Frame-blind border widths from those profiles (frames no deeper than a fifth of the card). */
  borders: BorderMeasurement | null;
  /** The same read square to the outline's sides. */
  square: BorderMeasurement | null;
}

/** Profiles and both kinds of frame-blind borders from one read of each side's pixels. */
export function readBorders(card: RgbImage, options: CenteringOptions): BorderReadings {
  const slantedSides: Partial<BorderProfiles> = {};
  const squareSides: Partial<BorderProfiles> = {};
  let slantedOk = true;
  let squareOk = true;
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    const read = sideReadings(card, side, options);
    if (read.slanted) slantedSides[side] = read.slanted;
    else slantedOk = false;
    if (read.square) squareSides[side] = read.square;
    else squareOk = false;
  }
  const profiles = slantedOk ? (slantedSides as BorderProfiles) : null;
  const limit = (p: SideProfile) => Math.ceil(options.margin + p.span * Math.min(frameBlindInset, options.maxInset ?? frameBlindInset)) - 1;
  return {
    profiles,
    borders: profiles && agreeingBorders(profiles, limit),
    square: squareOk ? bordersFrom(squareSides as BorderProfiles, limit) : null,
  };
}

function bordersFrom(profiles: BorderProfiles, limit: (p: SideProfile) => number): BorderMeasurement | null {
  const widths: Partial<Record<Side, number>> = {};
  for (const side of ['left', 'right', 'top', 'bottom'] as const) {
    const width = borderFrom(profiles[side], profiles[side].edge, limit(profiles[side]));
    if (width === null) return null;
    widths[side] = width;
  }
  const { left, right, top, bottom } = widths as Record<Side, number>;
  return { left, right, top, bottom, centering: { horizontal: left / (left + right), vertical: top / (top + bottom) } };
}

/**
 * Frame-blind borders that agree with each other. A printed border is as wide all round on a
 * centred print, and a print shift moves it without resizing it: left + right is top + bottom.
 * A side whose outline lies on the printed frame (the outline choice followed a stranger's layout)
 * or on a sleeve's or holder's edge outside the card reads a border that breaks this. Such a side
 * is read again from the strongest step outside its outline (the card's edge beyond the frame) and
 * from the border step inside it (the card's edge inside the sleeve): the fewest sides re-read that
 * bring the totals into agreement are taken. When no reading agrees, the outline's own stands.
 * Agreeing borders that are thin rings round the card are read again inside them (`insideRings`).
 */
function agreeingBorders(profiles: BorderProfiles, limit: (p: SideProfile) => number): BorderMeasurement | null {
  const own = bordersFrom(profiles, limit);
  if (own && disagreement([own.left, own.right, own.top, own.bottom]) <= maxDisagreement) {
    return insideRings(own, profiles, limit);
  }
  const sides = (['left', 'right', 'top', 'bottom'] as const).map((side) => sideWidths(profiles[side], limit(profiles[side])));
  let best: { widths: number[]; moved: number; offCentre: number } | null = null;
  for (let k = 0; k < 3 ** 4; k++) {
    const pick = [k % 3, Math.floor(k / 3) % 3, Math.floor(k / 9) % 3, Math.floor(k / 27)];
    const widths = pick.map((i, s) => sides[s]![i] ?? null);
    if (widths.some((w) => w === null) || disagreement(widths as number[]) > maxDisagreement) continue;
    const [left, right, top, bottom] = widths as [number, number, number, number];
    // A frame line's own width read as one border can balance another misread one: of as few
    // re-read sides, the reading nearer centred is the likelier print.
    const candidate = { widths: widths as number[], moved: pick.filter((i) => i > 0).length, offCentre: Math.max(Math.abs(left / (left + right) - 0.5), Math.abs(top / (top + bottom) - 0.5)) };
    if (!best || candidate.moved < best.moved || (candidate.moved === best.moved && candidate.offCentre < best.offCentre)) best = candidate;
  }
  if (!best) return own;
  const [left, right, top, bottom] = best.widths as [number, number, number, number];
  return insideRings({ left, right, top, bottom, centering: { horizontal: left / (left + right), vertical: top / (top + bottom) } }, profiles, limit);
}

/**
 * Borders with each axis whose outline lies on a thin ring round the card (a holder's wall: both
 * opposite borders thinner than a printed border is) re-read from inside the rings. A holder's
 * recess is built alike all round: the steps leading up to the card's edge (its rim, the shadow)
 * look the same on opposite sides, though a label end may put them deeper on one. So each side
 * steps inward a reading at a time (each frame found becomes the next edge), and the card's edges
 * are the shallowest pair beyond the ring, one of them within a recess's depth, whose run-ups both
 * pass two steps and match; the borders are read from there, neither wider than a recess is deep.
 * An axis with no such pair keeps its own reading. The holder's own parts read alike on opposite
 * sides whatever the print's shift: read as the border, they made every such card look centred.
 */
function insideRings(own: BorderMeasurement, profiles: BorderProfiles, limit: (p: SideProfile) => number): BorderMeasurement {
  const widths = { left: own.left, right: own.right, top: own.top, bottom: own.bottom };
  for (const [a, b] of [['left', 'right'], ['top', 'bottom']] as const) {
    const [pa, pb] = [profiles[a], profiles[b]];
    if (own[a] >= ringWidth * pa.span || own[b] >= ringWidth * pb.span) continue;
    const inA = ringLevels(pa, limit);
    const inB = ringLevels(pb, limit);
    let best: { depth: number; likeness: number; a: number; b: number } | null = null;
    for (const x of inA) {
      for (const y of inB) {
        if (Math.min(x.edge, y.edge) < ringWidth * pa.span || Math.min(x.edge, y.edge) > ringDepth * pa.span) continue;
        if (runUpSteps(pa, x.edge) < 2 || runUpSteps(pb, y.edge) < 2) continue;
        if (Math.min(x.width, y.width) < ringWidth * pa.span || Math.max(x.width, y.width) > ringDepth * pa.span) continue;
        const likeness = runUpLikeness(pa, x.edge, pb, y.edge);
        if (likeness < minLikeness) continue;
        const depth = Math.min(x.edge, y.edge);
        if (!best || depth < best.depth || (depth === best.depth && likeness > best.likeness)) best = { depth, likeness, a: x.width, b: y.width };
      }
    }
    if (best) [widths[a], widths[b]] = [best.a, best.b];
  }
  const { left, right, top, bottom } = widths;
  return { left, right, top, bottom, centering: { horizontal: left / (left + right), vertical: top / (top + bottom) } };
}

/**
 * Separate steps in the run-up to an edge: a recess's rim and the shadow it casts make two before
 * the card's edge, where a printed frame's second line has only its first.
 */
function runUpSteps(profile: SideProfile, depth: number): number {
  const at = Math.round(profile.edge + depth);
  const step = profile.steps;
  let count = 0;
  for (let k = 2; k <= runUp; k++) {
    const d = at - k;
    if (d > 0 && step[d]! >= runUpMinStep && step[d]! > step[d - 1]! && step[d]! >= step[d + 1]!) count++;
  }
  return count;
}

/**
 * Cosine likeness of the steps leading up to two edges (depths from their outlines' edges), the
 * edges' own steps left out; best of the run-ups shifted a pixel either way (edges are located to
 * a fraction of one, the steps are whole).
 */
function runUpLikeness(pa: SideProfile, ea: number, pb: SideProfile, eb: number): number {
  const ia = Math.round(pa.edge + ea);
  const ib = Math.round(pb.edge + eb);
  let best = 0;
  for (let shift = -1; shift <= 1; shift++) {
    let dot = 0;
    let na = 0;
    let nb = 0;
    for (let k = 2; k <= runUp; k++) {
      const u = pa.steps[ia - k] ?? 0;
      const v = pb.steps[ib + shift - k] ?? 0;
      dot += u * v;
      na += u * u;
      nb += v * v;
    }
    // A flat run-up (a border's plain stretch before a frame) matches nothing.
    if (na >= flatRunUp && nb >= flatRunUp) best = Math.max(best, dot / Math.sqrt(na * nb));
  }
  return best;
}

/** A side's readings stepping inward from its outline's edge: each frame found taken as the next edge (depths from the outline's). */
function ringLevels(profile: SideProfile, limit: (p: SideProfile) => number): { edge: number; width: number }[] {
  const levels: { edge: number; width: number }[] = [];
  let edge = profile.edge;
  let width = borderFrom(profile, edge, limit(profile));
  while (width !== null) {
    edge += width;
    width = borderFrom(profile, edge, limit(profile) + Math.ceil(edge - profile.edge));
    if (width !== null) levels.push({ edge: edge - profile.edge, width });
  }
  return levels;
}

/** How far the horizontal and vertical border totals differ, as a share of their mean. */
function disagreement([left, right, top, bottom]: number[]): number {
  return Math.abs(left! + right! - top! - bottom!) / ((left! + right! + top! + bottom!) / 2);
}

/**
 * A side's border read from its outline's edge, from the strongest step outside it, and from the
 * border step inside it (null where there is none).
 */
function sideWidths(profile: SideProfile, end: number): (number | null)[] {
  const own = borderFrom(profile, profile.edge, end);
  const step = profile.steps;
  let outer: number | null = null;
  for (let d = 1; d < profile.edge - 2; d++) {
    if (step[d]! >= outerMinStep && step[d]! >= step[d - 1]! && step[d]! > step[d + 1]! && (outer === null || step[d]! > step[outer]!)) outer = d;
  }
  const fromOuter = outer === null ? null : borderFrom(profile, refine(step, outer), end);
  // Inside a sleeve, the card's edge is the first border step, and the frame deeper by as much again at most.
  const inner = own === null ? null : profile.edge + own;
  const fromInner = inner === null ? null : borderFrom(profile, inner, Math.min(step.length - 2, end + Math.ceil(own!)));
  return [own, fromOuter, fromInner];
}

/**
 * One side's step strengths inward from the card edge: `steps[d]` is the colour change at depth d
 * pixels (fractional edge already subtracted, so index 0 is the edge itself). Structured-clone safe.
 */
export interface SideProfile {
  /** Sub-pixel position of the card edge in the profile the steps were taken from. */
  edge: number;
  steps: Float32Array;
  /** The card's extent across this side's axis, in pixels (width for left/right). */
  span: number;
}

export type BorderProfiles = Record<Side, SideProfile>;

/** The four sides' step profiles, or null when a side shows no card edge near where it should be. */
export function borderProfiles(card: RgbImage, options: CenteringOptions): BorderProfiles | null {
  return readBorders(card, options).profiles;
}

/**
 * One side's colour profile inward, averaged along the middle 60% of the side. The outline found may
 * not run parallel to the card's own edge (a sleeve's or holder's edge, perspective a side's line fit
 * got wrong): averaged square to the outline, a slanted edge smears over pixels. The card's edge and
 * its printed frame lines are parallel to one another, so the side is read at the slant that makes
 * the steps inside the outline sharpest: the profile is taken in stretches along the side, and the
 * stretches shifted against each other (linear in their position) before adding up. The outline's
 * own edge is left out of that choice: a sleeve's edge is sharp at no slant but its own.
 */
function sideReadings(card: RgbImage, side: Side, options: CenteringOptions): { slanted: SideProfile | null; square: SideProfile | null } {
  const { width: w, height: h, data } = card;
  const m = options.margin;
  const { cardSpan, depth, from, to } = sideWindow(w, h, side, options);
  // parts[s][d * 3 + c]: stretch s's mean colour at depth d from the image's outer boundary.
  const parts: Float64Array[] = [];
  const centres: number[] = [];
  for (let s = 0; s < segments; s++) {
    const a = from + Math.round(((to - from) * s) / segments);
    const b = from + Math.round(((to - from) * (s + 1)) / segments);
    const part = new Float64Array(depth * 3);
    for (let d = 0; d < depth; d++) {
      let r = 0;
      let g = 0;
      let bl = 0;
      for (let t = a; t < b; t++) {
        const x = side === 'left' ? d : side === 'right' ? w - 1 - d : t;
        const y = side === 'top' ? d : side === 'bottom' ? h - 1 - d : t;
        const o = (y * w + x) * 3;
        r += data[o]!;
        g += data[o + 1]!;
        bl += data[o + 2]!;
      }
      part[d * 3] = r / (b - a);
      part[d * 3 + 1] = g / (b - a);
      part[d * 3 + 2] = bl / (b - a);
    }
    parts.push(part);
    centres.push((a + b - 1) / 2 - (from + to - 1) / 2);
  }
  // The slant is judged inside the outline's edge, to a tenth of the card deep (frame lines, not art):
  // every 4th thousandth, then the thousandths around the best.
  const judged = { from: m + tiltJudged.skip, to: Math.min(depth - 2, Math.ceil(m + cardSpan * tiltJudged.depth)) };
  let bestTilt = 0;
  let bestEnergy = sharpness(parts, centres, 0, judged);
  const tryTilt = (tilt: number) => {
    const energy = sharpness(parts, centres, tilt, judged);
    if (energy > bestEnergy) [bestTilt, bestEnergy] = [tilt, energy];
  };
  if (options.slant ?? true) {
    for (let k = 1; k * coarseTilt <= maxTilt; k++) for (const sign of [1, -1]) tryTilt(sign * k * coarseTilt);
    const around = bestTilt;
    for (let k = 1; k * tiltStep < coarseTilt; k++) for (const sign of [1, -1]) tryTilt(around + sign * k * tiltStep);
  }
  const read = (tilt: number): SideProfile | null => {
    const step = steps(slanted(parts, centres, tilt, depth));
    const edge = peakNear(step, Math.max(1, m - edgeSearch), Math.min(depth - 2, m + edgeSearch));
    return edge === null ? null : { edge, steps: Float32Array.from(step), span: cardSpan };
  };
  const square = read(0);
  return { slanted: bestTilt === 0 ? square : read(bestTilt), square };
}

/**
 * Where `sideReadings` reads a side of a w × h rectified card: the middle 60% along it (`from`..`to`,
 * end exclusive), to `depth` pixels in from the image's boundary.
 */
function sideWindow(w: number, h: number, side: Side, options: CenteringOptions) {
  const m = options.margin;
  const horizontal = side === 'left' || side === 'right';
  const cardSpan = horizontal ? w - 2 * m : h - 2 * m;
  const along = horizontal ? h - 2 * m : w - 2 * m;
  return {
    cardSpan,
    depth: Math.ceil(m + cardSpan * (options.maxInset ?? frameBlindInset)),
    from: Math.round(m + along * alongRange.from),
    to: Math.round(m + along * alongRange.to),
  };
}

/**
 * The only pixels of a w × h rectified card that `readBorders` reads, as rectangles (end
 * exclusive): a crop made for it alone need not fill the rest (see `rectifyQuad`'s `only`).
 */
export function borderStrips(w: number, h: number, options: CenteringOptions): Rect[] {
  return (['left', 'right', 'top', 'bottom'] as const).map((side) => {
    const { depth, from, to } = sideWindow(w, h, side, options);
    if (side === 'left') return { x0: 0, y0: from, x1: depth, y1: to };
    if (side === 'right') return { x0: w - depth, y0: from, x1: w, y1: to };
    if (side === 'top') return { x0: from, y0: 0, x1: to, y1: depth };
    return { x0: from, y0: h - depth, x1: to, y1: h };
  });
}

/** The stretches added up with stretch s moved `tilt × centre[s]` pixels deeper (linear interpolation). */
function slanted(parts: Float64Array[], centres: number[], tilt: number, depth: number): Float64Array {
  const profile = new Float64Array(depth * 3);
  for (let s = 0; s < parts.length; s++) {
    const part = parts[s]!;
    const shift = tilt * centres[s]!;
    for (let d = 0; d < depth; d++) {
      const x = Math.min(depth - 1, Math.max(0, d + shift));
      const i = Math.min(depth - 2, Math.floor(x));
      const f = x - i;
      for (let c = 0; c < 3; c++) profile[d * 3 + c]! += (part[i * 3 + c]! * (1 - f) + part[(i + 1) * 3 + c]! * f) / parts.length;
    }
  }
  return profile;
}

/** Colour change across each depth (±1 pixel). */
function steps(profile: Float64Array): Float64Array {
  const depth = profile.length / 3;
  const step = new Float64Array(depth);
  for (let d = 1; d < depth - 1; d++) {
    step[d] = hypot3(
      profile[(d + 1) * 3]! - profile[(d - 1) * 3]!,
      profile[(d + 1) * 3 + 1]! - profile[(d - 1) * 3 + 1]!,
      profile[(d + 1) * 3 + 2]! - profile[(d - 1) * 3 + 2]!,
    );
  }
  return step;
}

/**
 * Sum of squared colour steps (±1 pixel) over a depth range of the stretches added up at a slant:
 * larger when the edges there add up unsmeared. Only the range's depths are built.
 */
function sharpness(parts: Float64Array[], centres: number[], tilt: number, range: { from: number; to: number }): number {
  const depth = parts[0]!.length / 3;
  const first = range.from - 1;
  const count = range.to - range.from + 3;
  const profile = new Float64Array(count * 3);
  for (let s = 0; s < parts.length; s++) {
    const part = parts[s]!;
    const shift = tilt * centres[s]!;
    for (let k = 0; k < count; k++) {
      const x = Math.min(depth - 1, Math.max(0, first + k + shift));
      const i = Math.min(depth - 2, Math.floor(x));
      const f = x - i;
      const o = i * 3;
      profile[k * 3]! += part[o]! + (part[o + 3]! - part[o]!) * f;
      profile[k * 3 + 1]! += part[o + 1]! + (part[o + 4]! - part[o + 1]!) * f;
      profile[k * 3 + 2]! += part[o + 2]! + (part[o + 5]! - part[o + 2]!) * f;
    }
  }
  let sum = 0;
  for (let k = 1; k < count - 1; k++) {
    const r = profile[(k + 1) * 3]! - profile[(k - 1) * 3]!;
    const g = profile[(k + 1) * 3 + 1]! - profile[(k - 1) * 3 + 1]!;
    const b = profile[(k + 1) * 3 + 2]! - profile[(k - 1) * 3 + 2]!;
    sum += r * r + g * g + b * b;
  }
  return sum;
}

/**
 * Border width from a profile, the card's edge at depth `edge`, not knowing the frame: the first
 * step inward a third as strong as the strongest.
 */
function borderFrom(profile: SideProfile, edge: number, end: number): number | null {
  const step = profile.steps;
  const start = Math.ceil(edge + firstBorderStep);
  const last = Math.min(step.length - 1, end);
  let strongest = 0;
  for (let d = start; d < last; d++) strongest = Math.max(strongest, step[d]!);
  if (strongest < minBorderStep) return null;
  for (let d = start; d < last; d++) {
    if (step[d]! >= strongest / borderStepDivisor && step[d]! >= step[d - 1]! && step[d]! >= step[d + 1]!) return refine(step, d) - edge;
  }
  return null;
}

function peakNear(step: Float64Array | Float32Array, from: number, to: number): number | null {
  let best = from;
  for (let d = from; d <= to; d++) if (step[d]! > step[best]!) best = d;
  return step[best]! > 0 ? refine(step, best) : null;
}

/** Sub-pixel peak position: vertex of the parabola through the peak and its neighbours. */
function refine(step: Float64Array | Float32Array, d: number): number {
  const l = step[d - 1] ?? step[d]!;
  const r = step[d + 1] ?? step[d]!;
  const denom = l - 2 * step[d]! + r;
  return denom < 0 ? d + (0.5 * (l - r)) / denom : d;
}
