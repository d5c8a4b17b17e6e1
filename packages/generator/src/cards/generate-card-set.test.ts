import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCardSet, type CardSetRequest } from '../index.ts';
import { decode, sampleCatalog } from '../test-support/pixels.ts';

const folders: string[] = [];
async function freshFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'assay-card-set-'));
  folders.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

const readTruth = async (dir: string): Promise<CardSetRequest[]> => JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8'));

describe('generateCardSet', () => {
  it('writes front and back photos per card and one truth.json, identically for the same seed', async () => {
    const catalog = await sampleCatalog();
    const mix = { frontOnly: 0, unknownBack: 0, twoCards: 0, defective: 0 };
    const [a, b] = [await freshFolder(), await freshFolder()];
    const summary = await generateCardSet({ catalog, seed: 7, count: 2, outDir: a, mix });
    await generateCardSet({ catalog, seed: 7, count: 2, outDir: b, mix });

    expect(summary).toMatchObject({ requests: 2, photos: 4, defective: 0 });
    expect((await readdir(a)).sort()).toEqual(['photo-0001.jpg', 'photo-0002.jpg', 'photo-0003.jpg', 'photo-0004.jpg', 'truth.json']);
    for (const file of await readdir(a)) expect((await readFile(join(a, file))).equals(await readFile(join(b, file))), file).toBe(true);

    const requests = await readTruth(a);
    for (const request of requests) {
      expect(request.photos.map((p) => p.face)).toEqual(['front', 'back']);
      const [front, back] = request.photos;
      // Both photos are of the same physical card.
      expect(back!.subgrades).toEqual(front!.subgrades);
      expect(back!.card_centering).toEqual(front!.card_centering);
      expect(front!.entry_id).toBe(request.entry_id);
      const image = await decode(join(a, front!.file));
      expect([image.width, image.height]).toEqual([front!.width, front!.height]);
    }
  });

  it('follows the mix: here every request has exactly one defective photo', async () => {
    const catalog = await sampleCatalog();
    const dir = await freshFolder();
    const summary = await generateCardSet({ catalog, seed: 3, count: 3, outDir: dir, mix: { frontOnly: 1, defective: 1 } });
    expect(summary).toMatchObject({ requests: 3, photos: 3, defective: 3 });
    for (const request of await readTruth(dir)) expect(request.photos.flatMap((p) => p.defects)).toHaveLength(1);
  });
});
