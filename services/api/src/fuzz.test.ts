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

describe('property: the assessment endpoints answer every body with a client error or a result, never 5xx', () => {
  let engines: TestApi;
  let key: string;
  let imageRef: string;
  beforeAll(async () => {
    engines = await createTestApi({ database: 'pglite', cards: true, coins: true, toys: true });
    ({ apiKey: key } = await engines.newKey(['coins.identity', 'coins.grade', 'coins.valuation', 'cards.identity', 'cards.grade', 'toys.identity', 'toys.valuation']));
    const upload = await engines.app.inject({ method: 'POST', url: '/images', headers: bearer(key), payload: { filename: 'a.png', data: (await gradientPng()).toString('base64') } });
    imageRef = upload.json().image_ref;
  }, 180_000);
  afterAll(() => engines.close());

  const imageInput = fc.oneof(
    fc.constant({}),
    fc.record({ image_ref: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('IMAGE_REF')) }),
    fc.record({ url: fc.oneof(fc.webUrl(), fc.string({ maxLength: 30 })) }),
    fc.record({ data: fc.base64String({ maxLength: 64 }), filename: fc.string({ maxLength: 20 }) }, { requiredKeys: [] }),
    fc.jsonValue(),
  );
  const assessmentBody = fc.oneof(
    fc.jsonValue(),
    fc.record(
      {
        images: fc.oneof(fc.array(imageInput, { maxLength: 22 }), fc.jsonValue()),
        include: fc.oneof(fc.array(fc.constantFrom('identity', 'grade', 'valuation', 'price', ''), { maxLength: 4 }), fc.jsonValue()),
        external_id: fc.oneof(fc.string({ maxLength: 300 }), fc.jsonValue()),
      },
      { requiredKeys: [] },
    ),
  );

  it('random and near-valid bodies on every category, and random assessment ids', async () => {
    await fc.assert(
      fc.asyncProperty(assessmentBody, fc.constantFrom('coins', 'cards', 'toys'), fc.string({ maxLength: 60 }), async (body, category, id) => {
        const payload = JSON.stringify(body).replaceAll('IMAGE_REF', imageRef);
        const res = await engines.app.inject({ method: 'POST', url: `/${category}/assessments`, headers: { ...bearer(key), 'content-type': 'application/json' }, payload });
        expectClientAnswer(res.statusCode, res.body);
        expect(res.body).not.toMatch(/\n\s+at /);
        const fetched = await engines.app.inject({ method: 'GET', url: `/assessments/${encodeURIComponent(id)}`, headers: bearer(key) });
        expectClientAnswer(fetched.statusCode, fetched.body);
      }),
      { numRuns: 120 },
    );
  }, 600_000);
});
