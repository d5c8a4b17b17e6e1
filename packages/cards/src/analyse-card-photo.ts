import {
  blockiness,
  distance,
  edgeMap,
  jpegQuantisation,
  loadPhoto,
  quadCentre,
  rectifyQuad,
  scaleQuad,
  sharpness,
  signedArea,
  stopwatch,
  type EdgeMap,
  type LoadedPhoto,
  type PhotoQualityMetrics,
  type Quad,
  type RgbImage,
} from '@assay/pixels';
import type { PixelBox } from '@assay/contract';
import type { WearMeasurements } from './grade/card-scale.ts';
import type { CardFeatures } from './identify/card-features.ts';
import { fittedCardFeatures } from './identify/fit-card-crop.ts';
import type { LayoutFeatures } from './identify/layout-features.ts';
import { bestSimilarity, matchable } from './identify/match-features.ts';
import { findHolderLabel, type HolderLabel } from './locate/holder-label.ts';
import { chooseOutline } from './locate/choose-outline.ts';
import { wholeCutOffCard } from './locate/cut-off-card.ts';
import { cardAspect, locateQuads } from './locate/locate-cards.ts';
import { refineQuad } from './locate/refine-quad.ts';
import { straightenSides } from './locate/straighten-sides.ts';
import { runsOffFrame } from './locate/runs-off-frame.ts';
import { borderReading, borderStrips, measureBorders, measureMargin, readBorders, type BorderMeasurement, type BorderProfiles } from './centering/centering.ts';
import { measureEdgeWear } from './wear/edge-wear.ts';

/** Everything one photo shows about the card in it, before matching. Structured-clone safe. */
export interface CardPhotoAnalysis {
  /** Card outlines found, best first, in original-photo pixels (the first is the one analysed). */
  quads: Quad[];
  /** Each outline's bounding box within the photo (as `quads`): where the card was seen. */
  boxes: PixelBox[];
  card: {
    quad: Quad;
    features: CardFeatures;
    /** Border widths as photographed (upright reading of the quad; flip if matching says rotated). */
    borders: BorderMeasurement | null;
    /** Per-side step profiles behind `borders`, for re-measuring once the matched frame is known. */
    borderProfiles: BorderProfiles | null;
    wear: Omit<WearMeasurements, 'surface'>;
    quality: PhotoQualityMetrics;
    holderLabel: HolderLabel | null;
  } | null;
  /** Features of the other cards found (`quads` after the first), for matching: which card a request is about. */
  others?: CardFeatures[];
  /** Milliseconds per stage, for the engine's own benchmarks. */
  timings: Record<string, number>;
}

/** Size of the rectified card the measurements run on: its short side in pixels, clamped. */
const measureWidth = { min: 240, max: 480 } as const;
/**
 * Margin of the rectified card that is matched, a share of its width: room for the crop fit to move
 * a side outward (its `insets.outward`, 4%) onto a card edge the outline fell inside. Set when the
 * card engine was written (60629ba), not measured alone; wider costs pixels, narrower leaves the
 * crop fit no room outward.
 */
const matchMargin = 0.05;

export interface AnalyseOptions {
  /**
   * Known cards (fronts and backs) to choose the card's outline by: among nested outlines (sleeve,
   * holder, card edge, printed frame) the one whose contents look like a known card. Without them
   * the outermost well-supported outline is taken.
   */
  references?: LayoutFeatures[];
}

