import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toyAssessmentResponseSchema } from '@assay/contract';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { asBase64Image } from '../../../../test/support/card-photos.ts';
import { boxOverlap } from '../../../../test/support/locations.ts';
import { generatedToyPhoto } from '../../../../test/support/toy-photos.ts';

/*
 * The toy rules through the HTTP API on realistic generated photos (development seeds). Each test
 * exercises one rule; how accurate the engine is overall is the accuracy benchmark's business.
 */
let api: TestApi;
let apiKey: string;
beforeAll(async () => {
  api = await createTestApi({ toys: true, database: 'pglite' });
  ({ apiKey } = await api.newKey(['toys.identity', 'toys.valuation']));
  // Building the toy references takes about 50 s alone on two cores, longer beside other test files.
}, 180_000);
afterAll(() => api.close());

const toy = 'titan-guardian-deluxe-figure';
const titan = {
  name: 'Titan Guardian Deluxe Figure', character: 'Titan Guardian', year: '2009', brand: 'Orbit Playthings',
  manufacturer: 'Orbit Playthings Co.', franchise: 'Mecha Brawlers', toy_line: 'Mecha Brawlers Build Series', series: 'Deluxe',
  toy_sub_type: 'action_figure',
};

type Body = { assessment: { items: Record<string, any>[] }; issues: { code: string; image_index: number | null; section: string | null }[] };

async function assess(photos: Buffer[]): Promise<Body> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/toys/assessments',
    headers: bearer(apiKey),
    payload: { images: photos.map((photo, i) => asBase64Image(photo, `photo-${i}.jpg`)) },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Every answer must match the published contract exactly (strict schemas: no extra fields).
  toyAssessmentResponseSchema.parse(res.json());
  return res.json() as Body;
}

const codes = (body: Body) => body.issues.map((i) => i.code);

