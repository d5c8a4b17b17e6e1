import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssayError } from '@assay/contract';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { gradientPng } from '../../../../test/support/images.ts';

let api: TestApi;
let logs = '';
let png: Buffer;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk;
      done();
    },
  });
  api = await createTestApi({ logStream, allowPrivateUrls: false });
  png = await gradientPng();
});
afterAll(() => api.close());

const upload = (headers: Record<string, string>, payload: unknown = { filename: 'a.png', data: png.toString('base64') }) =>
  api.app.inject({ method: 'POST', url: '/images', headers, payload: payload as Record<string, unknown> });

describe('authentication', () => {
  it('401s a missing token', async () => {
    const res = await upload({});
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('AUTH_TOKEN_MISSING');
  });

  it('401s malformed, unknown and revoked tokens alike', async () => {
    const { apiKey } = await api.newKey(['coins.grade']);
    const keyId = apiKey.split('_')[1]!;
    await api.accounts.revokeKey(keyId);
    const { apiKey: live } = await api.newKey(['coins.grade']);
    for (const headers of [
      { authorization: 'Bearer garbage' },
      { authorization: `Token ${live}` },
      bearer(`assay_0000000000000000_${'x'.repeat(43)}`),
      bearer(`${live.slice(0, -2)}zz`),
      bearer(apiKey),
    ]) {
      const res = await upload(headers);
      expect(res.statusCode, headers.authorization).toBe(401);
      expect(res.json().code).toBe('AUTH_TOKEN_INVALID');
      expect(res.json().detail).toBe('the API key is malformed, unknown or revoked');
    }
  });

  it('checks the token before reading the image', async () => {
    const res = await upload({ authorization: 'Bearer nope' }, { url: 'http://169.254.169.254/latest/meta-data' });
    expect(res.statusCode).toBe(401);
  });
});

describe('image refs are bound to their account', () => {
  it('answers another account exactly as it answers an unknown ref', async () => {
    const owner = await api.newKey(['cards.identity']);
    const stranger = await api.newKey(['cards.identity']);
    const res = await upload(bearer(owner.apiKey));
    const { image_ref: imageRef } = res.json();
    await expect(api.uploads.resolve(owner.orgId, imageRef)).resolves.toMatchObject({ format: 'png' });

    const failure = async (orgId: string, ref: string) => {
      const error = await api.uploads.resolve(orgId, ref).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AssayError);
      const { code, message, context } = error as AssayError;
      return { code, message, context };
    };
    const foreign = await failure(stranger.orgId, imageRef);
    const unknown = await failure(stranger.orgId, `img_${'A'.repeat(43)}`);
    expect(foreign).toEqual(unknown);
    expect(foreign.code).toBe('IMAGE_REF_UNKNOWN');
  });
});

describe('logs', () => {
  it('never contain an API key, and carry the request id', async () => {
    const { apiKey } = await api.newKey(['toys.identity']);
    logs = '';
    const res = await api.app.inject({
      method: 'POST',
      url: '/images',
      headers: { ...bearer(apiKey), 'x-request-id': 'trace-logs-1' },
      payload: { filename: 'a.png', data: png.toString('base64') },
    });
    expect(res.statusCode).toBe(201);
    await upload({ authorization: `Bearer ${apiKey}x` });
    // The secret is base64url: it may hold underscores itself.
    const secret = apiKey.split('_').slice(2).join('_');
    expect(logs).not.toContain(secret);
    const lines = logs.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.request_id === 'trace-logs-1').length).toBeGreaterThanOrEqual(2);
  });

  it('never contain an API key sent in the query string, under any name (escaped or not), and keep the rest of the URL', async () => {
    const { apiKey } = await api.newKey(['toys.identity']);
    const secret = apiKey.split('_').slice(2).join('_');
    logs = '';
    for (const query of [`api_key=${apiKey}`, `apiKey=${encodeURIComponent(apiKey)}`, `token=${apiKey}&page=2`, `k=${apiKey}`, `access_token=${secret}`, `api%5Fkey=${secret}`]) {
      const res = await api.app.inject({ method: 'GET', url: `/assessments/none?${query}` });
      expect(res.statusCode).toBe(401);
    }
    expect(logs).not.toContain(secret);
    const urls = logs.trim().split('\n').map((line) => JSON.parse(line)).flatMap((line) => (line.req?.url ? [line.req.url as string] : []));
    expect(urls).toContain('/assessments/none?token=[redacted]&page=2');
    expect(urls).toContain('/assessments/none?k=[redacted]');
  });
});
