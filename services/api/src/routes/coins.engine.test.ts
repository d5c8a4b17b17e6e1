import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpotPrices, meltValue } from '@assay/coins';
import { priceAt } from '@assay/coins';
import type { SheldonGrade } from '@assay/catalog';
import { coinAssessmentResponseSchema, type CoinLocation } from '@assay/contract';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { asBase64Image } from '../../../../test/support/card-photos.ts';
import { coinCatalog, generatedCoinRequest, type GeneratedCoinPhoto } from '../../../../test/support/coin-photos.ts';
import { circleIs } from '../../../../test/support/locations.ts';

/*
 * Every coin rule of the spec through the HTTP API, on realistic generated photos (development
 * seeds). Each test exercises one rule; how accurate the engine is overall is the accuracy
 * benchmark's business (pnpm bench:accuracy).
 */
let api: TestApi;
let apiKey: string;
beforeAll(async () => {
  api = await createTestApi({ coins: true, database: 'pglite' });
  ({ apiKey } = await api.newKey(['coins.identity', 'coins.grade', 'coins.valuation']));
});
afterAll(() => api.close());

interface CoinBody {
  assessment_id: string;
  assessment: { presentation: string; items: Record<string, any>[] };
  issues: { code: string; message: string; image_index: number | null; item_index: number | null; section: string | null }[];
}

async function post(photos: GeneratedCoinPhoto[], key = apiKey, extra: Record<string, unknown> = {}) {
  return api.app.inject({
    method: 'POST',
    url: '/coins/assessments',
    headers: bearer(key),
    payload: { images: photos.map((photo, i) => asBase64Image(photo.jpeg, `photo-${i}.jpg`)), ...extra },
  });
}

async function assess(photos: GeneratedCoinPhoto[], key = apiKey, extra: Record<string, unknown> = {}): Promise<CoinBody> {
  const res = await post(photos, key, extra);
  expect(res.statusCode, res.body).toBe(200);
  // Every answer must match the published contract exactly (strict schemas: no extra fields).
  coinAssessmentResponseSchema.parse(res.json());
  return res.json() as CoinBody;
}

const codes = (body: CoinBody) => body.issues.map((i) => i.code);
const names = async (entryIds: (string | null)[]) => {
  const catalog = await coinCatalog();
  return entryIds.map((id) => catalog.coins.find((c) => c.id === id)!.identity.name).sort();
};
/** Catalog entries of the coins the truth says may be assessed in these photos. */
const readableIn = (photos: GeneratedCoinPhoto[], photo = 0) => photos[photo]!.truth.coins.filter((c) => c.readable).map((c) => c.entry_id);

