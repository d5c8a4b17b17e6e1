import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A real photo-like JPEG: random noise compresses badly, so `side` controls the byte size. */
export async function noiseJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** A small PNG with a gradient. */
export async function gradientPng(width = 64, height = 48): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).png().toBuffer();
}
