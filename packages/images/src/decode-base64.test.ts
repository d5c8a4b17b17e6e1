import { limits } from '@assay/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64Strict } from './index.ts';
import { fixture, rejection } from './test-support/fixtures.ts';

describe('decodeBase64Strict', () => {
  const png = fixture('source-rgb.png');
  const text = png.toString('base64');

  it('decodes standard base64 with padding', () => {
    expect(decodeBase64Strict(text).equals(png)).toBe(true);
    expect(decodeBase64Strict('AAE=').equals(Buffer.from([0, 1]))).toBe(true);
    expect(decodeBase64Strict('AA==').equals(Buffer.from([0]))).toBe(true);
  });

  it('accepts a data URL prefix', () => {
    expect(decodeBase64Strict(`data:image/png;base64,${text}`).equals(png)).toBe(true);
    expect(decodeBase64Strict(`DATA:image/jpeg;name=x.jpg;base64,${text}`).equals(png)).toBe(true);
  });

  it('accepts line breaks, as base64 tools wrap lines at 76 columns', () => {
    const wrapped = text.match(/.{1,76}/g)?.join('\r\n') ?? '';
    expect(decodeBase64Strict(wrapped).equals(png)).toBe(true);
    expect(decodeBase64Strict(`${wrapped.replaceAll('\r\n', '\n')}\n`).equals(png)).toBe(true);
  });

  it.each([
    ['missing padding', 'AAE'],
    ['padding in the middle', 'AA==AAAA'],
    ['too much padding', 'A==='],
    ['spaces', 'AAAA AAAA'],
    ['tabs', 'AAAA\tAAAA'],
    ['characters outside the alphabet', 'AA*A'],
    ['a lone carriage return', 'AAAA\rAAAA'],
    ['only padding', '===='],
  ])('refuses %s', async (_, data) => {
    const error = await rejection(() => decodeBase64Strict(data, 3));
    expect(error.code).toBe('IMAGE_BASE64_INVALID');
    expect(error.context.image_index).toBe(3);
    expect(error.message).toContain('image 3');
  });

  it('refuses base64url and says so', async () => {
    const error = await rejection(() => decodeBase64Strict('ab-_', 0));
    expect(error.code).toBe('IMAGE_BASE64_INVALID');
    expect(error.message).toContain('base64url');
  });

  it('reports empty data as IMAGE_EMPTY', async () => {
    expect((await rejection(() => decodeBase64Strict(''))).code).toBe('IMAGE_EMPTY');
    expect((await rejection(() => decodeBase64Strict('data:image/png;base64,', 1))).code).toBe('IMAGE_EMPTY');
    expect((await rejection(() => decodeBase64Strict('\r\n'))).code).toBe('IMAGE_EMPTY');
  });

  it('refuses data over the size limit from its length, before decoding', async () => {
    const bytes = limits.imageBytes + 1;
    const data = 'A'.repeat(Math.ceil(bytes / 3) * 4);
    const error = await rejection(() => decodeBase64Strict(data, 7));
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.context).toMatchObject({ image_index: 7, max_bytes: limits.imageBytes });
    // Just under the limit is fine.
    const underLimit = 'A'.repeat(Math.floor(limits.imageBytes / 3) * 4);
    expect(decodeBase64Strict(underLimit).length).toBe(Math.floor(limits.imageBytes / 3) * 3);
  });

  it('round-trips any bytes encoded by Buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), (bytes) => {
        expect(decodeBase64Strict(Buffer.from(bytes).toString('base64')).equals(Buffer.from(bytes))).toBe(true);
      }),
    );
  });

  it('throws nothing but IMAGE_BASE64_INVALID or IMAGE_EMPTY on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (data) => {
        try {
          decodeBase64Strict(data);
        } catch (error) {
          expect((error as { code?: string }).code).toMatch(/^IMAGE_(BASE64_INVALID|EMPTY)$/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
