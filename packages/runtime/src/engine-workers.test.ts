import { beforeAll, describe, expect, it } from 'vitest';
import { cardAnalysis } from '@assay/cards';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from '@assay/cards/test-support';
import { coinAnalysis, type CoinFaceReference } from '@assay/coins';
import { toyAnalysis } from '@assay/toys';
import { createEngineWorkers } from './engine-workers.ts';

async function cardPhoto(): Promise<Buffer> {
  const card = await renderCard({ border: '#d94a4a', frame: '#f4f1e8', art: '#446688', name: 'Tidecaller', insetX: 0.06, insetY: 0.045, shiftX: 0, shiftY: 0 });
  return toJpeg(paintCard(await renderBackground(1000, 750, 5), card, cardQuad(500, 375, 500, 4, 0.05)));
}

describe.each([
  { shape: 'on worker threads', many: 2, one: 1 },
  { shape: 'on the calling thread', many: 0, one: 0 },
])('the engine workers $shape', ({ many, one }) => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await cardPhoto();
  });

  it('serve every category from one pool, started ahead of the first photo by warm()', async () => {
    const workers = createEngineWorkers(many);
    try {
      await workers.warm();
      const [card, toy, coins] = await Promise.all([cardAnalysis(workers, [])(photo), toyAnalysis(workers)(photo), coinAnalysis(workers, [])(photo)]);
      expect(card.quads).toHaveLength(1);
      expect(toy.objects.length).toBeGreaterThan(0);
      expect(coins.coins.every((coin) => coin.candidates.length === 0)).toBe(true);
    } finally {
      await workers.close();
    }
  });

  it('answer a photo that cannot be decoded with its error, and go on serving', async () => {
    const workers = createEngineWorkers(one);
    try {
      const cards = cardAnalysis(workers, []);
      await expect(cards(Buffer.from('not an image'))).rejects.toThrow();
      expect((await cards(photo)).quads).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });

  it('take photos sent all at once one after another, each answered with its own outcome', async () => {
    const workers = createEngineWorkers(one);
    try {
      const cards = cardAnalysis(workers, []);
      const outcomes = await Promise.allSettled([photo, Buffer.from('not an image'), photo, photo].map((bytes) => cards(bytes)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      const quads = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value.quads] : []));
      expect(quads[1]).toEqual(quads[0]);
      expect(quads[2]).toEqual(quads[0]);
    } finally {
      await workers.close();
    }
  });

  it('answer the photos of a category whose settings cannot be used with why, and serve the others', async () => {
    const workers = createEngineWorkers(one);
    try {
      const coins = coinAnalysis(workers, null as unknown as CoinFaceReference[]);
      await expect(coins(photo)).rejects.toThrow(/coins settings could not be used/);
      expect((await cardAnalysis(workers, [])(photo)).quads).toHaveLength(1);
    } finally {
      await workers.close();
    }
  });

  it('reject work once closed', async () => {
    const workers = createEngineWorkers(one);
    const toys = toyAnalysis(workers);
    expect((await toys(photo)).objects.length).toBeGreaterThan(0);
    await workers.close();
    await expect(toys(photo)).rejects.toThrow(/closed/);
  });
});

it('the engine workers give the same analyses on the calling thread as on a worker thread', async () => {
  const photo = await cardPhoto();
  const analyses = [];
  for (const size of [1, 0]) {
    const workers = createEngineWorkers(size);
    try {
      analyses.push(await Promise.all([cardAnalysis(workers, [])(photo), toyAnalysis(workers)(photo), coinAnalysis(workers, [])(photo)]));
    } finally {
      await workers.close();
    }
  }
  // Everything but how long each step took.
  const untimed = (value: unknown) => JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'timings' ? undefined : v)));
  expect(untimed(analyses[1])).toEqual(untimed(analyses[0]));
});
