import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TextReader } from '@assay/pixels';
import { referenceReadings } from './identify/reference-features.ts';
import { toyFeaturesVersion } from './identify/object-features.ts';
import { createCatalogToyRecognizer } from './catalog-toy-recognizer.ts';
import type { ToyReferences } from './identify/toy-references.ts';

const robot = (x: number, y: number, body: string) =>
  `<rect x="${x}" y="${y}" width="60" height="80" fill="${body}" stroke="#111" stroke-width="3"/><circle cx="${x + 30}" cy="${y - 18}" r="18" fill="#e8c640" stroke="#111" stroke-width="3"/>`;
// A boxy toy (a shop front): it fills its outline, as plates and boxes that may carry words do.
const shop = (x: number, y: number) =>
  `<rect x="${x}" y="${y}" width="110" height="90" fill="#b5462a" stroke="#111" stroke-width="3"/><rect x="${x + 10}" y="${y + 10}" width="40" height="30" fill="#9fd3f0"/><rect x="${x + 65}" y="${y + 40}" width="30" height="50" fill="#3b2a1a"/>`;
const toys: Record<string, string> = { blue: robot(120, 120, '#3a7bd5'), red: robot(120, 120, '#cc4444'), shop: shop(95, 110) };

const studio = (shapes: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#f4f2ef"/>${shapes}</svg>`)).png().toBuffer();
const onTable = (shapes: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#9b7a55"/>${shapes}</svg>`)).jpeg({ quality: 90 }).toBuffer();

async function references(): Promise<ToyReferences> {
  const images = [];
  for (const [entryId, shapes] of Object.entries(toys)) {
    for (const features of await referenceReadings(await studio(shapes))) images.push({ entryId, kind: 'item' as const, image: 'item.png', features });
  }
  const texts = Object.keys(toys).map((entryId) => ({ entryId, name: entryId, brand: 'B', modelNumbers: [], makerMarks: [] }));
  return { version: toyFeaturesVersion, images, texts };
}

/** OCR that finds no words, counting its reads. */
function blankReader(): TextReader & { reads: number } {
  return { reads: 0, async read() { this.reads++; return ''; }, async warm() {}, async close() {} };
}

describe('the catalog toy recognizer', () => {
  it('names a lone boxy toy from a doubtful but clear look, without reading it', async () => {
    const textReader = blankReader();
    const recognizer = createCatalogToyRecognizer(await references(), { textReader });
    try {
      // Seen wider and in dimmer, warmer light than in the studio: a doubtful look, yet far ahead of the others.
      const result = await recognizer.recognizeToy([{ index: 0, bytes: await onTable(`<g transform="translate(-360 50) scale(2.45 0.7)">${shop(250, 180)}</g><rect x="200" y="200" width="120" height="40" fill="#e0e0d0"/>`) }]);
      // The premise: a look doubtful enough that a boxy object's words would be worth reading.
      expect(result.images[0]!.candidates[0]!.score).toBeLessThan(0.6);
      expect(result.identity?.entryId).toBe('shop');
      expect(result.images[0]!.candidates[0]?.entryId).toBe('shop');
      // Its look alone already names it beyond doubt: no OCR is spent.
      expect(textReader.reads).toBe(0);
    } finally {
      await recognizer.close();
    }
  });

  it('two toys side by side both stand as candidates, and the photo counts two toys', async () => {
    const recognizer = createCatalogToyRecognizer(await references(), { textReader: blankReader() });
    try {
      const { images } = await recognizer.recognizeToy([{ index: 0, bytes: await onTable(robot(170, 200, '#3a7bd5') + shop(380, 190)) }]);
      expect(images[0]!.toyCount).toBe(2);
      // Each toy plainly matches its own entry; neither is a weak runner-up of the other's.
      const [first, second] = images[0]!.candidates;
      expect([first!.entryId, second!.entryId].sort()).toEqual(['blue', 'shop']);
      expect(second!.score).toBeGreaterThan(0.6);
    } finally {
      await recognizer.close();
    }
  });
});
