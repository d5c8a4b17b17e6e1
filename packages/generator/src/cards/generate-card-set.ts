import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedCatalog } from '@assay/catalog';
import { createRng, hashSeed, type Rng } from '../random.ts';
import { sampleCardInstance, type CardFace, type CardInstance } from './card-instance.ts';
import { photoConditions, type PhotoConditions, type PhotoWorld } from '../photo/conditions.ts';
import { photoDefects, sampleCardScene, type PhotoDefect } from './card-scene.ts';
import type { CardPhotoTruth } from './card-truth.ts';
import { renderCardPhoto } from './render-card-photo.ts';

/** Shares of requests (0..1) that get each kind of special treatment; the rest are clean front+back pairs. */
export interface CardSetMix {
  /** Only a front photo: identity can be given, a grade cannot. */
  frontOnly: number;
  /** The card carries a back no catalog lists: identity, no grade. */
  unknownBack: number;
  /** The front photo shows a second card beside the subject. */
  twoCards: number;
  /** One of the request's photos has a quality defect. */
  defective: number;
}

export const defaultCardSetMix: CardSetMix = { frontOnly: 0.1, unknownBack: 0.1, twoCards: 0.06, defective: 0.25 };

export interface CardSetOptions {
  catalog: LoadedCatalog;
  seed: number;
  /** Number of requests (card instances); most have two photos. */
  count: number;
  outDir: string;
  mix?: Partial<CardSetMix>;
  /** The photo conditions (photo/conditions.ts); the tuning world by default. */
  world?: PhotoWorld;
}

export type CardSetPhoto = CardPhotoTruth & { file: string };

/** One assessment request's worth of photos of one card, front first: the unit truth.json lists. */
export interface CardSetRequest {
  id: string;
  entry_id: string;
  photos: CardSetPhoto[];
}

export interface CardSetSummary {
  requests: number;
  photos: number;
  defective: number;
  truthFile: string;
}

interface Plan {
  instance: CardInstance;
  faces: CardFace[];
  defect: { face: CardFace; kind: PhotoDefect } | null;
  twoCards: boolean;
}

function planRequest(rng: Rng, catalog: LoadedCatalog, mix: CardSetMix, conditions: PhotoConditions): Plan {
  const instance = sampleCardInstance(rng, catalog);
  const special = rng.next();
  const frontOnly = special < mix.frontOnly;
  const unknownBack = !frontOnly && special < mix.frontOnly + mix.unknownBack;
  const faces: CardFace[] = frontOnly ? ['front'] : ['front', 'back'];
  const defect = rng.chance(mix.defective) ? { face: rng.pick(faces), kind: rng.pick(photoDefects) } : null;
  const twoCards = rng.chance(mix.twoCards);
  // Last, so the tuning world (whose slabs are as drawn) draws exactly what it always did.
  const holder = instance.holder && conditions.slab(rng, instance.holder);
  return {
    instance: { ...instance, holder, ...(unknownBack ? { back: { kind: 'unknown' } } : {}) },
    faces,
    defect,
    twoCards,
  };
}

/**
 * Renders a set of assessment requests into `outDir`: photo-0001.jpg, photo-0002.jpg, … and
 * truth.json, an array of CardSetRequest. Request i depends only on (seed, i), so a larger count
 * extends a set without changing its first requests.
 */
export async function generateCardSet(options: CardSetOptions): Promise<CardSetSummary> {
  const { catalog, outDir } = options;
  const mix = { ...defaultCardSetMix, ...options.mix };
  await mkdir(outDir, { recursive: true });
  const requests: CardSetRequest[] = [];
  let photoNumber = 0;
  let defective = 0;
  for (let i = 0; i < options.count; i++) {
    const rng = createRng(hashSeed(options.seed, i));
    const conditions = photoConditions[options.world ?? 'tuning'];
    const plan = planRequest(rng, catalog, mix, conditions);
    const subject = { holder: plan.instance.holder !== null, sleeve: plan.instance.sleeve };
    const photos: CardSetPhoto[] = [];
    for (const face of plan.faces) {
      const scene = sampleCardScene(rng, {
        defect: plan.defect?.face === face ? plan.defect.kind : null,
        cardCount: plan.twoCards && face === 'front' ? 2 : 1,
      }, subject, conditions);
      const { jpeg, truth } = await renderCardPhoto(catalog, { instance: plan.instance, face, scene });
      const file = `photo-${String(++photoNumber).padStart(4, '0')}.jpg`;
      await writeFile(join(outDir, file), jpeg);
      photos.push({ file, ...truth });
    }
    if (plan.defect) defective++;
    requests.push({ id: `request-${String(i + 1).padStart(4, '0')}`, entry_id: plan.instance.entryId, photos });
  }
  const truthFile = join(outDir, 'truth.json');
  // Arrays of numbers (points) on one line each; the rest indented as usual.
  const json = JSON.stringify(requests, null, 2).replace(/\[\s+([-\d.,\s]+?)\s+\]/g, (_, inner: string) => `[${inner.split(/,\s*/).join(', ')}]`);
  await writeFile(truthFile, `${json}\n`);
  return { requests: requests.length, photos: photoNumber, defective, truthFile };
}
