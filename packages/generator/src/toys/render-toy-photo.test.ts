import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng, generateToySet, renderToyPhoto, sampleToyScene, type ToyPhotoRequest, type ToySetRequest } from '../index.ts';
import { colourDistance, decode, heldOutCatalog, pixel, sampleCatalog } from '../test-support/pixels.ts';

const request = (overrides: Partial<ToyPhotoRequest>): ToyPhotoRequest => ({
  entryId: 'titan-guardian-deluxe-figure', shot: 'item', view: 0, surface: 'base', otherEntryId: null, seed: 1,
  scene: { ...sampleToyScene(createRng(2), overrides.shot ?? 'item'), width: 900, height: 700 },
  ...overrides,
});

describe('renderToyPhoto', () => {
  it('is deterministic', async () => {
    const catalog = await sampleCatalog();
    const [a, b] = [await renderToyPhoto(catalog, request({ shot: 'packaging' })), await renderToyPhoto(catalog, request({ shot: 'packaging' }))];
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.truth).toEqual(b.truth);
  });

  it('puts two different toys side by side in a two-toy photo', async () => {
    const catalog = await sampleCatalog();
    const { truth } = await renderToyPhoto(catalog, request({ otherEntryId: 'barnaby-bear' }));
    expect(truth).toMatchObject({ toy_count: 2, other_entry_ids: ['barnaby-bear'] });
    const right = Math.max(...truth.corners.map((p) => p[0]));
    const left = Math.min(...truth.other_corners[0]!.map((p) => p[0]));
    expect(left).toBeGreaterThan(right);
    for (const [x, y] of [...truth.corners, ...truth.other_corners[0]!]) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(truth.width);
      expect(y).toBeLessThanOrEqual(truth.height);
    }
  });

  it('prints the model number large on the close-up, with ink in the middle of the plate', async () => {
    const catalog = await sampleCatalog();
    const { jpeg, truth } = await renderToyPhoto(catalog, request({ shot: 'model_number', surface: 'box' }));
    expect(truth.text).toEqual(['No. OP-2301']);
    const image = await decode(jpeg);
    // Along the first text line: both the light panel and dark ink.
    const [tl, tr, , bl] = truth.corners;
    const at = (u: number, v: number) => pixel(image, tl[0] + (tr[0] - tl[0]) * u + (bl[0] - tl[0]) * v, tl[1] + (tr[1] - tl[1]) * u + (bl[1] - tl[1]) * v);
    const samples = Array.from({ length: 60 }, (_, i) => at(0.08 + i * 0.008, 0.36));
    const panel = at(0.5, 0.9);
    expect(samples.filter((p) => colourDistance(p, panel) > 200).length).toBeGreaterThan(5);
  });

  it('prints a model number that carries its own label without adding "No."', async () => {
    const catalog = await heldOutCatalog();
    const { truth } = await renderToyPhoto(catalog, request({ entryId: 'stradale-67-coupe-no-7', shot: 'model_number', surface: 'box' }));
    expect(truth.text).toEqual(['Art. 4312']);
  });
});

describe('generateToySet', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('writes one request per toy, the item photo first, with the extra shots after it', async () => {
    const catalog = await sampleCatalog();
    const dir = await mkdtemp(join(tmpdir(), 'assay-toys-'));
    folders.push(dir);
    const mix = { twoToys: 0, otherView: 0, packaging: 1, modelNumber: 1, makerMark: 0, detail: 0, accessory: 0, boxedOnly: 0 };
    const summary = await generateToySet({ catalog, seed: 4, count: 1, outDir: dir, mix });
    expect(summary).toMatchObject({ requests: 1, photos: 3, twoToyPhotos: 0 });
    const [req] = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as ToySetRequest[];
    expect(req!.photos.map((p) => p.shot)).toEqual(['item', 'packaging', 'model_number']);
    expect(req!.photos.every((p) => p.entry_id === req!.entry_id)).toBe(true);
  });
});
