import { describe, expect, it } from 'vitest';
import { distance, loadPhoto, locateQuads, refineQuad } from '../index.ts';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from '../test-support/synthetic-card.ts';
import type { RgbImage } from '../image/raster.ts';

/** Fills an axis-aligned rectangle, clipped to the photo (a box or sleeve running out of the frame). */
function fillRect(photo: RgbImage, x0: number, y0: number, x1: number, y1: number, grey: number): RgbImage {
  for (let y = Math.max(0, y0); y < Math.min(photo.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(photo.width, x1); x++) photo.data.fill(grey, (y * photo.width + x) * 3, (y * photo.width + x) * 3 + 3);
  }
  return photo;
}

const design = { border: '#e8c640', frame: '#3a7bd5', art: '#88cc77', name: 'Emberfox', insetX: 0.06, insetY: 0.045 };

describe('locating a card', () => {
  it.each([
    [12, 0.06],
    [-30, 0.08],
    [85, 0.04],
  ])('finds a card rotated %i° with keystone %f to within a pixel', async (degrees, keystone) => {
    const photo = paintCard(await renderBackground(1200, 900, degrees + 100), await renderCard(design), cardQuad(600, 450, 560, degrees, keystone));
    const truth = cardQuad(600, 450, 560, degrees, keystone);
    const loaded = await loadPhoto(await toJpeg(photo));
    const found = locateQuads(loaded.work);
    expect(found).toHaveLength(1);
    const coarse = found[0]!.quad.map((p) => ({ x: p.x * loaded.scale, y: p.y * loaded.scale }));
    const quad = refineQuad(loaded.full, coarse as typeof found[0]['quad'], loaded.scale * 3 + 2);
    for (const corner of quad) expect(Math.min(...truth.map((t) => distance(t, corner)))).toBeLessThan(1);
  });

  it('counts two cards', async () => {
    const background = await renderBackground(1400, 900, 3);
    const card = await renderCard(design);
    paintCard(background, card, cardQuad(380, 450, 520, 8));
    paintCard(background, card, cardQuad(1020, 450, 520, -10));
    const loaded = await loadPhoto(await toJpeg(background));
    expect(locateQuads(loaded.work)).toHaveLength(2);
  });

  it('takes a fully seen card over a card-shaped outline closed by the edge of the photo', async () => {
    // A dark panel running out of the top of the photo: its sides, its bottom and the photo's top
    // edge make a card-shaped outline around the card, as a sleeve or box lid cut off by the frame can.
    const photo = fillRect(await renderBackground(1200, 900, 5), 328, -200, 872, 760, 40);
    const truth = cardQuad(600, 440, 560, 0);
    paintCard(photo, await renderCard(design), truth);
    const loaded = await loadPhoto(await toJpeg(photo));
    const found = locateQuads(loaded.work)[0]!.quad.map((p) => ({ x: p.x * loaded.scale, y: p.y * loaded.scale }));
    // The card's top edge, not the photo's: which of the nested outlines below it is the card is
    // for the catalog to settle (chooseOutline), but none of them leans on the frame.
    const top = found.toSorted((a, b) => a.y - b.y).slice(0, 2);
    for (const corner of top) expect(Math.abs(corner.y - truth[0].y)).toBeLessThan(15);
  });
});
