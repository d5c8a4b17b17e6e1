import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/support/api.ts';
import { gradientPng } from '../../../test/support/images.ts';
import { AssayClientError, createClient, parseRetryAfter } from './index.ts';

let api: TestApi;
let baseUrl: string;
let apiKey: string;
let stand: Server;
let standUrl: string;

beforeAll(async () => {
  api = await createTestApi({ database: 'pglite' });
  baseUrl = await api.app.listen({ host: '127.0.0.1', port: 0 });
  ({ apiKey } = await api.newKey(['cards.identity']));
  // A stand-in for a misbehaving service: each path answers one way.
  stand = createServer((req, res) => {
    if (req.url === '/busy/assessments') return res.writeHead(429, { 'retry-after': '3' }).end();
    if (req.url === '/cards/assessments') return res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>down</h1>');
    if (req.url === '/images') return res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
    setTimeout(() => res.end('{}'), 2_000);
  });
  await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
  standUrl = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
});
afterAll(async () => {
  stand.closeAllConnections();
  stand.close();
  await api.close();
});

describe('the HTTP client', () => {
  it('uploads an image and gets a ref', async () => {
    const ref = await createClient({ baseUrl, apiKey }).uploadImage(await gradientPng(), 'a.png');
    expect(ref).toMatch(/^img_/);
    // The multipart body is framed by the client itself: quotes, line breaks and non-ASCII in names.
    const odd = await createClient({ baseUrl, apiKey }).uploadImage(await gradientPng(), 'front "sleeved"\r\ncafé.png');
    expect(odd).toMatch(/^img_/);
  });

  it('turns problem answers into typed errors with the stable code', async () => {
    const error = await createClient({ baseUrl, apiKey: 'assay_bad' }).uploadImage(await gradientPng(), 'a.png').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AssayClientError);
    expect(error).toMatchObject({ status: 401, code: 'AUTH_TOKEN_INVALID', retryable: false });
    const notFound = await createClient({ baseUrl, apiKey }).getAssessment('00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
    expect(notFound).toMatchObject({ status: 404, code: 'NOT_FOUND', retryable: false });
  });

  it('marks 5xx, 429 (with Retry-After), timeouts and network failures retryable', async () => {
    const client = createClient({ baseUrl: standUrl, apiKey, timeoutMs: 300 });
    await expect(client.assess('cards', { images: [{ image_ref: 'img_x' }] })).rejects.toMatchObject({ status: 503, code: 'BAD_RESPONSE', retryable: true });
    await expect(client.assess('busy' as 'cards', { images: [{ image_ref: 'img_x' }] })).rejects.toMatchObject({ status: 429, retryable: true, retryAfterMs: 3000 });
    await expect(client.getAssessment('slow')).rejects.toMatchObject({ code: 'TIMEOUT', retryable: true });
    // A garbled 200 is retried too: a connection cut short garbles a body as easily as it drops it.
    await expect(client.uploadImage(new Uint8Array([1]), 'a')).rejects.toMatchObject({ status: 200, code: 'BAD_RESPONSE', retryable: true });
    const offline = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey });
    await expect(offline.getAssessment('x')).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(5_000);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });
});