/** Decode → locate → choose outline → refine → rectify → features, borders, wear and quality. */
export async function analyseCardPhoto(bytes: Buffer, options: AnalyseOptions = {}): Promise<CardPhotoAnalysis> {
  const { timings, lap } = stopwatch();
  const photo = await loadPhoto(bytes);
  lap('decode');
  const edges = edgeMap(photo.work);
  const located = locateQuads(photo.work, { edges });
  lap('locate');
  const toOriginal = photo.original.width / photo.full.width;
  const quads = located.map((q) => scaleQuad(q.quad, photo.scale));
  if (!quads[0]) return { quads: [], boxes: [], card: null, timings };
  // Centering is measured from the card's edges, which the outline matching a miscentred print best is off.
  let onEdges = quads[0];
  if (options.references?.length) {
    const chosen = chooseOutline(photo.work, edges, located[0]!.outlines, options.references);
    quads[0] = scaleQuad(chosen.quad, photo.scale);
    onEdges = chosen.onEdges === chosen.quad ? quads[0] : scaleQuad(chosen.onEdges, photo.scale);
    lap('choose');
  }
  const first = quads[0];
  const quad = refineQuad(photo.full, first, photo.scale * 3 + 2);
  // The outline on the card's edges, refined alike (the same one when choosing left it there).
  const refinedOnEdges = onEdges === first ? quad : refineQuad(photo.full, onEdges, photo.scale * 3 + 2);
  // Measured along one straight edge a side: a side running from the card's edge onto a holder's
  // recess beside it skews the rectified card, and every border read across it.
  const edgeQuad = straightenSides(photo.full, refinedOnEdges);
  lap('refine');
  const shortSide = (distance(quad[0], quad[1]) + distance(quad[2], quad[3])) / 2;
  const width = Math.round(Math.min(measureWidth.max, Math.max(measureWidth.min, shortSide)));
  const height = Math.round(width / cardAspect);
  const rectified = rectifyQuad(photo.full, quad, { width, height, margin: matchMargin });
  // Wide margins: the outline may lie on a printed frame a tenth of the card inside its edge. Only
  // the strips the borders are read from are filled: the rest would be a third of the work.
  const measured = rectifyQuad(photo.full, edgeQuad, { width, height, margin: measureMargin, only: ({ width, height, margin }) => borderStrips(width, height, { margin, ...borderReading }) });
  lap('rectify');
  // With references, the crop is fitted to the card inside an outline that is a sleeve's or recess's.
  const fitted = await fittedCardFeatures(rectified.image, rectified.margin, options.references);
  lap('features');
  const holderLabel = findHolderLabel(photo.full, quad);
  lap('holder');
  const { borders, profiles } = readBorders(measured.image, { margin: measured.margin, ...borderReading });
  // Wear's corner boxes are sized by the borders as the matched outline shows them, square to its sides.
  const square = measureBorders(rectified.image, { margin: rectified.margin, slant: false });
  const wear = measureEdgeWear(rectified.image, rectified.margin, square && Math.min(square.left, square.right, square.top, square.bottom));
  const quality: PhotoQualityMetrics = {
    sharpness: sharpness(rectified.image, rectified.margin),
    shortSide: shortSide * toOriginal,
    areaShare: Math.abs(signedArea(quad)) / (photo.full.width * photo.full.height),
    // Refining may pull a side the photo's border stood in for onto print inside: the chosen outline counts too.
    // So do sides running on, edge and all, from the outline to the photo's edge: the card goes on past
    // the frame while the outline found is the part in view (a cut-off card is not card-shaped).
    // A slab runs on past a card in it at the label end, so not there (a card's own name bar may
    // pass for a label: its other ends still count).
    // Both outlines are tried for runs: the refined one lies closer along the card's edges, whose
    // runs it then follows further.
    cutOff: Math.max(
      cutOff(quad, photo.full, shortSide),
      cutOff(first, photo.full, shortSide),
      ...[first, quad].map((q) => runsOffFrame(edges, scaleQuad(q, 1 / photo.scale), { labelEnd: holderLabel !== null })),
    ),
    blockiness: blockiness(photo.full),
    jpegQuantisation: jpegQuantisation(bytes),
    width: photo.original.width,
    height: photo.original.height,
  };
  lap('measure');
  // A card the frame cuts off is matched whole, as guessed from its edges in view, and reported as cut off.
  const whole = options.references?.length ? await wholeCard(photo, edges, fitted, quality.cutOff > 0, located[0]!.quad, options.references) : null;
  if (whole) quality.cutOff = Math.max(quality.cutOff, cutOff(whole.quad, photo.full, Math.min(distance(whole.quad[0], whole.quad[1]), distance(whole.quad[1], whole.quad[2]))));
  const features = whole?.features ?? fitted;
  lap('whole');
  const others = await otherCardFeatures(photo.full, quads.slice(1), options.references);
  const inOriginal = [quad, ...quads.slice(1)].map((q) => scaleQuad(q, toOriginal));
  return {
    ...(others.length > 0 && { others }),
    quads: inOriginal,
    boxes: inOriginal.map((q) => boxWithin(q, photo.original)),
    card: { quad: scaleQuad(quad, toOriginal), features, borders, borderProfiles: profiles, wear, quality, holderLabel },
    timings,
  };
}

