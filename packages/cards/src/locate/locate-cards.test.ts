import { describe, expect, it } from 'vitest';
import { distance, loadPhoto, quadCentre } from '@assay/pixels';
import { locateQuads } from './locate-cards.ts';
import { refineQuad } from './refine-quad.ts';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from '../test-support/synthetic-card.ts';

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
    expect(await quadsOnTable(3, [cardQuad(380, 450, 520, 8), cardQuad(1020, 450, 520, -10)])).toHaveLength(2);
  });

  it('takes the card read first (left, or upper) for the one to assess, whichever outline ranks first', async () => {
    // The larger card's outline scores as well and ranks first by area: reading order overrides that.
    const [left, right] = (await quadsOnTable(3, [cardQuad(380, 450, 440, 8), cardQuad(1020, 450, 560, -10)])).map((q) => quadCentre(q.quad));
    expect(left!.x).toBeLessThan(right!.x);
    const [upper, lower] = (await quadsOnTable(7, [cardQuad(700, 250, 380, 94), cardQuad(700, 660, 460, 88)])).map((q) => quadCentre(q.quad));
    expect(upper!.y).toBeLessThan(lower!.y);
  });

  it('takes a much smaller card-shaped outline beside the card for clutter, not a second card', async () => {
    expect(await quadsOnTable(5, [cardQuad(480, 450, 560, 4), cardQuad(1120, 450, 320, -6)])).toHaveLength(1);
  });
});

/** The outlines found in a photo of the design's card laid at each of `places` on a 1400×900 table. */
async function quadsOnTable(tableSeed: number, places: ReturnType<typeof cardQuad>[]) {
  const background = await renderBackground(1400, 900, tableSeed);
  const card = await renderCard(design);
  for (const place of places) paintCard(background, card, place);
  const loaded = await loadPhoto(await toJpeg(background));
  return locateQuads(loaded.work);
}
