import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition, filenameFromUrlPath, sanitizeFilename } from './filename.ts';

describe('file names of downloads', () => {
  it.each([
    ['attachment; filename="coin front.jpg"', 'coin front.jpg'],
    ['inline; filename=coin.png', 'coin.png'],
    ["attachment; filename*=UTF-8''m%C3%BCnze.jpg", 'münze.jpg'],
    ["attachment; filename=\"fallback.jpg\"; filename*=UTF-8''pr%C3%A9f%C3%A9r%C3%A9.jpg", 'préféré.jpg'],
    ["attachment; filename*=iso-8859-1''caf%E9.png", 'café.png'],
    ['attachment; filename="a \\"quoted\\" name.gif"', 'a "quoted" name.gif'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="C:\\\\photos\\\\coin.bmp"', 'coin.bmp'],
    ['attachment', null],
    ['attachment; filename=""', null],
  ])('reads %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });

  it('takes the last path segment of a URL, decoded', () => {
    expect(filenameFromUrlPath(new URL('https://example.com/a/b/coin%20back.webp?sig=secret'))).toBe('coin back.webp');
    expect(filenameFromUrlPath(new URL('https://example.com/a/'))).toBeNull();
    expect(filenameFromUrlPath(new URL('https://example.com'))).toBeNull();
    expect(filenameFromUrlPath(new URL('https://example.com/%E0%A4%A.png'))).toBe('%E0%A4%A.png');
  });

  it('drops control characters and overlong tails', () => {
    expect(sanitizeFilename('a\u0000b\nc.jpg')).toBe('abc.jpg');
    expect(sanitizeFilename('x'.repeat(300))?.length).toBe(255);
    expect(sanitizeFilename('..')).toBeNull();
  });
});
