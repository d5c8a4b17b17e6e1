import { detailAngles, detailRings } from './coin-detail.ts';

/*
 * One design struck in several years or at several mints differs only in its date and mint mark.
 * Where those references differ (at full resolution, see coin-detail.ts) is known in advance; a
 * photo's coin is aligned on the design around that place, then compared there with each of them.
 */

/** Relief difference (in standard deviations) that marks a sample as part of a date or mint mark. */
const minDifference = 1;
/** A place where references differ only counts when it differs by this share of their largest difference. */
const relativeDifference = 0.35;
/** The alignment window reaches this far around the differing places: the date's own digits and legend nearby. */
const windowRings = 6;
const windowAngles = 24;
/** Alignment search: the coarse rotation is good to about a degree, the rim to about 2% of the radius. */
const maxAngleShift = 4;
const maxRingShift = 2;
/** Differing samples are widened by this many rings and angles: alignment is never exact (48d5c48). */
const differingRings = 2;
const differingAngles = 2;
/** Every this-many-th window sample is kept (a14caa2: sampled sparsely, analyse+match per photo +17% instead of +60%). */
const windowStride = 2;

/** Where some references differ, as indices into their detail samples (rings × angles). */
export interface DifferingRegion {
  /** Samples where any two of the references differ clearly, widened by a sample or two (alignment is never exact); empty when all are alike. */
  differing: Int32Array;
  /** Every other sample around them (the date's other digits, the legend nearby): what a photo is aligned on. */
  window: Int32Array;
}

export function differingRegion(details: readonly Float32Array[]): DifferingRegion {
  const differs = new Uint8Array(detailRings * detailAngles);
  for (let j = 0; j < details.length; j++) {
    for (let k = j + 1; k < details.length; k++) {
      const [a, b] = [details[j]!, details[k]!];
      let largest = 0;
      for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i]! - b[i]!));
      const cut = Math.max(minDifference, largest * relativeDifference);
      for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) >= cut) differs[i] = 1;
    }
  }
  const differing = indicesOf(widen(differs, differingRings, differingAngles));
  return { differing, window: indicesOf(widen(maskOf(differing), windowRings, windowAngles)).filter((_, k) => k % windowStride === 0) };
}

/**
 * How far each reference trails the one the photo's detail agrees with best where they differ: the
 * gap in normalised correlation, 0 for the best (0..2); all 0 when nothing differs. `rotation` is
 * the coarse match's, degrees clockwise.
 */
export function dateAndMintEvidence(photo: Float32Array, references: readonly Float32Array[], { differing, window }: DifferingRegion, rotation: number): number[] {
  if (differing.length === 0 || references.length === 0) return references.map(() => 0);
  const mean = new Float32Array(photo.length);
  for (const i of window) mean[i] = references.reduce((s, r) => s + r[i]!, 0) / references.length;
  const base = Math.round((rotation * detailAngles) / 360);
  let best = { score: -Infinity, angle: base, ring: 0 };
  for (let ring = -maxRingShift; ring <= maxRingShift; ring++) {
    for (let da = -maxAngleShift; da <= maxAngleShift; da++) {
      const score = correlation(photo, mean, window, base + da, ring);
      if (score > best.score) best = { score, angle: base + da, ring };
    }
  }
  const agreement = references.map((r) => correlation(photo, r, differing, best.angle, best.ring));
  const leader = Math.max(...agreement);
  return agreement.map((a) => leader - a);
}

/** Each sample's angle and ring of a region's indices, found once: `correlation` runs 45 times a coin over them. */
const placesOf = new WeakMap<Int32Array, { angle: Int32Array; ring: Int32Array }>();
function places(at: Int32Array): { angle: Int32Array; ring: Int32Array } {
  let found = placesOf.get(at);
  if (!found) {
    found = { angle: new Int32Array(at.length), ring: new Int32Array(at.length) };
    for (let k = 0; k < at.length; k++) {
      const a0 = at[k]! % detailAngles;
      found.angle[k] = a0;
      found.ring[k] = (at[k]! - a0) / detailAngles;
    }
    placesOf.set(at, found);
  }
  return found;
}

/** Normalised correlation over `at` of the reference with the photo turned by `angle` steps and shifted `ring` rings. */
function correlation(photo: Float32Array, reference: Float32Array, at: Int32Array, angle: number, ring: number): number {
  let n = 0;
  let sp = 0;
  let sr = 0;
  let spp = 0;
  let srr = 0;
  let spr = 0;
  const turn = ((angle % detailAngles) + detailAngles) % detailAngles;
  const { angle: angles, ring: rings } = places(at);
  for (let k = 0; k < at.length; k++) {
    const a0 = angles[k]!;
    const r = rings[k]! + ring;
    if (r < 0 || r >= detailRings) continue;
    const a = a0 + turn < detailAngles ? a0 + turn : a0 + turn - detailAngles;
    const p = photo[r * detailAngles + a]!;
    const q = reference[at[k]!]!;
    n++;
    sp += p;
    sr += q;
    spp += p * p;
    srr += q * q;
    spr += p * q;
  }
  if (n < 2) return 0;
  const cov = spr - (sp * sr) / n;
  const vp = spp - (sp * sp) / n;
  const vr = srr - (sr * sr) / n;
  return vp > 1e-9 && vr > 1e-9 ? cov / Math.sqrt(vp * vr) : 0;
}

function maskOf(indices: Int32Array): Uint8Array {
  const mask = new Uint8Array(detailRings * detailAngles);
  for (const i of indices) mask[i] = 1;
  return mask;
}

function indicesOf(mask: Uint8Array): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < mask.length; i++) if (mask[i]) out.push(i);
  return Int32Array.from(out);
}

/** The mask grown by `rings` rings and `angles` angle steps (angles wrap around). */
function widen(mask: Uint8Array, rings: number, angles: number): Uint8Array {
  const across = new Uint8Array(mask.length);
  for (let r = 0; r < detailRings; r++) {
    for (let a = 0; a < detailAngles; a++) {
      if (!mask[r * detailAngles + a]) continue;
      for (let d = -angles; d <= angles; d++) across[r * detailAngles + ((a + d + detailAngles) % detailAngles)] = 1;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let r = 0; r < detailRings; r++) {
    for (let a = 0; a < detailAngles; a++) {
      if (!across[r * detailAngles + a]) continue;
      for (let d = Math.max(0, r - rings); d <= Math.min(detailRings - 1, r + rings); d++) out[d * detailAngles + a] = 1;
    }
  }
  return out;
}
