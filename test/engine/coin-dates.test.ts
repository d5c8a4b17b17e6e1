import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type CoinEntry, type LoadedCatalog } from '@assay/catalog';
import { createRng, renderCoinFace, sampleCoinInstance } from '@assay/generator';
import { computeCoinReferences, createCatalogCoinRecognizer, createCoinsEngine, loadSpotPrices, type CoinRecognizer } from '@assay/coins';
import type { ReadLine, TextLineReader } from '@assay/pixels';

const catalogDir = new URL('../../catalog/sample/', import.meta.url).pathname;

/** A coin of the catalog, struck in `year` (null: the entry's own), obverse up, turned `turn` degrees. */
interface LaidCoin {
  entryId: string;
  year: string | null;
  turn: number;
  size?: number;
}

/** A photo of coins lying side by side on a plain table. */
async function coinsPhoto(catalog: LoadedCatalog, coins: LaidCoin[]): Promise<Buffer> {
  const layers = await Promise.all(coins.map(async ({ entryId, year, turn, size = 480 }, i) => {
    const instance = sampleCoinInstance(createRng(7 + i), catalog, { entryId, uncirculated: true }, { year, toning: 0 });
    const { image } = await renderCoinFace(catalog, instance, 'obverse', { size, lightFrom: 0 });
    const face = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }).rotate(turn, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
    const { width, height } = await sharp(face).metadata();
    return { input: face, left: Math.round(500 + 700 * i - width! / 2), top: Math.round(400 - height! / 2) };
  }));
  return sharp({ create: { width: 1000 + 700 * (coins.length - 1), height: 800, channels: 3, background: { r: 92, g: 74, b: 60 } } })
    .composite(layers)
    .jpeg({ quality: 92 })
    .toBuffer();
}

const coinPhoto = (catalog: LoadedCatalog, entryId: string, year: string | null, turn: number, size?: number) => coinsPhoto(catalog, [{ entryId, year, turn, size }]);

describe('coin dates read as text', () => {
  let catalog: LoadedCatalog;
  let recognizer: CoinRecognizer;
  let engine: ReturnType<typeof createCoinsEngine>;
  beforeAll(async () => {
    catalog = await loadCatalog(catalogDir);
    recognizer = createCatalogCoinRecognizer(await computeCoinReferences(catalog));
    const entries = new Map<string, CoinEntry>(catalog.coins.map((c) => [c.id, c]));
    engine = createCoinsEngine({ recognizer, entries, catalogVersionId: 1, spotPrices: await loadSpotPrices() });
  }, 180_000);
  afterAll(() => recognizer?.close());

  it('names the coin struck in the year its date reads, among its design\'s listed years', async () => {
    const result = await engine.assess([{ index: 0, bytes: await coinPhoto(catalog, 'roosevelt-dime-1990-p-copper-nickel-clad', null, 35) }], ['identity']);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]!.identity).toMatchObject({ type: 'Roosevelt Dime', year: '1990', mint: 'P' });
    expect(result.issues.map((i) => i.code)).not.toContain('COIN_DATE_UNREAD');
  }, 60_000);

  it('reports a coin whose date no listed coin of its design carries as not identified, saying what the date reads', async () => {
    const result = await engine.assess([{ index: 0, bytes: await coinPhoto(catalog, 'roosevelt-dime-1990-p-copper-nickel-clad', '1978', -50) }], ['identity']);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]!.identity).toMatchObject({ name: null, year: null });
    const notIdentified = result.issues.find((i) => i.code === 'ITEM_NOT_IDENTIFIED');
    expect(notIdentified?.item_index).toBe(0);
    expect(notIdentified?.message).toContain('date reads 1978');
  }, 60_000);

  it('names a coin too small in the photo for its date to be read by its relief alone, and says the date was not read', async () => {
    const result = await engine.assess([{ index: 0, bytes: await coinPhoto(catalog, 'walking-liberty-half-dollar-1942', null, 10, 150) }], ['identity']);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]!.identity).toMatchObject({ type: 'Walking Liberty Half Dollar', year: '1942' });
    expect(result.issues.filter((i) => i.code === 'COIN_DATE_UNREAD').map((i) => i.item_index)).toEqual([0]);
  }, 60_000);

  it('takes three coins of one type whose dates read alike for a group of that coin, not a date run', async () => {
    const dime = { entryId: 'roosevelt-dime-1990-p-copper-nickel-clad', year: null };
    const photo = await coinsPhoto(catalog, [{ ...dime, turn: 20 }, { ...dime, turn: -70 }, { ...dime, turn: 150 }]);
    const result = await engine.assess([{ index: 0, bytes: photo }], ['identity']);
    expect(result.summary.presentation).toBe('group');
    expect(result.items.map((i) => i.identity?.year)).toEqual(['1990', '1990', '1990']);
  }, 60_000);

  it('still takes three coins of one type struck in different years for a date run, which is unsupported', async () => {
    const dime = { entryId: 'roosevelt-dime-1990-p-copper-nickel-clad' };
    const photo = await coinsPhoto(catalog, [{ ...dime, year: '1988', turn: 20 }, { ...dime, year: '1989', turn: -70 }, { ...dime, year: '1990', turn: 150 }]);
    await expect(engine.assess([{ index: 0, bytes: photo }], ['identity'])).rejects.toMatchObject({ code: 'COINS_DATE_RUN_UNSUPPORTED' });
  }, 60_000);
});

/**
 * A reader that reads every date crop as `year`, sure of it, and weighs every other year far below:
 * what the recognizer does with a year read is then all that decides between a design's years.
 */
function readerOf(year: string): TextLineReader {
  const line = (spot: readonly string[] = []): ReadLine => ({
    text: year,
    score: 0.97,
    characterScores: [...year].map(() => 0.97),
    spotted: spot.map((word) => ({ word, cost: word === year ? 0 : -30 })),
  });
  return {
    read: async () => year,
    warm: async () => {},
    close: async () => {},
    readLines: async () => [],
    readLine: async (_image, spot) => line(spot),
  };
}

describe('a coin date read as text against the relief where its design\'s coins differ', () => {
  it('names the coin of the year read, though the relief there fits another year of the design better', async () => {
    const catalog = await loadCatalog(catalogDir);
    const references = await computeCoinReferences(catalog);
    // The photo is the 1990 dime's, its relief the 1990 print; the reader reads 1964 (a misread, or
    // a relief that was not aligned: either way the text is what is read).
    const photo = await coinPhoto(catalog, 'roosevelt-dime-1990-p-copper-nickel-clad', null, 35);
    const readingOther = createCatalogCoinRecognizer(references, { textReader: readerOf('1964') });
    const readingOwn = createCatalogCoinRecognizer(references, { textReader: readerOf('1990') });
    try {
      const other = await readingOther.recognizeCoins([{ index: 0, bytes: photo }]);
      expect(other.coins[0]!.date).toMatchObject({ state: 'read', year: '1964' });
      expect(other.coins[0]!.candidates[0]!.entryId).toBe('roosevelt-dime-1964-d-90-silver');
      const own = await readingOwn.recognizeCoins([{ index: 0, bytes: photo }]);
      expect(own.coins[0]!.candidates[0]!.entryId).toBe('roosevelt-dime-1990-p-copper-nickel-clad');
    } finally {
      await readingOther.close();
      await readingOwn.close();
    }
  }, 120_000);
});
