import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCardReferences, createCatalogCardRecognizer, type CardRecognizer } from '@assay/cards';
import { loadCatalog } from '@assay/catalog';
// The generator's photos (development seed 1000: benchmark seeds are reserved and never tuned on).
import { generateCardSet, type CardPhotoTruth } from '@assay/generator';

let dir: string;
let recognizer: CardRecognizer;
let photos: (CardPhotoTruth & { file: string })[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assay-generated-'));
  const catalog = await loadCatalog(new URL('../../catalog/sample/', import.meta.url).pathname);
  // Seven requests of seed 1000 include bare cards, a sleeve and a grading holder.
  await generateCardSet({ catalog, seed: 1000, count: 7, outDir: dir, mix: { defective: 0, twoCards: 0 } });
  photos = (JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as { photos: typeof photos }[]).flatMap((r) => r.photos);
  recognizer = createCatalogCardRecognizer(await computeCardReferences(catalog));
}, 60_000);

afterAll(async () => {
  await recognizer?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('catalog recognizer on generator photos', () => {
  it('identifies every front, sleeved and slabbed ones included, and reads the holder label', async () => {
    const fronts = photos.filter((p) => p.face === 'front');
    expect(fronts.some((p) => p.holder) && fronts.some((p) => p.sleeve)).toBe(true);
    for (const truth of fronts) {
      const { images } = await recognizer.recognizeCard([{ index: 0, bytes: await readFile(join(dir, truth.file)) }]);
      const image = images[0]!;
      expect(image.candidates[0]?.entryId, truth.file).toBe(truth.entry_id);
      expect(image.candidates[0]!.confidence).toBeGreaterThanOrEqual(0.5);
      if (truth.holder) expect(image.holder?.certificate_number).toBe(truth.holder.certificate_number);
    }
  }, 60_000);
});
