import { edgeMap, hypot, quadCentre, quadContains, signedArea, type EdgeMap, type Quad, type RgbImage } from '@assay/pixels';
import { expandToOuterEdges } from './outer-edges.ts';
import { houghLines } from './hough-lines.ts';
import { quadCandidates } from './quad-candidates.ts';
import { scoreQuad, type QuadScore } from './score-quad.ts';

/** Short side / long side of a standard trading card (63 × 88 mm). */
export const cardAspect = 63 / 88;

export interface LocatedQuad extends QuadScore {
  /** Corners in the pixels of the image searched, clockwise from the top-left (portrait reading). */
  quad: Quad;
  /**
   * Every distinct well-supported outline nested with this one, `quad` first: the card's edge, its
   * printed frame, a sleeve or holder around it. Edges alone cannot always tell which is the card;
   * `chooseOutline` settles it by content.
   */
  outlines: Quad[];
}

export interface LocateOptions {
  aspect?: number;
  aspectTolerance?: number;
  /** Smallest item area as a share of the photo; smaller outlines are ignored. */
  minAreaShare?: number;
  /** Strongest lines kept from the Hough transform. */
  maxLines?: number;
  /** The image's edge map when the caller already has it (`edgeMap(image)`). */
  edges?: EdgeMap;
}

/** Below this an outline is texture that happens to line up, not an item (tuned on generator photos). */
const minCoverage = 0.55;
/** Least area of a second item, as a share of the first's (which may be a slab, larger than a card). */
const secondItemArea = 0.4;
/**
 * Outlines scored in full: the best by the cheap pass, plus places kept for the best not
 * overlapping the leader (a second item's). Together no more than the 160 of a single list.
 */
const mainPlaces = 130;
const elsewhere = 30;
/** Another outline counts as a second item only when it is nearly as well supported as the first. */
const secondItemRatio = 0.7;
/** Items supported at least this share as well as the best are cards alike, ordered by place (`inReadingOrder`). */
const alikeRatio = 0.9;

// Hand-set in the early card engine (faf4bb1, 60629ba, 35a1471: commits that carried it among other
// work); none was measured alone, and where each was tuned is not recorded.
/** Hough lines kept, when the caller names no number. */
const defaultMaxLines = 64;
/** Aspect tolerance and least area (share of the photo) of a card-shaped quad, when the caller names none. */
export const defaultAspectTolerance = 0.06;
const defaultMinAreaShare = 0.01;
/** Samples a side in the cheap first scoring pass. */
const roughSamples = 12;
/** Bonus for area (share of the photo) in the cheap pass: keeps the outer of nested outlines on the shortlist. */
const areaBonus = 0.05;
/** A nested outline replaces the best when it scores at least this share of it and its edge is at least this share as strong. */
const outerScore = 0.85;
const outerStrength = 0.6;
/** Offered outlines are near-duplicates when their corners lie within this share of the outline's size. */
const duplicateCorners = 0.015;
/** Outlines offered score at least this share of the best. */
const offeredScore = 0.5;
/** Corners within this many pixels of the photo's edge lie on it (a side along it counts as on the border); lying there costs this factor of the score (15%). */
const borderPixels = 3;
const borderPenalty = 0.85;
/** A second item may not come within this many pixels of the photo's edge. */
const touchPixels = 2;

/**
 * Finds item outlines (cards by default) in a downscaled photo: edge map → Hough lines → every
 * plausible quad from two line pairs → scored by edge support along the perimeter. Returns the
 * non-overlapping outlines, the well supported ones in reading order (`inReadingOrder`) first: the
 * first is the item to assess, the length is the count.
 */
