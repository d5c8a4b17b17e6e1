import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedCatalog } from '@assay/catalog';
import { createRng, hashSeed, type Rng } from '../random.ts';
import { sampleCoinInstance, type CoinFace } from './coin-instance.ts';
import {
  ancientLayout, dateRunLayout, groupLayout, individualLayout, pileLayout, rollLayout, setLayout,
  type CoinLayout, type CoinPresentation,
} from './coin-layout.ts';
import { photoConditions, tuningConditions, type PhotoConditions, type PhotoWorld } from '../photo/conditions.ts';
import { nextShot, sampleCoinScene, type CoinScene } from './coin-scene.ts';
import type { CoinPhotoTruth } from './coin-truth.ts';
import { renderCoinPhoto } from './render-coin-photo.ts';

/** Shares of requests (they are normalised) by presentation. */
export type CoinSetMix = Record<CoinPresentation, number>;

export const defaultCoinSetMix: CoinSetMix = { individual: 0.34, group: 0.2, roll: 0.12, pile: 0.08, ancient: 0.07, date_run: 0.09, set: 0.1 };

export interface CoinSetOptions {
  catalog: LoadedCatalog;
  seed: number;
  /** The photo conditions (photo/conditions.ts); the tuning world by default. */
  world?: PhotoWorld;
  /**
   * Conditions of one's own instead of a world's: for development, the tuning world with one axis
   * widened (a steeper camera, say) to see what an engine change does along it without drawing on
   * the held-out world. Its draws must be made as the tuning world's are for tuning seeds to keep
   * their photos otherwise.
   */
  conditions?: PhotoConditions;
  /** Number of requests. */
  count: number;
  outDir: string;
  mix?: Partial<CoinSetMix>;
}

export type CoinSetPhoto = CoinPhotoTruth & { file: string };

/** One assessment request's worth of coin photos: the unit truth.json lists. */
export interface CoinSetRequest {
  id: string;
  presentation: CoinPresentation;
  /**
   * What the service's rules allow to be assessed (spec, coin rules 1–4): every coin of an
   * individual coin or a group; only the readable coins of a roll; nothing of a request made
   * mainly of pile photos (rejected; pile photos beside individual ones are ignored); nothing of
   * ancient coins, date runs or sets (unsupported).
   */
  assessable_coin_ids: string[];
  /** Distinct catalog entries of the coins in the request's photos (null entries left out). */
  entry_ids: string[];
  photos: CoinSetPhoto[];
}

export interface CoinSetSummary {
  requests: number;
  photos: number;
  byPresentation: Partial<Record<CoinPresentation, number>>;
  truthFile: string;
}

interface Shot {
  layout: CoinLayout;
  side: CoinFace;
  scene: CoinScene;
}

function pickPresentation(rng: Rng, mix: CoinSetMix): CoinPresentation {
  const entries = Object.entries(mix) as [CoinPresentation, number][];
  const total = entries.reduce((s, [, w]) => s + Math.max(0, w), 0);
  let roll = rng.next() * total;
  for (const [kind, w] of entries) {
    roll -= Math.max(0, w);
    if (roll < 0) return kind;
  }
  return 'individual';
}

/** Obverse then reverse of a flipped layout, the second shot from about the same spot. */
function bothSides(rng: Rng, layout: CoinLayout, moved: number, conditions: PhotoConditions): Shot[] {
  const scene = sampleCoinScene(rng, layout.presentation, {}, conditions);
  return [{ layout, side: 'obverse', scene }, { layout, side: 'reverse', scene: nextShot(rng, scene, moved, conditions) }];
}

/**
 * Plans the photos of one request under `conditions` (the tuning world by default); `prefix` makes
 * layout (and so coin) ids unique in the set.
 */
