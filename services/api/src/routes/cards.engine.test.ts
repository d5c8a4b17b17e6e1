import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardAssessmentResponseSchema, type BoxLocation } from '@assay/contract';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { asBase64Image, generatedCardPhoto } from '../../../../test/support/card-photos.ts';
import { boxOverlap } from '../../../../test/support/locations.ts';

/*
 * The card rules through the HTTP API on realistic generated photos (development seeds). Each test
 * exercises one rule; how accurate the engine is overall is the accuracy benchmark's business.
 */
let api: TestApi;
let apiKey: string;
beforeAll(async () => {
  api = await createTestApi({ cards: true, database: 'pglite' });
  ({ apiKey } = await api.newKey(['cards.identity', 'cards.grade']));
});
afterAll(() => api.close());

const card = 'starfall-legends-quasar-monk-047';

async function assess(photos: Buffer[]) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/cards/assessments',
    headers: bearer(apiKey),
    payload: { images: photos.map((photo, i) => asBase64Image(photo, `photo-${i}.jpg`)) },
  });
  expect(res.statusCode, res.body).toBe(200);
  // Every answer must match the published contract exactly (strict schemas: no extra fields).
  cardAssessmentResponseSchema.parse(res.json());
  return res.json() as { assessment: { items: Record<string, any>[] }; issues: { code: string; image_index: number | null; section: string | null }[] };
}

const codes = (body: Awaited<ReturnType<typeof assess>>) => body.issues.map((i) => i.code);

describe('cards through the API, on generated photos', () => {
  it('a front and a recognisable back: identity and a grade with four subgrades', async () => {
    const front = await generatedCardPhoto({ entryId: card, face: 'front', seed: 1101 });
    const back = await generatedCardPhoto({ entryId: card, face: 'back', seed: 1101 });
    const body = await assess([front.jpeg, back.jpeg]);
    const [item] = body.assessment.items;
    expect(item!.identity).toMatchObject({ name: 'Quasar Monk', card_number: expect.any(String), holder: null });
    expect(item!.identity.confidence).toBeGreaterThanOrEqual(0.5);
    // Other cards it could be, for review (the engine's own test lists some): none beside a sure match.
    expect(item!.candidates).toEqual(item!.identity.confidence === 1 ? [] : expect.any(Array));
    expect(item!.grade.grade).toMatch(/^(10|[1-9])$/);
    expect(Object.keys(item!.grade.subgrades).sort()).toEqual(['centering', 'corners', 'edges', 'surface']);
    const ratio = expect.stringMatching(/^\d{1,3}\/\d{1,3}$/);
    expect(item!.grade.centering_ratios).toEqual({ front: { left_right: ratio, top_bottom: ratio }, back: { left_right: ratio, top_bottom: ratio } });
    // How sure the grade is, as a probability (grade-confidence.test.ts says how it is drawn).
    expect(item!.grade.confidence).toBeGreaterThan(0);
    expect(item!.grade.confidence).toBeLessThanOrEqual(1);
    // Where the card lies in each photo: a box around the card itself, not the table.
    expect(item!.location.map((place: BoxLocation) => place.image_index)).toEqual([0, 1]);
    for (const [index, photo] of [front, back].entries()) {
      expect(boxOverlap(item!.location[index].box, photo.truth.corners, photo.truth)).toBeGreaterThan(0.9);
    }
  });

  it('a front cut off by the photo: identity, and no grade with an issue saying why', async () => {
    const front = await generatedCardPhoto({ entryId: card, face: 'front', seed: 1107, defect: 'cut_off' });
    const back = await generatedCardPhoto({ entryId: card, face: 'back', seed: 1107 });
    const body = await assess([front.jpeg, back.jpeg]);
    expect(body.assessment.items[0]!.identity.name).toBe('Quasar Monk');
    expect(body.assessment.items[0]!.grade).toBeUndefined();
    expect(body.issues).toContainEqual(expect.objectContaining({ code: 'CARD_BORDERS_UNMEASURED', section: 'grade', image_index: 0, message: expect.stringContaining('runs off the photo') }));
  });

  it('a back no catalog lists: identity, no grade, and an issue saying why', async () => {
    const front = await generatedCardPhoto({ entryId: card, face: 'front', seed: 1102, unknownBack: true });
    const back = await generatedCardPhoto({ entryId: card, face: 'back', seed: 1102, unknownBack: true });
    const body = await assess([front.jpeg, back.jpeg]);
    expect(body.assessment.items[0]!.identity.name).toBe('Quasar Monk');
    expect(body.assessment.items[0]!.grade).toBeUndefined();
    expect(codes(body)).toContain('CARD_BACK_NOT_RECOGNIZED');
  });

  it("a card in a grading holder: the label read into the company (one the catalog names), certificate number and the label's grade", async () => {
    const front = await generatedCardPhoto({ entryId: card, face: 'front', seed: 1103, holder: true });
    const body = await assess([front.jpeg]);
    expect(body.assessment.items[0]!.identity.holder).toEqual({
      company: front.truth.holder!.company,
      certificate_number: front.truth.holder!.certificate_number,
      grade: String(front.truth.grade),
    });
  });

  it('two cards in one photo, or fronts of two cards: MULTIPLE_ITEMS', async () => {
    const two = await generatedCardPhoto({ entryId: card, face: 'front', seed: 1104, cardCount: 2 });
    const both = await assess([two.jpeg]);
    // The issue says where each card lies, so a reviewer sees which two were found.
    const multiple = both.issues.find((i) => i.code === 'MULTIPLE_ITEMS') as { message: string } | undefined;
    expect(multiple?.message).toMatch(/^image 0: 2 cards in one photo \(at x \d+, y \d+, \d+ × \d+ px; at x \d+, y \d+, \d+ × \d+ px\)/);
    const other = await generatedCardPhoto({ entryId: 'aetherium-tidecaller-siren-058', face: 'front', seed: 1105 });
    const front = await generatedCardPhoto({ entryId: card, face: 'front', seed: 1106 });
    expect(codes(await assess([front.jpeg, other.jpeg]))).toContain('MULTIPLE_ITEMS');
  });

  it.each([
    ['blurred', 'IMAGE_BLURRED'],
    ['low_resolution', 'IMAGE_LOW_RESOLUTION'],
    ['highly_compressed', 'IMAGE_HIGHLY_COMPRESSED'],
    ['too_small', 'ITEM_TOO_SMALL'],
  ] as const)('a %s photo raises %s on that image', async (defect, code) => {
    const clean = await generatedCardPhoto({ entryId: card, face: 'front', seed: 1107 });
    const bad = await generatedCardPhoto({ entryId: card, face: 'back', seed: 1107, defect });
    const body = await assess([clean.jpeg, bad.jpeg]);
    expect(body.issues).toContainEqual(expect.objectContaining({ code, image_index: 1 }));
    expect(body.issues.filter((i) => i.image_index === 0 && i.code === code)).toEqual([]);
  });
});
