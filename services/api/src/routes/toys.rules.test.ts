import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { asBase64Image } from '../../../../test/support/card-photos.ts';
import { generatedToyPhoto } from '../../../../test/support/toy-photos.ts';

/* The request rules of POST /toys/assessments, include and issues, exactly as for cards. */
let api: TestApi;
let photo: Buffer;
let full: string;

beforeAll(async () => {
  api = await createTestApi({ toys: true });
  ({ jpeg: photo } = await generatedToyPhoto({ entryId: 'barnaby-bear', shot: 'item', seed: 1301 }));
  ({ apiKey: full } = await api.newKey(['toys.identity', 'toys.valuation']));
  // Building the toy references takes about 50 s alone on two cores, longer beside other test files.
}, 180_000);
afterAll(() => api.close());

const assess = (apiKey: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url: '/toys/assessments', headers: bearer(apiKey), payload: payload as Record<string, unknown> });

describe('POST /toys/assessments: request rules before any work', () => {
  it('401 without a valid key', async () => {
    const res = await api.app.inject({ method: 'POST', url: '/toys/assessments', payload: { images: [asBase64Image(photo)] } });
    expect(res.statusCode).toBe(401);
    const wrong = await assess('assay_nope', { images: [asBase64Image(photo)] });
    expect(wrong.statusCode).toBe(401);
  });

  it('403 when the account has no toy operation', async () => {
    const { apiKey } = await api.newKey(['cards.identity', 'coins.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(photo)] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OPERATION_NOT_ENABLED');
  });

  it('403 when none of the requested sections is enabled', async () => {
    const { apiKey } = await api.newKey(['toys.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(photo)], include: ['valuation'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OPERATION_NOT_ENABLED');
  });

  it.each([
    ['no images', { images: [] }],
    ['too many images', { images: Array(21).fill({ image_ref: 'img_x' }) }],
    ['an image with two shapes', { images: [{ image_ref: 'img_x', url: 'https://example.com/a.jpg' }] }],
    ['an include value of another category', { images: [{ image_ref: 'img_x' }], include: ['grade'] }],
    ['an unknown field', { images: [{ image_ref: 'img_x' }], priority: 'high' }],
  ])('400 for %s', async (_name, payload) => {
    const res = await assess(full, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_INVALID');
  });
});

describe('POST /toys/assessments: include and issues', () => {
  it('serves enabled sections and reports the others as issues', async () => {
    const { apiKey } = await api.newKey(['toys.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(photo)], include: ['identity', 'valuation'], external_id: 'toy-9' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'completed', external_id: 'toy-9' });
    // `candidates` (docs/api.md) comes with the identity section.
    expect(Object.keys(body.assessment.items[0])).toEqual(['identity', 'candidates', 'location']);
    expect(body.assessment.items[0].identity.name).toBe('Barnaby Bear');
    expect(body.issues).toContainEqual(expect.objectContaining({ code: 'SECTION_NOT_ENABLED', section: 'valuation' }));
  });

  it('include narrows what is served: valuation alone', async () => {
    const body = (await assess(full, { images: [asBase64Image(photo)], include: ['valuation'] })).json();
    expect(Object.keys(body.assessment.items[0])).toEqual(['valuation', 'location']);
    expect(body.assessment.items[0].valuation).toMatchObject({ price: 26, price_range: { min: expect.any(Number), max: expect.any(Number) } });
    expect(body.issues.filter((i: { code: string }) => i.code === 'SECTION_NOT_ENABLED')).toEqual([]);
  });

  it('without include, uses the enabled operations', async () => {
    const res = await assess(full, { images: [asBase64Image(photo)] });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.external_id).toBeNull();
    expect(Object.keys(body.assessment.items[0]).sort()).toEqual(['candidates', 'identity', 'location', 'valuation']);
  });

  it('an image that does not decode becomes an issue while the rest is assessed', async () => {
    const truncated = photo.subarray(0, Math.floor(photo.length / 3));
    const res = await assess(full, { images: [asBase64Image(photo), asBase64Image(truncated)] });
    expect(res.statusCode).toBe(200);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ code: 'IMAGE_UNDECODABLE', image_index: 1, severity: 'error' }));
    expect(res.json().assessment.items[0].identity.name).toBe('Barnaby Bear');
    const alone = await assess(full, { images: [asBase64Image(truncated)] });
    expect(alone.json()).toMatchObject({ status: 422, code: 'IMAGE_UNDECODABLE' });
  });

  it('pre-uploaded images of the same account are assessed; the stored assessment reads back identically', async () => {
    const ref = (await api.app.inject({ method: 'POST', url: '/images', headers: bearer(full), payload: asBase64Image(photo) })).json().image_ref as string;
    const created = (await assess(full, { images: [{ image_ref: ref }], external_id: 'stored-toy' })).json();
    expect(created.assessment.items[0].identity.name).toBe('Barnaby Bear');
    const mine = await api.app.inject({ method: 'GET', url: `/assessments/${created.assessment_id}`, headers: bearer(full) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(created);
  });
});
