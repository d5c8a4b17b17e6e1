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