export function locateQuads(image: RgbImage, options: LocateOptions = {}): LocatedQuad[] {
  const edges = options.edges ?? edgeMap(image);
  // The photo's own borders stand in for the side of a card the frame cuts off (scored as covered).
  const frame = [
    { theta: 0, rho: 0, votes: 0 },
    { theta: 0, rho: image.width, votes: 0 },
    { theta: Math.PI / 2, rho: 0, votes: 0 },
    { theta: Math.PI / 2, rho: image.height, votes: 0 },
  ];
  const lines = [...houghLines(edges, options.maxLines ?? defaultMaxLines), ...frame];
  const quads = quadCandidates(lines, {
    width: image.width,
    height: image.height,
    aspect: options.aspect ?? cardAspect,
    aspectTolerance: options.aspectTolerance ?? defaultAspectTolerance,
    minAreaShare: options.minAreaShare ?? defaultMinAreaShare,
  });
  // A cheap pass with 12 samples a side keeps the best few dozen for the full count (1 per 2 px).
  // Nested outlines (card edge, printed frame, line pairs mixing both) often all score perfectly; a
  // small bonus for area keeps the outer ones on the shortlist, and `outermost` settles the rest.
  const imageArea = image.width * image.height;
  const ranked = quads
    .map((quad) => ({ quad, rough: scoreQuad(edges, quad, roughSamples).score + (areaBonus * Math.abs(signedArea(quad))) / imageArea }))
    .sort((a, b) => b.rough - a.rough);
  const shortlist = ranked.slice(0, mainPlaces);
  // One card's nested outlines (edge, frame, sleeve, mixtures) can fill the whole shortlist with
  // perfect scores, while a second card whose lines Hough quantised a degree off scores a little
  // less: the best outlines elsewhere in the photo get places of their own.
  const first = shortlist[0];
  if (first) shortlist.push(...firstApart(ranked, mainPlaces, first.quad, elsewhere));
  const scored = shortlist
    .map(({ quad }) => withBorderPenalty(quad, scoreQuad(edges, quad), image))
    .filter((q) => q.coverage >= minCoverage && sidesOnBorder(q.quad, image) <= 2)
    .sort((a, b) => b.score - a.score);
  const found: (QuadScore & { quad: Quad; best: QuadScore & { quad: Quad } })[] = [];
  for (const candidate of scored) {
    if (found.length > 0 && candidate.score < found[0]!.score * secondItemRatio) break;
    if (found.some((f) => overlaps(f.quad, candidate.quad))) continue;
    // Only the best supported item may lean on the photo's border: elsewhere it invents outlines from clutter.
    if (found.length > 0 && touchesBorder(candidate.quad, image)) continue;
    // Cards photographed together lie at about one distance from the camera: a much smaller
    // card-shaped outline is clutter (a phone, a note, a label), not a second card.
    if (found.length > 0 && Math.abs(signedArea(candidate.quad)) < secondItemArea * Math.abs(signedArea(found[0]!.quad))) continue;
    const pick = outermost(candidate, scored);
    found.push({ ...pick, quad: expandToOuterEdges(edges, pick.quad), best: candidate });
  }
  // Cards lying side by side are outlined about equally well: only those take the lead by place, not
  // a fainter outline of clutter.
  const alike = found.filter((f) => f.best.score >= found[0]!.best.score * alikeRatio);
  const ordered = [...inReadingOrder(alike), ...found.filter((f) => !alike.includes(f))];
  // Only the item assessed has its nested outlines offered: each costs a catalog pass to judge.
  return ordered.map(({ best, ...item }, i) => ({ ...item, outlines: i === 0 ? nestedOutlines(item.quad, best, scored, edges) : [item.quad] }));
}

/**
 * Items in the order a photo is read: top to bottom when they lie one above the other, else left to
 * right. Which of several cards is the one to assess cannot be told by how well its edges show, so a
 * photo of two is taken to show the card of the request first, as one reads it.
 */
function inReadingOrder<T extends { quad: Quad }>(items: T[]): T[] {
  return [...items].sort((a, b) => {
    const p = quadCentre(a.quad);
    const q = quadCentre(b.quad);
    return Math.abs(p.y - q.y) > Math.abs(p.x - q.x) ? p.y - q.y : p.x - q.x;
  });
}

