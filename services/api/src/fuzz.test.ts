import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, multipartBody, type TestApi } from '../../../test/support/api.ts';
import { gradientPng, noiseJpeg } from '../../../test/support/images.ts';

let api: TestApi;
let apiKey: string;
let seeds: Buffer[];

beforeAll(async () => {
  api = await createTestApi({ database: 'pglite', allowPrivateUrls: false });
  ({ apiKey } = await api.newKey(['coins.identity', 'cards.grade']));
  seeds = [await gradientPng(), await noiseJpeg(40, 30)];
});
afterAll(() => api.close());

/** Mutations of a real image: truncation, flipped bytes, spliced garbage, a foreign header. */
const mutatedImage = fc
  .record({
    seed: fc.nat(),
    cut: fc.nat(),
    flips: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 12 }),
    prefix: fc.uint8Array({ maxLength: 16 }),
  })
  .map(({ seed, cut, flips, prefix }) => {
    const base = Buffer.from(seeds[seed % seeds.length]!);
    for (const [at, value] of flips) base[at % base.length] = value;
    const truncated = base.subarray(0, Math.max(1, base.length - (cut % base.length)));
    return Buffer.concat([Buffer.from(prefix), truncated]);
  });

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/xml',
  'application/octet-stream',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'image/png',
  '',
  'application/problem+json',
);

function expectClientAnswer(status: number, body: string) {
  expect(status, body).toBeLessThan(500);
  expect(status).toBeGreaterThanOrEqual(200);
}

describe('property: no input makes the API answer 5xx', () => {
  it('random JSON bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (body) => {
        const res = await api.app.inject({ method: 'POST', url: '/images', headers: { ...bearer(apiKey), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expectClientAnswer(res.statusCode, res.body);
      }),
      { numRuns: 150 },
    );
  });

  it('random bytes under random content types and headers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2048 }),
        contentTypes,
        fc.option(fc.string({ maxLength: 80 })),
        fc.constantFrom('/images', '/openapi.json', '/healthz', '/nowhere', '/images/../images'),
        fc.constantFrom('POST', 'GET', 'PUT', 'DELETE', 'PATCH'),
        async (bytes, contentType, authorization, url, method) => {
          const headers: Record<string, string> = { 'content-type': contentType };
          headers.authorization = authorization ?? `Bearer ${apiKey}`;
          const res = await api.app.inject({ method: method as 'POST', url, headers, payload: Buffer.from(bytes) });
          expectClientAnswer(res.statusCode, res.body);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('mutated, truncated and mislabelled images, as base64 and as multipart', async () => {
    await fc.assert(
      fc.asyncProperty(mutatedImage, fc.constantFrom('a.jpg', 'a.png', 'a.heic', 'a.txt', ''), async (image, filename) => {
        const json = await api.app.inject({
          method: 'POST',
          url: '/images',
          headers: bearer(apiKey),
          payload: { filename: filename || 'x', data: image.toString('base64') },
        });
        expectClientAnswer(json.statusCode, json.body);
        const body = multipartBody([{ name: 'file', filename, contentType: 'image/jpeg', content: image }]);
        const multipart = await api.app.inject({ method: 'POST', url: '/images', headers: { ...bearer(apiKey), ...body.headers }, payload: body.payload });
        expectClientAnswer(multipart.statusCode, multipart.body);
        expect(multipart.statusCode === 201).toBe(json.statusCode === 201);
      }),
      { numRuns: 120 },
    );
  });
});