describe('toys through the API, on generated photos', () => {
  it('a loose toy: all nine identity fields with how sure the match is, the catalog price and range, and a confidence word', async () => {
    const { jpeg, truth } = await generatedToyPhoto({ entryId: toy, shot: 'item', seed: 1201 });
    const body = await assess([jpeg]);
    expect(body.assessment.items).toHaveLength(1);
    const [item] = body.assessment.items;
    const { confidence, ...identity } = item!.identity!;
    expect(identity).toEqual(titan);
    // Where the toy stands in the photo: a box around it, not the table.
    expect(item!.location).toEqual([{ image_index: 0, box: expect.any(Object) }]);
    expect(boxOverlap(item!.location[0].box, truth.corners, truth)).toBeGreaterThan(0.7);
    expect(item!.valuation).toEqual({ price: 55, price_range: { min: 35, max: 85 }, confidence: expect.stringMatching(/^(low|medium|high)$/) });
    // The number the valuation's word is drawn from (docs/api.md: high from 0.9, medium from 0.6).
    expect(confidence).toBeGreaterThanOrEqual(0.3);
    expect(confidence).toBeLessThanOrEqual(1);
    expect(item!.valuation!.confidence).toBe(confidence! >= 0.9 ? 'high' : confidence! >= 0.6 ? 'medium' : 'low');
    // A sure match leaves no other toy worth a reviewer's look (candidates: toys-engine.test.ts).
    expect(confidence).toBe(1);
    expect(item!.candidates).toEqual([]);
    expect(codes(body)).toEqual([]);
  });

  it('a toy still in its box is identified from the packaging alone', async () => {
    const { jpeg } = await generatedToyPhoto({ entryId: 'harbour-lighthouse', shot: 'packaging', seed: 1202 });
    const body = await assess([jpeg]);
    expect(body.assessment.items[0]!.identity.name).toBe('Harbour Lighthouse');
  });

  it('a model number read off the box names the toy, with a high confidence', async () => {
    const { jpeg } = await generatedToyPhoto({ entryId: 'midnight-interceptor', shot: 'model_number', surface: 'box', seed: 1203 });
    const body = await assess([jpeg]);
    expect(body.assessment.items[0]!.identity.name).toBe('Midnight Interceptor');
    expect(body.assessment.items[0]!.valuation.confidence).toBe('high');
  });

  it('a look-alike pair is told apart by the model number on the toy\'s base', async () => {
    // The two Thunderbolt GT cars share their shape and maker mark; only colour and the number differ.
    const car = await generatedToyPhoto({ entryId: 'thunderbolt-gt-chrome-blue', shot: 'item', seed: 1204 });
    const mark = await generatedToyPhoto({ entryId: 'thunderbolt-gt-chrome-blue', shot: 'model_number', surface: 'base', seed: 1205 });
    const body = await assess([car.jpeg, mark.jpeg]);
    expect(body.assessment.items[0]!.identity.name).toBe('Thunderbolt GT (Chrome Blue)');
    expect(body.assessment.items[0]!.valuation.confidence).toBe('high');
  });

  it('two toys in one photo: MULTIPLE_ITEMS on that image, and still one item', async () => {
    const two = await generatedToyPhoto({ entryId: toy, shot: 'item', seed: 1206, otherEntryId: 'barnaby-bear' });
    const body = await assess([two.jpeg]);
    expect(body.issues).toContainEqual(expect.objectContaining({ code: 'MULTIPLE_ITEMS', image_index: 0, message: expect.stringMatching(/^image 0: 2 toys in one photo \(at x \d+, y \d+, \d+ × \d+ px; at x \d+, y \d+, \d+ × \d+ px\)/) }));
    expect(body.assessment.items).toHaveLength(1);
    // The item's location is the toy it names, not the one beside it.
    const [item] = body.assessment.items;
    const [place] = item!.location;
    const truthOfNamed = item!.identity.name === titan.name ? two.truth.corners : two.truth.other_corners[0]!;
    expect(item!.location).toHaveLength(1);
    expect(boxOverlap(place.box, truthOfNamed, two.truth)).toBeGreaterThan(0.5);
    // A lone toy is not reported as two.
    const one = await generatedToyPhoto({ entryId: 'barnaby-bear', shot: 'item', seed: 1207 });
    expect(codes(await assess([one.jpeg]))).not.toContain('MULTIPLE_ITEMS');
  });

  it('photos of two different toys in one request: MULTIPLE_ITEMS; two views of one toy are not', async () => {
    const bear = await generatedToyPhoto({ entryId: 'barnaby-bear', shot: 'item', seed: 1211 });
    const titanPhoto = await generatedToyPhoto({ entryId: toy, shot: 'item', seed: 1212 });
    const mixed = await assess([bear.jpeg, titanPhoto.jpeg]);
    expect(mixed.issues).toContainEqual(expect.objectContaining({ code: 'MULTIPLE_ITEMS', image_index: null }));
    const side = await generatedToyPhoto({ entryId: 'barnaby-bear', shot: 'item', view: 1, seed: 1213 });
    expect(codes(await assess([bear.jpeg, side.jpeg]))).not.toContain('MULTIPLE_ITEMS');
  });

  it('an empty table: ITEM_NOT_FOUND and ITEM_NOT_IDENTIFIED, no item, no guess', async () => {
    const { jpeg, truth } = await generatedToyPhoto({ entryId: toy, shot: 'item', seed: 1208 });
    // The photo's left strip, well clear of the toy: table only.
    const right = Math.min(...truth.corners.map(([x]) => x));
    const empty = await sharp(jpeg).extract({ left: 0, top: 0, width: Math.floor(right * 0.8), height: truth.height }).resize({ width: 900 }).jpeg().toBuffer();
    const body = await assess([empty]);
    expect(body.assessment.items).toEqual([]);
    expect(codes(body)).toEqual(expect.arrayContaining(['ITEM_NOT_FOUND', 'ITEM_NOT_IDENTIFIED']));
  });

  it.each([
    ['blurred', 'IMAGE_BLURRED', (img: Sharp) => img.blur(8).jpeg({ quality: 92 })],
    ['heavily compressed', 'IMAGE_HIGHLY_COMPRESSED', (img: Sharp) => img.jpeg({ quality: 3 })],
    ['low-resolution', 'IMAGE_LOW_RESOLUTION', (img: Sharp) => img.resize({ width: 180 }).jpeg({ quality: 92 })],
  ] as const)('a %s extra photo raises %s on that image', async (_name, code, spoil) => {
    const clean = await generatedToyPhoto({ entryId: toy, shot: 'item', seed: 1209 });
    const side = await generatedToyPhoto({ entryId: toy, shot: 'item', view: 1, seed: 1210 });
    const body = await assess([clean.jpeg, await spoil(sharp(side.jpeg)).toBuffer()]);
    expect(body.issues).toContainEqual(expect.objectContaining({ code, image_index: 1 }));
    expect(body.issues.filter((i) => i.image_index === 0)).toEqual([]);
    expect(body.assessment.items[0]!.identity.name).toBe(titan.name);
  });
});
