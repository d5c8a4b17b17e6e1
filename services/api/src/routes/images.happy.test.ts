import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, multipartBody, type TestApi } from '../../../../test/support/api.ts';
import { gradientPng, noiseJpeg } from '../../../../test/support/images.ts';

let api: TestApi;
let apiKey: string;
let orgId: string;
let server: Server;
let baseUrl: string;
let png: Buffer;

beforeAll(async () => {
  api = await createTestApi({ allowPrivateUrls: true });
  ({ apiKey, orgId } = await api.newKey(['coins.identity']));
  png = await gradientPng();
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await api.close();
});

async function expectStored(imageRef: string, bytes: Buffer) {
  const resolved = await api.uploads.resolve(orgId, imageRef);
  expect(resolved.bytes.equals(bytes)).toBe(true);
  return resolved;
}

describe('POST /images', () => {
  it('stores a base64 image and answers 201 with an image_ref', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/images',
      headers: bearer(apiKey),
      payload: { filename: 'coin.png', data: png.toString('base64') },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { image_ref: imageRef } = res.json();
    expect(imageRef).toMatch(/^img_[A-Za-z0-9_-]{43}$/);
    const stored = await expectStored(imageRef, png);
    expect(stored).toMatchObject({ format: 'png', width: 64, height: 48, filename: 'coin.png' });
  });

  it('stores a multipart upload from the field "file"', async () => {
    const jpeg = await noiseJpeg(120, 80);
    const body = multipartBody([{ name: 'file', filename: 'card.jpg', contentType: 'image/jpeg', content: jpeg }]);
    const res = await api.app.inject({ method: 'POST', url: '/images', headers: { ...bearer(apiKey), ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(201);
    const stored = await expectStored(res.json().image_ref, jpeg);
    expect(stored).toMatchObject({ format: 'jpeg', width: 120, height: 80, filename: 'card.jpg' });
  });

  it('downloads a URL image', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/images',
      headers: bearer(apiKey),
      payload: { url: `${baseUrl}/signed?sig=abc`, filename: 'toy.png' },
    });
    expect(res.statusCode).toBe(201);
    await expectStored(res.json().image_ref, png);
  });

  it('gives each upload its own ref and stores identical bytes once', async () => {
    const send = () =>
      api.app.inject({ method: 'POST', url: '/images', headers: bearer(apiKey), payload: { filename: 'a.png', data: png.toString('base64') } });
    const [first, second] = await Promise.all([send(), send()]);
    expect(first!.json().image_ref).not.toBe(second!.json().image_ref);
    const a = await api.uploads.resolve(orgId, first!.json().image_ref);
    const b = await api.uploads.resolve(orgId, second!.json().image_ref);
    expect(a.sha256).toBe(b.sha256);
  });

  it('sends a request id and security headers on every response', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-trace-1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('client-trace-1');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const generated = await api.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
