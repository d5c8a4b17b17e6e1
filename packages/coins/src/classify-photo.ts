import type { CoinPhotoResult, MatchedCoin } from './coin-job.ts';
import type { CoinPhotoKind } from './coin-recognizer.ts';
import type { Rim } from './locate/rim-fit.ts';

/*
 * Thresholds below were set on generator photos of the tuning seeds (1000–1999), never on the
 * accuracy benchmark's seed.
 */

/** Rim irregularity beyond any struck coin's, even a small one's: a coin seen edge-on, leaning or half hidden. */
const roughRim = 0.08;
/**
 * The coins beside a roll are at least this share of the median found circle's radius (0.80 and
 * more on tuning seed 1600; a heap's lone readable coin 0.50–0.58 when it is a small one on top).
 */
const rollCoinShare = 0.7;
// The numbers below: the commit that set each is named; none records a figure it moved alone.
/** A holder: a region that is not table nor coin at least this share of the photo (537411e), this little elongated (537411e), with at least two readable coins. */
const holderShare = 0.2;
const holderElongation = 1.8;
/**
 * A holder: this many coins with clean rims lying on one object (PhotoCues.heldCoins), whatever its
 * size and shape. On the development world of sets laid out any way (tools/evaluate-coins.ts 1211
 * 40 `only=set arranged=1`), photos taken for sets went 44 → 67 of 80 (photo by photo, with the
 * other changes of its commit); requests 0.575 → 0.85.
 */
const heldCoins = 2;
/** A heap or a roll: this many overlaps (537411e), unreadable coins (62b5cb5) or rough rims (62b5cb5). */
const heapOverlaps = 3;
const heapUnreadable = 2;
const heapRough = 3;
/** A roll's coins beside it differ in radius by at most this ratio (62b5cb5). */
const rollOneSize = 1.08;
/** A roll shows at most this many circles (8ab4a4d: an opened roll with a flat coin beside it may show more), at most the second with none readable (62b5cb5). */
const rollCircles = 14;
const rollCirclesUnread = 11;
/** A wrapped roll with no circle: a large object of at least this share of the photo (537411e). */
const wrappedRollShare = 0.04;
/** A holder's title: round shapes under this share of the coins' median radius (202a91f); coins of mixed sizes when the largest is this ratio of the smallest, then this many shapes, else the second (6bb821e); in a line when their spread's long axis is this many times the short (202a91f, as a variance ratio). */
const letterSize = 0.45;
const mixedSizes = 1.15;
const lettersBesideMixed = 3;
const letters = 6;
const lineElongation = 16;

/** What kind of coin photo this is, from the coins found and what else is in the frame. */
export function classifyCoinPhoto(photo: CoinPhotoResult): { kind: CoinPhotoKind; readable: number[] } {
  const { coins, cues } = photo;
  const readable = coins.flatMap((c, i) => (c.readable ? [i] : []));
  const unreadable = coins.length - readable.length;
  const rough = coins.filter((c) => c.irregularity >= roughRim).length;
  // A holder: a large, compact region that is neither table nor coin, with coins lying in it.
  if (cues.largestShare >= holderShare && cues.elongation < holderElongation && readable.length >= 2) return { kind: 'set', readable };
  // Or coins lying on one object, however small it is in the photo (a holder far from the camera).
  if (cues.heldCoins >= heldCoins && readable.length >= 2) return { kind: 'set', readable };
  // A holder's printed title: a line of letter-sized round shapes beside the coins.
  if (readable.length >= 2 && printedLine(coins, readable, photo.marks)) return { kind: 'set', readable };
  if (cues.overlaps >= heapOverlaps || unreadable >= heapUnreadable || rough >= heapRough) {
    // A roll is one coin: the few coins lying beside it are all one size, the size of most circles
    // its stack shows (a heap's one readable coin is often a small one on top of larger ones), and
    // its stack and paper give fewer circles than a heap of mixed coins does.
    const radii = readable.map((i) => coins[i]!.r);
    const all = coins.map((c) => c.r).sort((a, b) => a - b);
    const typical = all[all.length >> 1] ?? 0;
    const oneSize = radii.length === 0 || (Math.max(...radii) / Math.min(...radii) <= rollOneSize && Math.min(...radii) >= typical * rollCoinShare);
    return { kind: coins.length <= rollCircles && oneSize && (readable.length >= 1 || coins.length <= rollCirclesUnread) ? 'roll' : 'pile', readable };
  }
  // Nothing lying flat: a wrapped roll (a large object, or its crimped ends found as circles), or nothing.
  if (readable.length === 0) return { kind: coins.length > 0 || cues.largestShare >= wrappedRollShare ? 'roll' : 'none', readable };
  return { kind: 'coins', readable };
}

/**
 * Round marks far smaller than the coins (CoinPhotoAnalysis.marks) lying along one line (text, not
 * coins): six or more, or three or more beside at least three coins of clearly different sizes (a
 * set holds one coin of each denomination; a roll's coins are all one size, and its stack also
 * shows small circles in a line).
 */
function printedLine(coins: readonly MatchedCoin[], readable: readonly number[], marks: readonly Rim[]): boolean {
  const radii = readable.map((i) => coins[i]!.r).sort((a, b) => a - b);
  const typical = radii[radii.length >> 1]!;
  const small = marks.filter((m) => m.r < typical * letterSize);
  const mixed = radii.length >= 3 && radii.at(-1)! / radii[0]! > mixedSizes;
  if (small.length < (mixed ? lettersBesideMixed : letters)) return false;
  const mx = small.reduce((s, c) => s + c.x, 0) / small.length;
  const my = small.reduce((s, c) => s + c.y, 0) / small.length;
  let [a, b, c] = [0, 0, 0];
  for (const k of small) {
    a += (k.x - mx) ** 2;
    b += (k.y - my) ** 2;
    c += (k.x - mx) * (k.y - my);
  }
  const root = Math.sqrt(((a - b) / 2) ** 2 + c * c);
  return ((a + b) / 2 + root) / Math.max(1e-6, (a + b) / 2 - root) >= lineElongation;
}
