import type { CoinPhotoResult, MatchedCoin } from '@assay/vision';
import type { CoinPhotoKind } from './coin-recognizer.ts';

/*
 * Thresholds below were set on generator photos of the tuning seeds (1000–1999), never on the
 * accuracy benchmark's seed.
 */

/** Rim support of a coin lying flat and whole (a pile's half-hidden coins show less). */
const cleanSupport = 0.75;
/** Rim irregularity beyond any struck coin's, even a small one's: a coin seen edge-on, leaning or half hidden. */
const roughRim = 0.08;

const overlapping = (a: MatchedCoin, b: MatchedCoin) => a !== b && Math.hypot(a.x - b.x, a.y - b.y) < (a.r + b.r) * 0.95;

/** Coins lying flat, whole and apart from the others: these can be identified and graded. */
export function readableCoins(coins: readonly MatchedCoin[]): number[] {
  return coins.flatMap((c, i) => (c.support >= cleanSupport && c.inFrame && !coins.some((o) => overlapping(c, o)) ? [i] : []));
}

/** Spread of the circles' centres: length over width of their second moments (1 for a round heap). */
function centreElongation(coins: readonly MatchedCoin[]): number {
  if (coins.length < 3) return 1;
  const mx = coins.reduce((s, c) => s + c.x, 0) / coins.length;
  const my = coins.reduce((s, c) => s + c.y, 0) / coins.length;
  let [a, b, c] = [0, 0, 0];
  for (const k of coins) {
    a += (k.x - mx) ** 2;
    b += (k.y - my) ** 2;
    c += (k.x - mx) * (k.y - my);
  }
  const root = Math.sqrt(((a - b) / 2) ** 2 + c * c);
  return Math.sqrt(((a + b) / 2 + root) / Math.max(1e-6, (a + b) / 2 - root));
}

/** What kind of coin photo this is, from the coins found and what else is in the frame. */
export function classifyCoinPhoto(photo: CoinPhotoResult): { kind: CoinPhotoKind; readable: number[] } {
  const { coins, cues } = photo;
  const readable = readableCoins(coins);
  const irregular = coins.filter((c) => c.irregularity >= roughRim || c.support < cleanSupport);
  // A holder: a large, compact region that is neither table nor coin, with coins lying in it.
  if (cues.largestShare >= 0.2 && cues.elongation < 1.8 && readable.length >= 2) return { kind: 'set', readable };
  // A wrapped roll: a large elongated object and no coin lying flat beside it.
  if (readable.length === 0 && cues.largestShare >= 0.04) return { kind: 'roll', readable };
  if (cues.overlaps >= 3 || irregular.length >= 3) {
    // An opened roll's stack shows as a line of edge-on ellipses; a heap spreads every way.
    const kind = centreElongation(irregular) >= 2.5 || (cues.elongation >= 2.5 && cues.largestShare >= 0.002) ? 'roll' : 'pile';
    return { kind, readable };
  }
  if (coins.length === 0) return { kind: 'none', readable };
  return { kind: 'coins', readable };
}
