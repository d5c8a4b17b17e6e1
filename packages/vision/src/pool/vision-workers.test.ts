import { beforeAll, describe, expect, it } from 'vitest';
import { createVisionWorkers, type CoinFaceReference } from '../index.ts';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from '../test-support/synthetic-card.ts';

async function cardPhoto(): Promise<Buffer> {
  const card = await renderCard({ border: '#d94a4a', frame: '#f4f1e8', art: '#446688', name: 'Tidecaller', insetX: 0.06, insetY: 0.045, shiftX: 0, shiftY: 0 });
  return toJpeg(paintCard(await renderBackground(1000, 750, 5), card, cardQuad(500, 375, 500, 4, 0.05)));
}

describe('the shared vision workers', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await cardPhoto();
  });

  it('serve every category from one pool, started ahead of the first photo by warm()', async () => {
    const workers = createVisionWorkers(2);
    try {
      await workers.warm();
      const [card, toy, coins] = await Promise.all([workers.cards([]).analyse(photo), workers.toys().run(photo), workers.coins([]).run(photo)]);
      expect(card.quads).toHaveLength(1);
      expect(toy.objects.length).toBeGreaterThan(0);
      expect(coins.coins.every((coin) => coin.candidates.length === 0)).toBe(true);
    } finally {
      await workers.close();
    }
  });

  it('answer a photo that cannot be decoded with its error, and go on serving', async () => {
    const workers = createVisionWorkers(1);
    try {
      const cards = workers.cards([]);
      await expect(cards.analyse(Buffer.from('not an image'))).rejects.toThrow();
      expect((await cards.analyse(photo)).quads).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });

  it('take photos sent all at once one after another, each answered with its own outcome', async () => {
    const workers = createVisionWorkers(1);
    try {
      const cards = workers.cards([]);
      const outcomes = await Promise.allSettled([photo, Buffer.from('not an image'), photo, photo].map((bytes) => cards.analyse(bytes)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      const quads = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.quads] : []));
      expect(quads[1]).toEqual(quads[0]);
      expect(quads[2]).toEqual(quads[0]);
    } finally {
      await workers.close();
    }
  });

  it('answer the photos of a category whose settings cannot be used with why, and serve the others', async () => {
    const workers = createVisionWorkers(1);
    try {
      const coins = workers.coins(null as unknown as CoinFaceReference[]);
      await expect(coins.run(photo)).rejects.toThrow(/coins settings could not be used/);
      expect((await workers.cards([]).analyse(photo)).quads).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });

  it('reject work once closed, and a category handle does not close the shared workers', async () => {
    const workers = createVisionWorkers(1);
    const toys = workers.toys();
    await toys.close();
    expect((await toys.run(photo)).objects.length).toBeGreaterThan(0);
    await workers.close();
    await expect(toys.run(photo)).rejects.toThrow(/closed/);
  });
});
