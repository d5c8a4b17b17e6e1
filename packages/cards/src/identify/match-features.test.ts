import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { RgbImage } from '@assay/pixels';
import { analyseCardPhoto } from '../analyse-card-photo.ts';
import { cardFeatures, featureGrids, gridMasks } from './card-features.ts';
import { discriminate, matchable, rotated180, similarity } from './match-features.ts';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from '../test-support/synthetic-card.ts';

const designs = [
  { border: '#e8c640', frame: '#3a7bd5', art: '#88cc77', name: 'Emberfox', insetX: 0.06, insetY: 0.045 },
  { border: '#e8c640', frame: '#3a7bd5', art: '#cc5544', name: 'Glimmerwing', insetX: 0.06, insetY: 0.045 },
  { border: '#c0c0c0', frame: '#222222', art: '#88cc77', name: 'Stonehide', insetX: 0.05, insetY: 0.04 },
  { border: '#3a7bd5', frame: '#e8c640', art: '#553377', name: 'Nightbloom', insetX: 0.07, insetY: 0.05 },
];

describe('card features', () => {
  it('match a photographed card (upside down, too) to its own reference among several', async () => {
    const references = await Promise.all(designs.map(async (d) => matchable(await cardFeatures(await renderCard(d)))));
    for (const [i, design] of designs.entries()) {
      const photo = paintCard(await renderBackground(1200, 900, i), await renderCard(design), cardQuad(600, 450, 620, 175 + i * 3, 0.05));
      const analysis = await analyseCardPhoto(await toJpeg(photo, 80));
      const features = matchable(analysis.card!.features);
      const scores = references.map((r) => Math.max(similarity(features, r), similarity(rotated180(features), r)));
      expect(scores.indexOf(Math.max(...scores))).toBe(i);
    }
  });

  it('tell a reprint by its card number, even from a crop a little out of register', async () => {
    const original = await renderCard(designs[0]!);
    const reprint = matchable(await cardFeatures(await renderCard({ ...designs[0]!, number: '045/090' })));
    const reference = matchable(await cardFeatures(original));
    // A slab outline a few pixels off: the crop ends short of the card's bottom edge and is stretched
    // back to size, which moves the small print at the bottom by about two cells of the detail grid.
    const photo = matchable(await cardFeatures(await cropped(original, { left: 2, top: 0, width: original.width - 2, height: original.height - 8 })));
    expect(discriminate(photo, reference, reprint)).toBeGreaterThan(0.5);
    expect(discriminate(photo, reprint, reference)).toBeLessThan(-0.5);
  });

  it('read a reprint\'s number in place when the print around it is blown out', async () => {
    const original = await renderCard(designs[0]!);
    const reprint = matchable(await cardFeatures(await renderCard({ ...designs[0]!, number: '045/090' })));
    const reference = matchable(await cardFeatures(original));
    const photo = matchable(await cardFeatures(original));
    // White print in a slab overexposed: the bottom band blown out all but the darkest ink, too few
    // cells to align on (aligned on them, a chance offset fits them best).
    const [w, h] = featureGrids.detail;
    const detail = Uint8Array.from(photo.detail, (v, i) => (i >= (h - 16) * w && v > -60 ? 1 : 0));
    const blown = { ...photo, masks: gridMasks(detail) };
    expect(discriminate(blown, reference, reprint)).toBeGreaterThan(0.3);
  });

  it('are plain JSON', async () => {
    const features = await cardFeatures(await renderCard(designs[0]!));
    expect(JSON.parse(JSON.stringify(features))).toEqual(features);
  });
});

async function cropped(image: RgbImage, region: { left: number; top: number; width: number; height: number }): Promise<RgbImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract(region)
    .resize(image.width, image.height, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: image.width, height: image.height, data };
}