/**
 * A card's printed frame is itself a card-shaped outline inside the card; a sleeve is one just
 * outside it, but drawn by faint plastic. Of the nested outlines about as well supported as the
 * best, the largest with a comparably strong edge is the card.
 */
function outermost<T extends QuadScore & { quad: Quad }>(best: T, scored: T[]): T {
  let pick = best;
  for (const q of scored) {
    if (q.score < best.score * outerScore || q.strength < best.strength * outerStrength) continue;
    if (!overlaps(q.quad, best.quad)) continue;
    if (Math.abs(signedArea(q.quad)) > Math.abs(signedArea(pick.quad))) pick = q;
  }
  return pick;
}

/** Most outlines offered for one item: each costs a small rectify and a catalog pass to judge. */
const maxOutlines = 10;

/**
 * Outlines overlapping the item about as well supported as its best, raw and pushed out onto outer
 * edges, without near-duplicates (corners within 1.5% of the outline's size).
 */
function nestedOutlines(chosen: Quad, best: QuadScore & { quad: Quad }, scored: (QuadScore & { quad: Quad })[], edges: EdgeMap): Quad[] {
  const outlines: Quad[] = [chosen];
  const add = (q: Quad) => {
    const tolerance = duplicateCorners * Math.sqrt(Math.abs(signedArea(q)));
    if (!outlines.some((o) => o.every((p, i) => hypot(p.x - q[i]!.x, p.y - q[i]!.y) < tolerance))) outlines.push(q);
  };
  for (const q of scored) {
    if (outlines.length >= maxOutlines) break;
    if (q.score < best.score * offeredScore || !overlaps(q.quad, best.quad)) continue;
    add(q.quad);
    add(expandToOuterEdges(edges, q.quad));
  }
  return outlines.slice(0, maxOutlines);
}

/**
 * An outline leaning on the photo's edge has a side nobody saw: among clutter, two real lines and
 * the frame make many such quads. Touching the edge costs 15% of the score, so a fully visible
 * card wins over them, while a card the frame does cut off is still found when it is the best there is.
 */
function withBorderPenalty(quad: Quad, score: QuadScore, image: RgbImage): QuadScore & { quad: Quad } {
  const touching = quad.filter((p) => p.x < borderPixels || p.y < borderPixels || p.x > image.width - borderPixels || p.y > image.height - borderPixels).length;
  return { quad, ...score, score: score.score * (touching > 0 ? borderPenalty : 1) };
}

/**
 * Sides lying along the photo's own edge (which scores as covered). A card cut off by the frame
 * loses at most two sides to it; three or four are the photo outline itself, not an item.
 */
function sidesOnBorder(quad: Quad, image: RgbImage): number {
  let count = 0;
  for (let s = 0; s < 4; s++) {
    const a = quad[s]!;
    const b = quad[(s + 1) % 4]!;
    const near = (p: { x: number; y: number }) => p.x < borderPixels || p.y < borderPixels || p.x > image.width - borderPixels || p.y > image.height - borderPixels;
    if (near(a) && near(b) && near({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 })) count++;
  }
  return count;
}

function touchesBorder(quad: Quad, image: RgbImage): boolean {
  return quad.some((p) => p.x < touchPixels || p.y < touchPixels || p.x > image.width - touchPixels || p.y > image.height - touchPixels);
}

/**
 * The first `count` of `items` from index `from` on that do not overlap `quad`, in order: thousands of
 * candidates are ranked, and the search stops once it has its few.
 */
function firstApart<T extends { quad: Quad }>(items: T[], from: number, quad: Quad, count: number): T[] {
  const apart: T[] = [];
  for (let i = from; i < items.length && apart.length < count; i++) if (!overlaps(items[i]!.quad, quad)) apart.push(items[i]!);
  return apart;
}

/** Overlap by centre containment either way: cheap, and nested outlines (sleeve, holder) overlap. */
function overlaps(a: Quad, b: Quad): boolean {
  return quadContains(a, quadCentre(b)) || quadContains(b, quadCentre(a));
}
