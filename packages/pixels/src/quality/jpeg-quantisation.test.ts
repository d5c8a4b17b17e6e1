import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegQuantisation } from './jpeg-quantisation.ts';

const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#80a0c0' } });

describe('jpegQuantisation', () => {
  it('reads how coarse the quality setting made the luminance table', async () => {
    const coarse = jpegQuantisation(await photo().jpeg({ quality: 8 }).toBuffer())!;
    const standard = jpegQuantisation(await photo().jpeg({ quality: 50 }).toBuffer())!;
    const fine = jpegQuantisation(await photo().jpeg({ quality: 90 }).toBuffer())!;
    expect(coarse).toBeGreaterThan(150);
    expect(standard).toBeGreaterThan(50);
    expect(standard).toBeLessThan(65);
    expect(fine).toBeLessThan(15);
  });

  it('is null for what is not a JPEG or holds no tables', async () => {
    expect(jpegQuantisation(await photo().png().toBuffer())).toBeNull();
    expect(jpegQuantisation(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(jpegQuantisation(Buffer.alloc(0))).toBeNull();
  });
});
