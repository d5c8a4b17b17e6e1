import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../index.ts';

const fixture = (name: string) => readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url));

describe('HEIC decoding off the main thread', () => {
  it('decodes while the event loop keeps turning', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const images = await Promise.all([decodeImage(fixture('heic.heic')), decodeImage(fixture('heic-alpha.heic'))]);
    clearInterval(timer);
    expect(images.map((i) => i.channels)).toEqual([3, 4]);
    expect(images[0]!.width).toBeGreaterThan(0);
    expect(ticks).toBeGreaterThan(0);
  });

  it('reports a corrupt HEIC as undecodable', async () => {
    const bytes = fixture('heic.heic');
    const broken = Buffer.concat([bytes.subarray(0, 200), Buffer.alloc(400, 7), bytes.subarray(600)]);
    await expect(decodeImage(broken)).rejects.toMatchObject({ code: expect.stringMatching(/IMAGE_UNDECODABLE|IMAGE_FORMAT_UNSUPPORTED/) });
  });
});