/** Below this similarity the outline found matches nothing well: perhaps print inside a card the frame cuts off. */
const weakMatch = 0.6;
/** Least similarity of a card guessed whole, and its least gain over the outline's: the best of many guesses is flattered. */
const wholeMatch = { least: 0.65, gain: 0.03 } as const;

/**
 * A card the frame cuts off is not card-shaped in the photo, so the outline found is print inside it
 * (its art box, say) and matches poorly; the cut may even go unnoticed. Guessed whole from its edges
 * in view (`wholeCutOffCard`), the card is matched on the part in view. Tried when the photo is
 * flagged cut off or the outline matches nothing well (`seen`, the outline found in `work` pixels);
 * the guess (in `full` pixels) and its features are kept when clearly more like a known card.
 */
async function wholeCard(photo: LoadedPhoto, edges: EdgeMap, fitted: CardFeatures, flagged: boolean, seen: Quad, references: LayoutFeatures[]): Promise<{ quad: Quad; features: CardFeatures } | null> {
  const before = bestSimilarity(matchable(fitted), references);
  if (!flagged && before >= weakMatch) return null;
  // Unflagged, the card in view is the one found: a guess elsewhere (a note, a phone) would be a stranger.
  const guess = wholeCutOffCard(photo.work, edges, references, flagged ? undefined : quadCentre(seen));
  if (!guess) return null;
  const quad = scaleQuad(guess, photo.scale);
  const features = await matchingFeatures(photo.full, quad, references);
  const after = bestSimilarity(matchable(features), references);
  return after >= wholeMatch.least && after >= before + wholeMatch.gain ? { quad, features } : null;
}

/** Other cards beside the analysed one, matched only to tell which card the request is about. */
async function otherCardFeatures(full: RgbImage, quads: Quad[], references: AnalyseOptions['references']): Promise<CardFeatures[]> {
  if (!references?.length) return [];
  return Promise.all(quads.slice(0, 2).map((quad) => matchingFeatures(full, quad, references)));
}

/** Features of the card in `quad`, rectified small: enough to match it, not to measure it. */
function matchingFeatures(full: RgbImage, quad: Quad, references: LayoutFeatures[]): Promise<CardFeatures> {
  const width = measureWidth.min;
  const rectified = rectifyQuad(full, quad, { width, height: Math.round(width / cardAspect), margin: matchMargin });
  return fittedCardFeatures(rectified.image, rectified.margin, references);
}

/** The part of the photo a quad's bounding box covers (a card the frame cuts off, as far as it is seen). */
function boxWithin(quad: Quad, { width, height }: { width: number; height: number }): PixelBox {
  const xs = quad.map((p) => Math.min(width, Math.max(0, p.x)));
  const ys = quad.map((p) => Math.min(height, Math.max(0, p.y)));
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Largest distance a corner lies outside the photo (or within 1 px of its edge), over the short side. */
function cutOff(quad: Quad, photo: RgbImage, shortSide: number): number {
  let worst = 0;
  for (const p of quad) {
    const outside = Math.max(1 - p.x, 1 - p.y, p.x - (photo.width - 1), p.y - (photo.height - 1));
    worst = Math.max(worst, outside);
  }
  return worst <= 0 ? 0 : worst / shortSide;
}
