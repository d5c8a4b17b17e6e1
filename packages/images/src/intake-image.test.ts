import { createHash } from 'node:crypto';
import { limits } from '@assay/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeBytes, intakeImage } from './index.ts';
import { fixture, rejection } from './test-support/fixtures.ts';
import { startTestServer, type TestServer } from './test-support/http-server.ts';

const jpeg = fixture('jpeg.jpg');
const sha256 = createHash('sha256').update(jpeg).digest('hex');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((req, res) => {
    if (req.url === '/signed?token=x') res.end(jpeg);
    else if (req.url === '/named.jpg') res.end(jpeg);
    else res.writeHead(200).end('<html>not an image</html>');
  });
});

afterAll(() => server.close());

describe('intakeImage', () => {
  it('takes a base64 image', async () => {
    const image = await intakeImage({ filename: 'front.jpg', data: jpeg.toString('base64') }, { index: 0, allowPrivate: false });
    expect(image).toEqual({
      bytes: jpeg,
      sha256,
      format: 'jpeg',
      width: 37,
      height: 23,
      filename: 'front.jpg',
      byteLength: jpeg.length,
    });
  });

  it('takes a URL image, naming it as the client asked', async () => {
    const image = await intakeImage({ url: server.url('/signed?token=x'), filename: 'coin.jpg' }, { index: 1, allowPrivate: true });
    expect(image).toMatchObject({ sha256, format: 'jpeg', filename: 'coin.jpg' });
  });

  it('names a URL image after the URL when the client gave no name', async () => {
    const image = await intakeImage({ url: server.url('/named.jpg'), filename: null }, { index: 1, allowPrivate: true });
    expect(image.filename).toBe('named.jpg');
  });

  it('names every failure after the image', async () => {
    const cases = [
      () => intakeImage({ filename: 'a.jpg', data: 'not base64!' }, { index: 3, allowPrivate: false }),
      () => intakeImage({ filename: 'a.jpg', data: Buffer.from('hello').toString('base64') }, { index: 3, allowPrivate: false }),
      () => intakeImage({ url: server.url('/page') }, { index: 3, allowPrivate: true }),
      () => intakeImage({ url: 'http://127.0.0.1/x.jpg' }, { index: 3, allowPrivate: false }),
    ];
    const codes = [];
    for (const work of cases) {
      const error = await rejection(work);
      expect(error.context.image_index).toBe(3);
      codes.push(error.code);
    }
    expect(codes).toEqual(['IMAGE_BASE64_INVALID', 'IMAGE_FORMAT_UNSUPPORTED', 'IMAGE_FORMAT_UNSUPPORTED', 'IMAGE_URL_BLOCKED']);
  });
});

describe('intakeBytes', () => {
  it('takes uploaded bytes as they are', async () => {
    const image = await intakeBytes(fixture('heic.heic'), { filename: null, index: 0 });
    expect(image).toMatchObject({ format: 'heic', width: 37, height: 23, filename: null });
    expect(image.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses empty and oversized uploads', async () => {
    expect((await rejection(intakeBytes(Buffer.alloc(0), { filename: 'x', index: 2 }))).code).toBe('IMAGE_EMPTY');
    const huge = Buffer.concat([jpeg, Buffer.alloc(limits.imageBytes)]);
    const error = await rejection(intakeBytes(huge, { filename: 'x', index: 2 }));
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.context).toMatchObject({ image_index: 2, max_bytes: limits.imageBytes });
  });

  it('names the image in decoding errors', async () => {
    const error = await rejection(intakeBytes(jpeg.subarray(0, 400), { filename: 'x', index: 6 }));
    expect(error.code).toBe('IMAGE_UNDECODABLE');
    expect(error.context.image_index).toBe(6);
    expect(error.message).toMatch(/^image 6: /);
  });
});
