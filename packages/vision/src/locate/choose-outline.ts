import { featureGrids, cardFeatures } from '../features/card-features.ts';
import { matchable, rotated180, type MatchableFeatures } from '../features/match-features.ts';
import type { Quad } from '../geometry/point.ts';
import { rectifyQuad } from '../geometry/rectify.ts';
import type { RgbImage } from '../image/raster.ts';

/**
 * Picks, among nested outlines of one item (sleeve, the card's own edge, its printed frame, a
 * holder, line pairs mixing them), the one whose contents look most like some known card. Edge
 * strength cannot settle this: a black-bordered card on a dark table has a fainter outer edge than
 * its printed frame, and a sleeve against a dark table a stronger one than the card inside. The
 * catalog can: only the true outline rectifies into an image aligned with a reference.
 * Returns the index of the best outline and its likeness (0..1).
 */
export async function chooseOutline(photo: RgbImage, outlines: Quad[], references: MatchableFeatures[]): Promise<{ index: number; likeness: number }> {
  let best = { index: 0, likeness: -1 };
  const [width, height] = featureGrids.detail;
  for (let i = 0; i < outlines.length; i++) {
    const { image } = rectifyQuad(photo, outlines[i]!, { width, height });
    const upright = matchable(await cardFeatures(image));
    const turned = rotated180(upright);
    let likeness = 0;
    for (const ref of references) likeness = Math.max(likeness, layoutLikeness(upright, ref), layoutLikeness(turned, ref));
    if (likeness > best.likeness) best = { index: i, likeness };
  }
  return best;
}

/**
 * Coarse layout and colour agreement (similarity without the fine-detail term, which is costly
 * over a whole catalog and adds nothing to telling outlines a few per cent apart).
 */
function layoutLikeness(photo: MatchableFeatures, reference: MatchableFeatures): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < photo.thumb.length; i++) {
    ab += photo.thumb[i]! * reference.thumb[i]!;
    aa += photo.thumb[i]! ** 2;
    bb += reference.thumb[i]! ** 2;
  }
  const thumb = aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
  let diff = 0;
  for (let i = 0; i < photo.colour.length; i++) diff += Math.abs(photo.colour[i]! - reference.colour[i]!);
  const colour = Math.max(0, 1 - diff / photo.colour.length / 100 / 0.12);
  return 0.65 * Math.max(0, thumb) + 0.35 * colour;
}
