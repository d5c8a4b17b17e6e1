import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { asBase64Image } from '../../../../test/support/card-photos.ts';
import { generatedCoinRequest } from '../../../../test/support/coin-photos.ts';

/* The request rules of POST /coins/assessments, checked before any pixel is looked at. */
let api: TestApi;
let full: string;
let coin: Buffer;
beforeAll(async () => {
  api = await createTestApi({ coins: true, database: 'pglite' });
  ({ apiKey: full } = await api.newKey(['coins.identity', 'coins.grade', 'coins.valuation']));
  coin = (await generatedCoinRequest('individual', 1101))[0]!.jpeg;
});
afterAll(() => api.close());

const assess = (apiKey: string, payload: unknown) =>
  api.app.inject({ method: 'POST', url: '/coins/assessments', headers: bearer(apiKey), payload: payload as Record<string, unknown> });

describe('POST /coins/assessments: request rules', () => {
  it('401 without a valid key, 403 without a coin operation', async () => {
    expect((await api.app.inject({ method: 'POST', url: '/coins/assessments', payload: { images: [asBase64Image(coin)] } })).statusCode).toBe(401);
    const { apiKey } = await api.newKey(['cards.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(coin)] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OPERATION_NOT_ENABLED');
  });

  it('403 when none of the requested sections is enabled', async () => {
    const { apiKey } = await api.newKey(['coins.identity']);
    const res = await assess(apiKey, { images: [asBase64Image(coin)], include: ['grade', 'valuation'] });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('OPERATION_NOT_ENABLED');
  });

  it.each([
    ['no images', { images: [] }],
    ['21 images (1 to 20 allowed)', { images: Array(21).fill({ image_ref: 'img_x' }) }],
    ['an include value of another category', { images: [{ image_ref: 'img_x' }], include: ['subgrades'] }],
    ['an unknown field', { images: [{ image_ref: 'img_x' }], currency: 'EUR' }],
  ])('400 for %s', async (_name, payload) => {
    const res = await assess(full, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_INVALID');
  });

  it('accepts 20 images, the most a coin request may have', async () => {
    const ref = (await api.app.inject({ method: 'POST', url: '/images', headers: bearer(full), payload: asBase64Image(coin) })).json().image_ref as string;
    const res = await assess(full, { images: Array(20).fill({ image_ref: ref }), include: ['identity'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assessment.presentation).toBe('individual');
  });
});
