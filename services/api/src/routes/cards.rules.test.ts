import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { asBase64Image, flatCardPhoto, sampleCardIds } from '../../../../test/support/card-photos.ts';

let api: TestApi;
let front: Buffer;
let back: Buffer;
let full: string;

beforeAll(async () => {
  api = await createTestApi({ cards: true });
  front = await flatCardPhoto({ cardId: sampleCardIds.find((id) => id.startsWith('starfall-legends-quasar-monk'))! });
  back = await flatCardPhoto({ back: 'starfall' });
  ({ apiKey: full } = await api.newKey(['cards.identity', 'cards.grade']));
});
afterAll(() => api.close());

const assess = (apiKey: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url: '/cards/assessments', headers: bearer(apiKey), payload: payload as Record<string, unknown> });

const uploadRef = async (apiKey: string, bytes: Buffer) =>
  (await api.app.inject({ method: 'POST', url: '/images', headers: bearer(apiKey), payload: asBase64Image(bytes) })).json().image_ref as string;

describe('POST /cards/assessments: request rules before any work', () => {
  it('401 without a valid key', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/cards/assessments', payload: { images: [asBase64Image(front)] } });
    expect(res.statusCode).toBe(401);
  });

  it('403 when the account has no card operation', async () => {
    const { apiKey } = await api.newKey(['coins.identity', 'toys.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(front)] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OPERATION_NOT_ENABLED');
  });

  it('403 when none of the requested sections is enabled', async () => {
    const { apiKey } = await api.newKey(['cards.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(front)], include: ['grade'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OPERATION_NOT_ENABLED');
  });

  it.each([
    ['no images', { images: [] }],
    ['too many images', { images: Array(11).fill({ image_ref: 'img_x' }) }],
    ['mixed input types', { images: [{ image_ref: 'img_x' }, { url: 'https://example.com/a.jpg' }] }],
    ['an image with two shapes', { images: [{ image_ref: 'img_x', url: 'https://example.com/a.jpg' }] }],
    ['an include value of another category', { images: [{ image_ref: 'img_x' }], include: ['valuation'] }],
    ['an unknown field', { images: [{ image_ref: 'img_x' }], priority: 'high' }],
    ['a non-string external_id', { images: [{ image_ref: 'img_x' }], external_id: 7 }],
  ])('400 for %s', async (_name, payload) => {
    const res = await assess(full, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_INVALID');
  });

  it('applies the intake limits to inline images, naming the image', async () => {
    const bad = await assess(full, { images: [asBase64Image(front), { filename: 'b.jpg', data: '###' }] });
    expect(bad.json()).toMatchObject({ status: 400, code: 'IMAGE_BASE64_INVALID', image_index: 1 });
    const pdf = await assess(full, { images: [asBase64Image(front), { filename: 'b.jpg', data: Buffer.from('%PDF-1.4 x').toString('base64') }] });
    expect(pdf.json()).toMatchObject({ status: 415, code: 'IMAGE_FORMAT_UNSUPPORTED', image_index: 1 });
    const huge = await assess(full, { images: [{ filename: 'h.jpg', data: Buffer.alloc(10_000_001).toString('base64') }] });
    expect(huge.json()).toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE' });
  });

  it('answers another account\'s image_ref exactly like an unknown one', async () => {
    const { apiKey: owner } = await api.newKey(['cards.identity']);
    const ref = await uploadRef(owner, front);
    const foreign = await assess(full, { images: [{ image_ref: ref }] });
    const unknown = await assess(full, { images: [{ image_ref: `img_${'Q'.repeat(43)}` }] });
    const strip = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });
    expect(foreign.statusCode).toBe(422);
    expect(strip(foreign.json())).toEqual(strip(unknown.json()));
    expect(foreign.json().code).toBe('IMAGE_REF_UNKNOWN');
  });
});

describe('POST /cards/assessments: include and issues', () => {
  it('serves enabled sections and reports the others as issues', async () => {
    const { apiKey } = await api.newKey(['cards.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(front), asBase64Image(back)], include: ['identity', 'grade'], external_id: 'listing-7' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'completed', external_id: 'listing-7' });
    expect(body.assessment.items).toHaveLength(1);
    // `candidates` (docs/api.md) comes with the identity section.
    expect(Object.keys(body.assessment.items[0])).toEqual(['identity', 'candidates', 'location']);
    expect(body.issues).toContainEqual(expect.objectContaining({ code: 'SECTION_NOT_ENABLED', section: 'grade' }));
  });

  it('without include, uses the enabled operations', async () => {
    const res = await assess(full, { images: [asBase64Image(front), asBase64Image(back)] });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.external_id).toBeNull();
    expect(Object.keys(body.assessment.items[0]).sort()).toEqual(['candidates', 'grade', 'identity', 'location']);
    expect(body.issues.filter((i: { code: string }) => i.code === 'SECTION_NOT_ENABLED')).toEqual([]);
  });

  it('an image that does not decode becomes an issue while the rest is assessed', async () => {
    const truncated = front.subarray(0, Math.floor(front.length / 2));
    const res = await assess(full, { images: [asBase64Image(front), asBase64Image(truncated)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ code: 'IMAGE_UNDECODABLE', image_index: 1, severity: 'error' }));
    const alone = await assess(full, { images: [asBase64Image(truncated)] });
    expect(alone.json()).toMatchObject({ status: 422, code: 'IMAGE_UNDECODABLE' });
  });

  it('without a back: identity and no grade, with an issue saying why', async () => {
    const body = (await assess(full, { images: [asBase64Image(front)] })).json();
    expect(body.assessment.items[0].identity).toBeDefined();
    expect(body.assessment.items[0].grade).toBeUndefined();
    expect(body.issues).toContainEqual(expect.objectContaining({ code: 'CARD_BACK_MISSING', section: 'grade' }));
  });
});

describe('GET /assessments/{assessment_id}', () => {
  it('returns the stored assessment to its owner, 404 to anyone else', async () => {
    const created = (await assess(full, { images: [asBase64Image(front)], external_id: 'stored-1' })).json();
    const mine = await api.app.inject({ method: 'GET', url: `/assessments/${created.assessment_id}`, headers: bearer(full) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(created);

    const { apiKey: stranger } = await api.newKey(['cards.identity']);
    const theirs = await api.app.inject({ method: 'GET', url: `/assessments/${created.assessment_id}`, headers: bearer(stranger) });
    const unknown = await api.app.inject({ method: 'GET', url: '/assessments/00000000-0000-4000-8000-000000000000', headers: bearer(stranger) });
    const garbage = await api.app.inject({ method: 'GET', url: '/assessments/not-an-id', headers: bearer(stranger) });
    for (const res of [theirs, unknown, garbage]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.json().detail).toBe('no such assessment');
    }
  });
});
