import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBomb } from '@assay/images/test-support';
import { bearer, createTestApi, multipartBody, type TestApi } from '../../../../test/support/api.ts';
import { gradientPng } from '../../../../test/support/images.ts';

let api: TestApi;
let apiKey: string;
let server: Server;
let baseUrl: string;
let png: Buffer;

beforeAll(async () => {
  api = await createTestApi({ allowPrivateUrls: true });
  ({ apiKey } = await api.newKey(['cards.grade']));
  png = await gradientPng();
  server = createServer((req, res) => {
    if (req.url === '/missing') return res.writeHead(404).end();
    if (req.url === '/huge') {
      res.writeHead(200);
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 12 && res.write(chunk)) sent++;
        if (sent >= 12) res.end();
        else res.once('drain', pump);
      };
      return pump();
    }
    const hops = /^\/hop\/(\d+)$/.exec(req.url ?? '');
    if (hops) return res.writeHead(302, { location: Number(hops[1]) > 0 ? `/hop/${Number(hops[1]) - 1}` : '/image' }).end();
    res.writeHead(200).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await api.close();
});

async function post(payload: unknown, headers: Record<string, string> = {}) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/images',
    headers: { ...bearer(apiKey), ...headers },
    payload: payload as string,
  });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.json() };
}

describe('POST /images errors are RFC 9457 problems with stable codes', () => {
  it.each([
    ['both url and data', { url: 'https://example.com/a.png', filename: 'a.png', data: 'AAAA' }, 400, 'REQUEST_INVALID'],
    ['no shape at all', { name: 'a.png' }, 400, 'REQUEST_INVALID'],
    ['an image_ref to upload', { image_ref: 'img_x' }, 400, 'REQUEST_INVALID'],
    ['bad base64', { filename: 'a.png', data: 'not*base64!' }, 400, 'IMAGE_BASE64_INVALID'],
    ['a non-http URL', { url: 'ftp://example.com/a.png' }, 400, 'IMAGE_URL_INVALID'],
    ['a file: URL', { url: 'file:///etc/passwd' }, 400, 'IMAGE_URL_INVALID'],
    ['a PDF', { filename: 'a.png', data: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n').toString('base64') }, 415, 'IMAGE_FORMAT_UNSUPPORTED'],
  ])('%s', async (_name, payload, status, code) => {
    const res = await post(payload);
    expect(res.status).toBe(status);
    expect(res.type).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status, code, type: expect.stringMatching(/^https:\/\//), title: expect.any(String), detail: expect.any(String) });
    expect(res.body.request_id).toEqual(expect.any(String));
  });

  it('names the field that failed validation', async () => {
    const res = await post({ filename: 'a.png', data: 42 });
    expect(res.body.code).toBe('REQUEST_INVALID');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]));
  });

  it('names the image index of a bad base64 image', async () => {
    const res = await post({ filename: 'a.png', data: 'AAA=AAAA' });
    expect(res.body).toMatchObject({ code: 'IMAGE_BASE64_INVALID', image_index: 0 });
  });

  it('refuses malformed JSON and unsupported content types', async () => {
    expect((await post('{"filename": "a.png", ', { 'content-type': 'application/json' })).body.code).toBe('REQUEST_MALFORMED_JSON');
    const plain = await post('hello', { 'content-type': 'text/plain' });
    expect(plain).toMatchObject({ status: 415, body: { code: 'CONTENT_TYPE_UNSUPPORTED' } });
  });

  it('refuses a truncated image as undecodable', async () => {
    const res = await post({ filename: 'a.png', data: png.subarray(0, png.length - 40).toString('base64') });
    expect(res).toMatchObject({ status: 422, body: { code: 'IMAGE_UNDECODABLE', image_index: 0 } });
  });

  it('413s an image over 10 MB however it is sent', async () => {
    const big = Buffer.alloc(10_000_001, 1);
    png.copy(big);
    expect((await post({ filename: 'a.png', data: big.toString('base64') })).body).toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE' });
    const body = multipartBody([{ name: 'file', filename: 'a.png', content: big }]);
    const multipart = await api.app.inject({ method: 'POST', url: '/images', headers: { ...bearer(apiKey), ...body.headers }, payload: body.payload });
    expect(multipart.statusCode).toBe(413);
    expect(multipart.json().code).toBe('IMAGE_TOO_LARGE');
    expect((await post({ url: `${baseUrl}/huge` })).body).toMatchObject({ status: 413, code: 'IMAGE_TOO_LARGE' });
  });

  it('413s a body over 50 MB', async () => {
    const res = await post(`{"filename":"a.png","data":"${'A'.repeat(50_000_100)}"}`, { 'content-type': 'application/json' });
    expect(res).toMatchObject({ status: 413, body: { code: 'BODY_TOO_LARGE' } });
  });

  it('reports URL images that cannot be fetched', async () => {
    expect((await post({ url: `${baseUrl}/missing` })).body).toMatchObject({ status: 422, code: 'IMAGE_URL_UNREACHABLE' });
    expect((await post({ url: `${baseUrl}/hop/4` })).status).toBe(201);
    expect((await post({ url: `${baseUrl}/hop/5` })).body).toMatchObject({ status: 422, code: 'IMAGE_URL_TOO_MANY_REDIRECTS' });
    expect((await post({ url: 'http://127.0.0.1:1/closed-port.png' })).body).toMatchObject({ status: 422, code: 'IMAGE_URL_UNREACHABLE' });
  });

  it('checks multipart bodies', async () => {
    const wrongField = multipartBody([{ name: 'image', filename: 'a.png', content: png }]);
    const noFile = multipartBody([{ name: 'note', content: 'hello' }]);
    const empty = multipartBody([{ name: 'file', filename: 'a.png', content: Buffer.alloc(0) }]);
    for (const [body, status, code] of [
      [wrongField, 400, 'REQUEST_INVALID'],
      [noFile, 400, 'REQUEST_INVALID'],
      [empty, 400, 'IMAGE_EMPTY'],
    ] as const) {
      const res = await api.app.inject({ method: 'POST', url: '/images', headers: { ...bearer(apiKey), ...body.headers }, payload: body.payload });
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
    }
  });

  it('answers unknown routes with 404 and wrong methods with 405', async () => {
    const missing = await api.app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    const wrongMethod = await api.app.inject({ method: 'GET', url: '/images', headers: bearer(apiKey) });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json().code).toBe('METHOD_NOT_ALLOWED');
  });
});