describe('coins through the API, on generated photos', () => {
  it('a coin photo saved below JPEG quality 30 is assessed with IMAGE_HIGHLY_COMPRESSED on that image only', async () => {
    const [obverse, reverse] = await generatedCoinRequest('individual', 1101);
    const recompressed = { ...reverse!, jpeg: await sharp(reverse!.jpeg).jpeg({ quality: 25 }).toBuffer() };
    const body = await assess([obverse!, recompressed]);
    expect(body.issues.filter((i) => i.code === 'IMAGE_HIGHLY_COMPRESSED').map((i) => i.image_index)).toEqual([1]);
    expect(body.assessment.presentation).toBe('individual');
  });

  it('a coin photo cut through the coin is assessed with ITEM_CUT_OFF on that image only', async () => {
    const [obverse, reverse] = await generatedCoinRequest('individual', 1102);
    const [coin] = reverse!.truth.coins;
    const width = Math.round(coin!.centre[0] + coin!.radius / 3);
    const cut = { ...reverse!, jpeg: await sharp(reverse!.jpeg).extract({ left: 0, top: 0, width, height: reverse!.truth.height }).jpeg({ quality: 90 }).toBuffer() };
    const body = await assess([obverse!, cut]);
    expect(body.issues.filter((i) => i.code === 'ITEM_CUT_OFF').map((i) => i.image_index)).toEqual([1]);
  });

  it('an individual coin (obverse and reverse): identity, a Sheldon grade with its range, price and melt value', async () => {
    const photos = await generatedCoinRequest('individual', 1101);
    const body = await assess(photos);
    expect(body.assessment.presentation).toBe('individual');
    expect(body.assessment.items).toHaveLength(1);
    const [item] = body.assessment.items;
    const entryId = photos[0]!.truth.coins[0]!.entry_id!;
    const entry = (await coinCatalog()).coins.find((c) => c.id === entryId)!;
    expect(item!.identity).toMatchObject({ name: entry.identity.name, year: entry.identity.year, mint: entry.identity.mint, denomination: entry.identity.denomination });
    expect(item!.identity.material_composition).toEqual(entry.specs.composition.map((p) => ({ material: p.material, weight: Math.round(entry.specs.weight_g * p.fraction * 10_000) / 10_000, unit: 'g' })));
    expect(item!.grade.grade).toMatch(/^[A-Z]{1,2}-\d{1,2}$/);
    expect(item!.grade.grade_range).toHaveLength(2);
    expect(item!.grade.confidence).toBeGreaterThan(0);
    expect(item!.grade.details).toContain('Sheldon');
    expect(item!.valuation.melt_value).toBe(meltValue(entry, await loadSpotPrices()));
    expect(item!.valuation.price).toBe(priceAt(entry, item!.grade.grade as SheldonGrade));
  });

  it('a coin photographed too small to read its date: IMAGE_LOW_RESOLUTION on the photo of its dated face, and COIN_DATE_UNREAD says to come closer', async () => {
    // The coin 60 pixels in radius: its date about 10 pixels high, under the 14 a date is read at.
    const photos = await generatedCoinRequest('individual', 1101);
    const small = await Promise.all(photos.map(async (photo) => {
      const scale = 60 / photo.truth.coins[0]!.radius;
      return { ...photo, jpeg: await sharp(photo.jpeg).resize(Math.round(photo.truth.width * scale)).jpeg({ quality: 92 }).toBuffer() };
    }));
    const body = await assess(small);
    expect(body.assessment.items).toHaveLength(1);
    // The obverse carries the date; the reverse carries none, so its resolution is not judged by it.
    expect(body.issues.filter((i) => i.code === 'IMAGE_LOW_RESOLUTION').map((i) => i.image_index)).toEqual([0]);
    const [unread] = body.issues.filter((i) => i.code === 'COIN_DATE_UNREAD');
    expect(unread?.item_index).toBe(0);
    expect(unread?.message).toMatch(/too few pixels high to read \(photograph the coin closer/);
    // At full size the same coin's date is read, and the photos are not said to lack resolution.
    const full = await assess(photos);
    expect(full.issues.map((i) => i.code)).not.toContain('IMAGE_LOW_RESOLUTION');
  });

  it('a coin the catalog does not list is an item without an identity, with ITEM_NOT_IDENTIFIED on it, never another coin', async () => {
    const photos = await generatedCoinRequest('individual', 1102, { unlisted: true });
    const body = await assess(photos);
    expect(body.assessment.presentation).toBe('individual');
    expect(body.assessment.items).toHaveLength(1);
    const [item] = body.assessment.items;
    expect(item!.identity).toMatchObject({ name: null, year: null, mint: null, material_composition: [] });
    // The confidence that it is none of the catalog's, as calibrated: low, since on generated photos
    // most coins left unnamed are listed coins the engine failed to name.
    expect(item!.identity.confidence).toBeGreaterThan(0);
    expect(item!.grade).toBeUndefined();
    expect(item!.valuation).toEqual({ price: null, melt_value: null, confidence: 0 });
    expect(body.issues.filter((i) => i.code === 'ITEM_NOT_IDENTIFIED').map((i) => i.item_index)).toEqual([0]);
  });

  it('a group: every coin counted and identified, its two faces paired across the overview photos', async () => {
    const photos = await generatedCoinRequest('group', 1100);
    expect(photos).toHaveLength(2);
    const body = await assess(photos);
    expect(body.assessment.presentation).toBe('group');
    expect(body.assessment.items.map((i) => i.identity.name).sort()).toEqual(await names(readableIn(photos)));
    // Paired faces make one item per coin, not one per face.
    expect(codes(body)).not.toContain('COIN_FACES_UNPAIRED');
    // Each item says where its coin lies in each overview: one circle per photo, both on that coin.
    for (const item of body.assessment.items) {
      expect(item.location.map((place: CoinLocation) => place.image_index)).toEqual([0, 1]);
      const shown = item.location.map((place: CoinLocation) => photos[place.image_index]!.truth.coins.find((coin) => circleIs(place, coin))?.coin_id);
      expect(shown[0]).toBeDefined();
      expect(shown[1]).toBe(shown[0]);
    }
    expect(new Set(body.assessment.items.map((item) => item.location[0].center.x)).size).toBe(body.assessment.items.length);
  });

  it('an opened roll: only the coins lying whole and flat are assessed, and the issue says so', async () => {
    const photos = await generatedCoinRequest('roll', 1100);
    expect(photos[0]!.truth.roll!.wrapped).toBe(false);
    const body = await assess(photos);
    expect(body.assessment.presentation).toBe('roll');
    // The rule is about which coins are assessed: exactly the readable ones, each of the roll's type.
    // (Telling a Morgan dollar's year and mint apart is the accuracy benchmark's business.)
    const catalog = await coinCatalog();
    const rollType = catalog.coins.find((c) => c.id === photos[0]!.truth.roll!.entry_id)!.identity.type;
    expect(body.assessment.items).toHaveLength(readableIn(photos).length);
    for (const item of body.assessment.items) expect(item.identity.type).toBe(rollType);
    expect(body.assessment.items.length).toBeLessThan(photos[0]!.truth.roll!.coin_count);
    expect(codes(body)).toContain('COIN_ROLL_PARTLY_ASSESSED');
  });

  it('a wrapped roll: nothing can be assessed, so no item', async () => {
    const photos = await generatedCoinRequest('roll', 1102);
    expect(photos[0]!.truth.roll!.wrapped).toBe(true);
    const body = await assess(photos);
    expect(body.assessment.presentation).toBe('roll');
    expect(body.assessment.items).toEqual([]);
    expect(codes(body)).toContain('COIN_ROLL_PARTLY_ASSESSED');
  });

  it('pile photos beside a proper pair of one coin are ignored, with an issue naming them', async () => {
    const photos = await generatedCoinRequest('pile', 1101);
    const piles = photos.flatMap((p, i) => (p.truth.presentation === 'pile' ? [i] : []));
    expect(piles.length).toBeGreaterThan(0);
    const body = await assess(photos);
    expect(body.assessment.presentation).toBe('individual');
    const single = photos.find((p) => p.truth.presentation === 'individual')!;
    expect(body.assessment.items.map((i) => i.identity.name)).toEqual(await names([single.truth.coins[0]!.entry_id]));
    expect(body.issues.filter((i) => i.code === 'COIN_PILE_IGNORED').map((i) => i.image_index)).toEqual(piles);
  });

  it.each([
    ['made up of pile photos', 'pile', 1102, 'COINS_MAINLY_PILES'],
    ['of an ancient coin', 'ancient', 1100, 'COINS_ANCIENT_UNSUPPORTED'],
    ['of a date run', 'date_run', 1101, 'COINS_DATE_RUN_UNSUPPORTED'],
    ['of a coin set in its holder', 'set', 1101, 'COINS_SET_UNSUPPORTED'],
  ] as const)('a request %s is rejected with 422 and its own code', async (_name, presentation, seed, code) => {
    const photos = await generatedCoinRequest(presentation, seed);
    const res = await post(photos);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code });
  });

  it('include: enabled sections served, the others reported as issues; the stored assessment keeps the presentation', async () => {
    const { apiKey: identityOnly } = await api.newKey(['coins.identity']);
    const photos = await generatedCoinRequest('individual', 1101);
    const body = await assess(photos, identityOnly, { include: ['identity', 'valuation'], external_id: 'lot-7' });
    // Other coins it could be come with the identity; where the coin was seen is no section, it comes with whichever are served.
    expect(Object.keys(body.assessment.items[0]!)).toEqual(['identity', 'candidates', 'location']);
    expect(body.issues).toContainEqual(expect.objectContaining({ code: 'SECTION_NOT_ENABLED', section: 'valuation' }));
    const stored = await api.app.inject({ method: 'GET', url: `/assessments/${body.assessment_id}`, headers: bearer(identityOnly) });
    expect(stored.json()).toMatchObject({ external_id: 'lot-7', assessment: { presentation: 'individual' } });
  });
});
