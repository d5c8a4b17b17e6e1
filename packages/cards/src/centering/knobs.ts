/*
 * The named tuning numbers of card centering, in one place, in the order the steps use them (see
 * centering.ts), each with the line it had beside its use. The accuracy benchmark's
 * `centering_within_2pt` (test/bench/README.md) is the figure that moves when one does; where each
 * was set (which seeds, which figure it moved) is not recorded yet. Numbers still written inline in
 * the step files are left there.
 */

// Step 1 — the reference's frame, measured once per catalog face at import (frame-inset.ts).

/** Border depths are whole pixels: a reference is measured on a copy this size, finer than most photos show a card. */
export const referenceMeasuringSize = { width: 600, height: 840 } as const;
/** Colour change (sum of channel differences) that ends a border run. */
export const insetRunBreak = 60;
/** Runs sampled across each side, between 20% and 80% of its length. */
export const insetRuns = 15;
/** Depth a run starts from. */
export const insetFirstDepth = 3;
/** Deepest a pattern reaches, as a share of the face's size across the side. */
export const patternDepth = 0.3;
/**
 * Numbers that were written inline in frame-inset.ts, hand-set when it was written (cda4ca3) and not
 * measured alone: a side's runs agree when their upper and lower quartile differ by at most these
 * pixels or this share of the face; a border is shallower than this share; runs are sampled from
 * this share of the side's length across this share of it; a run ends by this share of the face deep;
 * the border's colour is read this many pixels in, past an antialiased rim.
 */
export const insetSpread = { pixels: 2, share: 0.004 } as const;
export const deepestBorder = 0.29;
export const insetAlong = { from: 0.2, span: 0.6 } as const;
export const insetRunDepth = 0.3;
export const rimPixels = 2;
/** A pattern is averaged along its side from this share of the length to that one: hand-set when written (b7c0b3f), not measured alone. */
export const patternAlong = { from: 0.2, to: 0.8 } as const;

// Step 2 — the photographed card's borders, read in the worker (frame-blind.ts).

/** Background kept around the card for measuring its borders, as a share of its width. */
export const measureMargin = 0.12;
/** Borders are read deeper than frame-blind search: a sleeve or holder outline puts the card a little inside. */
export const borderReading = { maxInset: 0.3 } as const;
/** Deepest a frame-blind search looks for the frame, as a share of the card. */
export const frameBlindInset = 0.2;
/** Most the two axes' border totals may differ, as a share of their mean, for the borders to agree. */
export const maxDisagreement = 0.15;
/** Thickest a reading may be, as a share of the card, and still be a ring round the card rather than its printed border. */
export const ringWidth = 0.012;
/** Deepest inside the outline a card's edge is looked for when the outline lies on a ring round it. */
export const ringDepth = 0.08;
/** Pixels before an edge whose steps make its run-up, and the least cosine likeness of two that match. */
export const runUp = 10;
export const minLikeness = 0.9;
/** Stretches of the side averaged separately, so the side can be re-read at a slant (see `sideReadings`). */
export const segments = 8;
/** Steepest slant tried (depth change per pixel along the side), and the step between slants. */
export const maxTilt = 0.05;
export const coarseTilt = 0.004;
export const tiltStep = 0.001;

// Step 3 — with the matched reference's frame known, the frame-constrained search (frame-centering.ts).

/** Least normalised correlation between the two sides' patterns for a measurement. */
export const minAgreement = 0.5;
/** Card-edge candidates tried per side: the outline may lie on a sleeve's or a holder's edge instead. */
export const edgeCandidates = 9;
/** A pair's moves failing to cancel by this share of the frame's width costs as much as its whole match. */
export const cancelWeight = 0.25;
/** The same for a share both axes' moves add up to alike (the design deeper all round): an eighth as dear. */
export const commonSize = 2;
/** How far inside the outline, as a share of the card, the card's edge lies when the outline is on a recess or a sleeve. */
export const nearOutline = 0.03;
/** Least correlation between a side and its reference pattern to trust the match. */
export const minPatternMatch = 0.5;
/** Depths compared, photo pixels apart. */
export const sampleStep = 1;

// Step 3, continued — numbers that were written inline in frame-centering.ts. Those of the fallback
// (`axisShare`, a reference without a pattern) were hand-set when it was written (b7c0b3f), not
// measured alone; that commit's figure (dev centering within 2 pts 60.9% -> 72.3%) is the whole change's.

/** Deepest depth the fallback compares, as a share of the frame's whole width across both sides. */
export const fallbackDepth = 0.85;
/** Least span of depths, as a share of the frame's width, for the fallback to measure. */
export const fallbackMinSpan = 0.5;
/** Widest print shift the fallback tries, as a share of the frame's width (shifts reach about ±0.5). */
export const fallbackReach = 0.6;
/** Depths the fallback samples, photo pixels apart. */
export const fallbackSampleStep = 0.5;
/**
 * Edge candidates (`edgesOf`, `edgePairs`): hand-set when the candidates were written (34c670e), not
 * measured alone (that commit's dev centering within 2 pts 72.3% -> 80.1% is the whole change's).
 * Narrowest card between two candidate edges, as a share of the outline's span; deepest a candidate
 * lies inside the outline, as a share of the card; weakest step that is a candidate; and weakest
 * candidate as a share of the side's strongest step.
 */
export const narrowestPair = 0.8;
export const candidateDepth = 0.1;
export const minCandidateStep = 8;
export const weakestCandidate = 0.15;
/**
 * Depths a side's pattern is matched over (`sideMove`): hand-set when pattern matching was written
 * (b7c0b3f), not measured alone. From past a chipped edge (at least this many pixels, or this share
 * of the card) to this share of the card; at least this many pixels of depths; print shifts tried up
 * to this share of the frame's width plus these pixels.
 */
export const patternFrom = { pixels: 3, share: 0.012 } as const;
export const patternTo = 0.19;
export const minPatternSpan = 8;
export const patternReach = { share: 0.35, pixels: 2 } as const;

// Step 2, continued — numbers that were written inline in frame-blind.ts.

/** Sides are read along their middle, from this share of their length to that one: hand-set when written (60629ba), not measured alone. */
export const alongRange = { from: 0.2, to: 0.8 } as const;
/** The card's edge is looked for this many pixels either side of the margin: hand-set when written (60629ba), not measured alone. */
export const edgeSearch = 4;
/**
 * The slant is judged from this many pixels inside the outline's edge to this share of the card deep:
 * hand-set when slanted reading was written (a213ac7), not measured alone.
 */
export const tiltJudged = { skip: 3, depth: 0.12 } as const;
/**
 * A border is the first step inward from this many pixels past the card's edge that is at least the
 * strongest step over this divisor, and none is read when the strongest is below the least: hand-set
 * when written (60629ba), not measured alone.
 */
export const firstBorderStep = 1.5;
export const borderStepDivisor = 3;
export const minBorderStep = 6;
/** Weakest step counted as an edge outside the outline: hand-set when written (d1a55ee), not measured alone. */
export const outerMinStep = 8;
/**
 * Weakest step counted in a run-up, and the least energy (sum of squared steps) of a run-up that is
 * not flat: set with the ring reading (de0c590, dev tuning seeds 1400-1402 centering within 2 pts
 * 539 -> 544 of 574, the whole change's figure), not measured alone.
 */
export const runUpMinStep = 8;
export const flatRunUp = 64 * 8;