describe('malformed multipart bodies', () => {
  it.each([
    ['no boundary', 'multipart/form-data', ''],
    ['no boundary, with content', 'multipart/form-data', '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'],
    ['garbage', 'multipart/form-data; boundary=x', 'garbage'],
    ['cut short', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc'],
  ])('%s is a 400', async (_name, contentType, payload) => {
    const res = await api.app.inject({ method: 'POST', url: '/images', headers: { ...bearer(apiKey), 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQUEST_INVALID');
  });
});

describe('limits that need a special image or host', () => {
  it('422s a decompression bomb without decoding it', async () => {
    const bomb = pngBomb(20_000, 20_000);
    const res = await post({ filename: 'bomb.png', data: bomb.toString('base64') });
    expect(res).toMatchObject({ status: 422, body: { code: 'IMAGE_TOO_MANY_PIXELS', image_index: 0 } });
  });

  it('422s a URL that does not finish downloading in time', async () => {
    const slow = await createTestApi({ database: 'pglite', allowPrivateUrls: true, urlFetch: { timeoutMs: 300 } });
    const stalled = createServer((_req, res) => {
      res.writeHead(200);
      res.write(png.subarray(0, 10));
    });
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    try {
      const { apiKey: key } = await slow.newKey(['coins.identity']);
      const res = await slow.app.inject({
        method: 'POST',
        url: '/images',
        headers: bearer(key),
        payload: { url: `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/slow.png` },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('IMAGE_URL_TIMEOUT');
    } finally {
      stalled.closeAllConnections();
      stalled.close();
      await slow.close();
    }
  });
});