export function planCoinRequest(rng: Rng, catalog: LoadedCatalog, presentation: CoinPresentation, prefix: string, conditions: PhotoConditions = tuningConditions): Shot[] {
  // Drawn first; the tuning world draws nothing for it.
  const arrangement = conditions.coinArrangement(rng, presentation);
  switch (presentation) {
    case 'individual':
      // Each face is picked up and put down again: a bigger change of framing.
      return bothSides(rng, individualLayout(rng, catalog, sampleCoinInstance(rng, catalog), `${prefix}-L1`), 3, conditions);
    case 'ancient':
      return bothSides(rng, ancientLayout(rng, catalog, `${prefix}-L1`), 3, conditions);
    case 'group':
      return bothSides(rng, groupLayout(rng, catalog, rng.int(3, 8), `${prefix}-L1`), 1, conditions);
    case 'date_run':
      return bothSides(rng, dateRunLayout(rng, catalog, rng.int(4, 8), `${prefix}-L1`), 1, conditions);
    case 'set':
      return bothSides(rng, setLayout(rng, catalog, `${prefix}-L1`, arrangement), 2, conditions);
    case 'roll': {
      const layout = rollLayout(rng, catalog, rng.chance(0.35), `${prefix}-L1`, arrangement);
      const scene = sampleCoinScene(rng, 'roll', {}, conditions);
      return rng.chance(0.4) ? [{ layout, side: 'obverse', scene }, { layout, side: 'obverse', scene: nextShot(rng, scene, 4, conditions) }] : [{ layout, side: 'obverse', scene }];
    }
    case 'pile': {
      const layout = pileLayout(rng, catalog, rng.int(14, 30), `${prefix}-L1`, arrangement);
      const scene = sampleCoinScene(rng, 'pile', {}, conditions);
      const shots: Shot[] = [{ layout, side: 'obverse', scene }];
      if (rng.chance(0.4)) shots.push({ layout, side: 'obverse', scene: nextShot(rng, scene, 4, conditions) });
      // Sometimes the client adds a proper pair of photos of one coin: the pile photos are then ignored.
      if (rng.chance(0.35)) shots.push(...bothSides(rng, individualLayout(rng, catalog, sampleCoinInstance(rng, catalog), `${prefix}-L2`), 3, conditions));
      return shots;
    }
  }
}

function assessable(presentation: CoinPresentation, photos: CoinPhotoTruth[]): string[] {
  const ids = new Set<string>();
  for (const photo of photos) {
    for (const coin of photo.coins) {
      const ok = photo.presentation === 'individual' || photo.presentation === 'group' || (photo.presentation === 'roll' && coin.readable);
      if (ok && (presentation !== 'pile' || photo.presentation === 'individual')) ids.add(coin.coin_id);
    }
  }
  return [...ids];
}

/**
 * Renders coin assessment requests into `outDir`: photo-0001.jpg, … and truth.json, an array of
 * CoinSetRequest. Request i depends only on (seed, i), so a larger count extends a set.
 */
export async function generateCoinSet(options: CoinSetOptions): Promise<CoinSetSummary> {
  const { catalog, outDir } = options;
  const mix = { ...defaultCoinSetMix, ...options.mix };
  await mkdir(outDir, { recursive: true });
  const requests: CoinSetRequest[] = [];
  const byPresentation: Partial<Record<CoinPresentation, number>> = {};
  let photoNumber = 0;
  for (let i = 0; i < options.count; i++) {
    const rng = createRng(hashSeed(options.seed, 'coins', i));
    const id = `request-${String(i + 1).padStart(4, '0')}`;
    const presentation = pickPresentation(rng, mix);
    const photos: CoinSetPhoto[] = [];
    for (const shot of planCoinRequest(rng, catalog, presentation, id, options.conditions ?? photoConditions[options.world ?? 'tuning'])) {
      const { jpeg, truth } = await renderCoinPhoto(catalog, shot);
      const file = `photo-${String(++photoNumber).padStart(4, '0')}.jpg`;
      await writeFile(join(outDir, file), jpeg);
      photos.push({ file, ...truth });
    }
    byPresentation[presentation] = (byPresentation[presentation] ?? 0) + 1;
    const entryIds = [...new Set(photos.flatMap((p) => p.coins.map((c) => c.entry_id)).filter((e): e is string => e !== null))];
    requests.push({ id, presentation, assessable_coin_ids: assessable(presentation, photos), entry_ids: entryIds, photos });
  }
  const truthFile = join(outDir, 'truth.json');
  await writeFile(truthFile, truthJson(requests));
  return { requests: requests.length, photos: photoNumber, byPresentation, truthFile };
}

/** JSON with arrays of numbers (points) on one line each, as the card set writes it. */
export function truthJson(value: unknown): string {
  const json = JSON.stringify(value, null, 2).replace(/\[\s+([-\d.,\s]+?)\s+\]/g, (_, inner: string) => `[${inner.split(/,\s*/).join(', ')}]`);
  return `${json}\n`;
}
