import { applyHomography, homographyFromPoints, type Point, type Quad } from '@assay/pixels';

/**
 * The quad in the photo covering a region given in card units (0..1 across, 0..1 down, values
 * outside reach beyond the card): lets the holder label above a card be rectified like the card.
 */
export function regionQuad(card: Quad, x0: number, y0: number, x1: number, y1: number): Quad {
  const unit: Point[] = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ];
  const h = homographyFromPoints(unit, card);
  return [
    applyHomography(h, { x: x0, y: y0 }),
    applyHomography(h, { x: x1, y: y0 }),
    applyHomography(h, { x: x1, y: y1 }),
    applyHomography(h, { x: x0, y: y1 }),
  ];
}
