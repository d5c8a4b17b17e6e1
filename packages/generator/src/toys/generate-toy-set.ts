import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedCatalog, ToyEntry } from '@assay/catalog';
import { truthJson } from '../coins/generate-coin-set.ts';
import { createRng, hashSeed, type Rng } from '../random.ts';
import { photoConditions, tuningConditions, type PhotoConditions, type PhotoWorld } from '../photo/conditions.ts';
import { renderToyPhoto, sampleToyScene, type ToyPhotoRequest, type ToyPhotoTruth, type ToyShot } from './render-toy-photo.ts';

/** Chances that a request adds each kind of extra photo after its first (item) photo. */
export interface ToySetMix {
  /** The first photo holds two toys (the subject and another). */
  twoToys: number;
  /** The other item view. */
  otherView: number;
  packaging: number;
  modelNumber: number;
  makerMark: number;
  detail: number;
  accessory: number;
  /** The first photo is the packaging, not the loose toy (a toy still boxed). */
  boxedOnly: number;
}

export const defaultToySetMix: ToySetMix = {
  twoToys: 0.08, otherView: 0.35, packaging: 0.45, modelNumber: 0.35, makerMark: 0.3, detail: 0.2, accessory: 0.15, boxedOnly: 0.1,
};

export interface ToySetOptions {
  catalog: LoadedCatalog;
  seed: number;
  count: number;
  outDir: string;
  mix?: Partial<ToySetMix>;
  /** The photo conditions (photo/conditions.ts); the tuning world by default. */
  world?: PhotoWorld;
}

export type ToySetPhoto = ToyPhotoTruth & { file: string };

/** One toy assessment request: the clearest item photo first, then any extra shots. */
export interface ToySetRequest {
  id: string;
  entry_id: string;
  photos: ToySetPhoto[];
}

export interface ToySetSummary {
  requests: number;
  photos: number;
  twoToyPhotos: number;
  truthFile: string;
}

/** Plans one request's photos of one toy. */
export function planToyRequest(rng: Rng, catalog: LoadedCatalog, mix: ToySetMix, entry: ToyEntry = rng.pick(catalog.toys), conditions: PhotoConditions = tuningConditions): ToyPhotoRequest[] {
  const hasPackaging = entry.images.packaging.length > 0;
  const boxed = hasPackaging && rng.chance(mix.boxedOnly);
  const shot = (kind: ToyShot, extra: Partial<ToyPhotoRequest> = {}): ToyPhotoRequest => ({
    entryId: entry.id, shot: kind, view: 0, surface: boxed || rng.chance(0.4) ? 'box' : 'base', otherEntryId: null, seed: rng.seed(),
    scene: sampleToyScene(rng, kind, {}, conditions), ...extra,
  });
  const others = catalog.toys.filter((t) => t.id !== entry.id);
  const photos: ToyPhotoRequest[] = [boxed ? shot('packaging') : shot('item', { otherEntryId: others.length > 0 && rng.chance(mix.twoToys) ? rng.pick(others).id : null })];
  if (!boxed && entry.images.item.length > 1 && rng.chance(mix.otherView)) photos.push(shot('item', { view: rng.int(1, entry.images.item.length - 1) }));
  if (!boxed && hasPackaging && rng.chance(mix.packaging)) photos.push(shot('packaging'));
  if (rng.chance(mix.modelNumber)) photos.push(shot('model_number'));
  if (rng.chance(mix.makerMark)) photos.push(shot('maker_mark'));
  if (!boxed && rng.chance(mix.detail)) photos.push(shot('detail', { view: rng.int(0, entry.images.item.length - 1) }));
  if (!boxed && rng.chance(mix.accessory)) photos.push(shot('accessory'));
  return photos;
}

/**
 * Renders toy assessment requests into `outDir`: photo-0001.jpg, … and truth.json, an array of
 * ToySetRequest. Request i depends only on (seed, i).
 */
export async function generateToySet(options: ToySetOptions): Promise<ToySetSummary> {
  const { catalog, outDir } = options;
  if (catalog.toys.length === 0) throw new RangeError(`the catalog in ${catalog.root} has no toys`);
  const mix = { ...defaultToySetMix, ...options.mix };
  await mkdir(outDir, { recursive: true });
  const requests: ToySetRequest[] = [];
  let photoNumber = 0;
  let twoToyPhotos = 0;
  for (let i = 0; i < options.count; i++) {
    const rng = createRng(hashSeed(options.seed, 'toys', i));
    const plan = planToyRequest(rng, catalog, mix, rng.pick(catalog.toys), photoConditions[options.world ?? 'tuning']);
    const photos: ToySetPhoto[] = [];
    for (const request of plan) {
      const { jpeg, truth } = await renderToyPhoto(catalog, request);
      const file = `photo-${String(++photoNumber).padStart(4, '0')}.jpg`;
      await writeFile(join(outDir, file), jpeg);
      photos.push({ file, ...truth });
      if (truth.toy_count === 2) twoToyPhotos++;
    }
    requests.push({ id: `request-${String(i + 1).padStart(4, '0')}`, entry_id: plan[0]!.entryId, photos });
  }
  const truthFile = join(outDir, 'truth.json');
  await writeFile(truthFile, truthJson(requests));
  return { requests: requests.length, photos: photoNumber, twoToyPhotos, truthFile };
}
