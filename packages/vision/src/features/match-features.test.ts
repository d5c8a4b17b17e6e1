import { describe, expect, it } from 'vitest';
import { analyseCardPhoto, cardFeatures, matchable, rotated180, similarity } from '../index.ts';
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

  it('are plain JSON', async () => {
    const features = await cardFeatures(await renderCard(designs[0]!));
    expect(JSON.parse(JSON.stringify(features))).toEqual(features);
  });
});
