import { describe, expect, it } from 'vitest';
import { distance, edgeMap, type Quad } from '@assay/pixels';
import { cardFeatures } from '../identify/card-features.ts';
import { matchable } from '../identify/match-features.ts';
import { cardQuad, paintCard, renderBackground, renderCard } from '../test-support/synthetic-card.ts';
import { wholeCutOffCard } from './cut-off-card.ts';

const designs = [
  { border: '#d94a4a', frame: '#f4f1e8', art: '#446688', name: 'Tidecaller', insetX: 0.06, insetY: 0.045 },
  { border: '#2b3a8c', frame: '#e8e0c8', art: '#884422', name: 'Emberwing', insetX: 0.05, insetY: 0.04 },
];

/** A 480 × 360 work image with the first design's card at `quad`, and both designs as references. */
async function scene(quad: Quad) {
  const cards = await Promise.all(designs.map((d) => renderCard(d)));
  const work = paintCard(await renderBackground(480, 360, 5), cards[0]!, quad);
  const references = await Promise.all(cards.map(async (c) => matchable(await cardFeatures(c))));
  return { work, references };
}

/** Largest distance between corresponding corners, over both readings of the card. */
const cornerError = (a: Quad, b: Quad) => Math.min(...[0, 2].map((r) => Math.max(...a.map((p, i) => distance(p, b[(i + r) % 4]!)))));

describe('wholeCutOffCard', () => {
  it('draws a card whole from three sides in view when the frame cuts off its end', async () => {
    const truth = cardQuad(240, 300, 300, 4);
    const { work, references } = await scene(truth);
    const whole = wholeCutOffCard(work, edgeMap(work), references);
    expect(whole).not.toBeNull();
    expect(cornerError(whole!, truth)).toBeLessThan(8);
  });

  it('draws a card whole from the two sides of a corner in view, trying sizes', async () => {
    const truth = cardQuad(400, 80, 280, -8);
    const { work, references } = await scene(truth);
    const whole = wholeCutOffCard(work, edgeMap(work), references);
    expect(whole).not.toBeNull();
    expect(cornerError(whole!, truth)).toBeLessThan(20);
  });

  it('guesses only cards covering a given point', async () => {
    const { work, references } = await scene(cardQuad(240, 300, 300, 4));
    expect(wholeCutOffCard(work, edgeMap(work), references, { x: 40, y: 40 })).toBeNull();
  });
});
