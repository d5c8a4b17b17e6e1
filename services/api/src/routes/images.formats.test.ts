import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFormats } from '@assay/contract';
import { bearer, createTestApi, multipartBody, type TestApi } from '../../../../test/support/api.ts';

const fixtures = new URL('../../../../packages/images/test-fixtures/', import.meta.url);
// One real file per accepted format (made by packages/images/scripts/make-fixtures.ts).
const samples: Record<(typeof imageFormats)[number], string> = {
  jpeg: 'jpeg.jpg',
  png: 'source-rgb.png',
  gif: 'gif.gif',
  bmp: 'bmp-24.bmp',
  tiff: 'tiff-le.tif',
  webp: 'webp-lossless.webp',
  ico: 'ico-png.ico',
  heic: 'heic.heic',
  heif: 'heif.heif',
};

let api: TestApi;
let apiKey: string;
let orgId: string;
beforeAll(async () => {
  api = await createTestApi({ database: 'pglite' });
  ({ apiKey, orgId } = await api.newKey(['toys.identity']));
});
afterAll(() => api.close());

describe('every accepted format, from real files', () => {
  it('has a sample for each format', () => {
    const present = new Set(readdirSync(fixtures));
    for (const file of Object.values(samples)) expect(present.has(file), file).toBe(true);
  });

  it.each(Object.entries(samples))('%s is accepted and decoded, whatever its name says', async (format, file) => {
    const bytes = readFileSync(new URL(file, fixtures));
    const body = multipartBody([{ name: 'file', filename: 'misleading-name.txt', content: bytes }]);
    const res = await api.app.inject({ method: 'POST', url: '/images', headers: { ...bearer(apiKey), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(201);
    const stored = await api.uploads.resolve(orgId, res.json().image_ref);
    expect(stored.format).toBe(format);
    expect(stored.width).toBeGreaterThan(0);
    expect(stored.height).toBeGreaterThan(0);
  });
});
