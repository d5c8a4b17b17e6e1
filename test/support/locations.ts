import type { BoxLocation, CoinLocation } from '@assay/contract';

/**
 * A reported box holds the item when it overlaps the item's true bounding box (clipped to the photo,
 * as the reported one is) by half of their union or more: the item, not a neighbour or the table
 * around it. Half is the PASCAL VOC bar for a detection being the object.
 */
export const sameBoxOverlap = 0.5;

/** Intersection over union of a reported box and the bounding box of true corners, both clipped to the photo. */
export function boxOverlap(reported: BoxLocation['box'], corners: readonly (readonly [number, number])[], photo: { width: number; height: number }): number {
  const clip = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const xs = corners.map(([x]) => clip(x, photo.width));
  const ys = corners.map(([, y]) => clip(y, photo.height));
  const truth = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  const seen = { x0: reported.x, y0: reported.y, x1: reported.x + reported.width, y1: reported.y + reported.height };
  const across = Math.max(0, Math.min(truth.x1, seen.x1) - Math.max(truth.x0, seen.x0));
  const down = Math.max(0, Math.min(truth.y1, seen.y1) - Math.max(truth.y0, seen.y0));
  const both = across * down;
  const union = (truth.x1 - truth.x0) * (truth.y1 - truth.y0) + reported.width * reported.height - both;
  return union > 0 ? both / union : 0;
}

/** Within this share of a true coin's radius a found coin's centre is that coin. */
export const sameCoinShare = 0.5;

/** A reported circle is the true coin when its centre is within `sameCoinShare` of the coin's radius of the coin's and its radius within a quarter of the coin's. */
export function circleIs(reported: CoinLocation, coin: { centre: readonly [number, number]; radius: number }): boolean {
  const offset = Math.hypot(reported.center.x - coin.centre[0], reported.center.y - coin.centre[1]);
  return offset < coin.radius * sameCoinShare && Math.abs(Math.log(reported.radius / coin.radius)) < Math.log(1.25);
}
