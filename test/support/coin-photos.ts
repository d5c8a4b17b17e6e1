import sharp from 'sharp';
import { loadCatalog, type LoadedCatalog } from '@assay/catalog';
import { createRng, hashSeed, planCoinRequest, renderCoinPhoto, tuningConditions, type CoinPhotoTruth, type CoinPresentation, type PhotoConditions, type SurfaceKind } from '@assay/generator';

const catalogDir = new URL('../../catalog/sample/', import.meta.url).pathname;
let sampleCatalog: Promise<LoadedCatalog> | undefined;
export const coinCatalog = () => (sampleCatalog ??= loadCatalog(catalogDir));
// Coins the sample catalog does not list (Canadian and euro coins): what a user's unknown coin is to Assay.
let heldOut: Promise<LoadedCatalog> | undefined;
const heldOutCatalog = () => (heldOut ??= loadCatalog(new URL('../../catalog/held-out/', import.meta.url).pathname));

export interface GeneratedCoinPhoto {
  jpeg: Buffer;
  truth: CoinPhotoTruth;
}

/**
 * The photos of one generated coin request of a presentation, as the accuracy benchmark makes them
 * (packages/generator). `seed` must be a development seed (1000–1999): the benchmark's is never used.
 * `unlisted` draws the coins from the held-out catalog, which the sample catalog shares none with;
 * `surface` lays every photo on that table instead of the one drawn; `conditions` replaces some of
 * the tuning world's (a development world's, e.g. coins farther away or a lamp's light).
 */
export async function generatedCoinRequest(presentation: CoinPresentation, seed: number, { unlisted = false, surface, conditions }: { unlisted?: boolean; surface?: SurfaceKind; conditions?: Partial<PhotoConditions> } = {}): Promise<GeneratedCoinPhoto[]> {
  const catalog = unlisted ? await heldOutCatalog() : await coinCatalog();
  const rng = createRng(hashSeed(seed, 'coins-test', presentation));
  const photos: GeneratedCoinPhoto[] = [];
  for (const shot of planCoinRequest(rng, catalog, presentation, `t${seed}`, { ...tuningConditions, ...conditions })) photos.push(await renderCoinPhoto(catalog, surface ? { ...shot, scene: { ...shot.scene, surface } } : shot));
  return photos;
}

/** Distinct catalog entries of the coins a request should be assessed for (truth `readable`, entry known). */
export function readableEntries(photos: GeneratedCoinPhoto[]): string[] {
  return [...new Set(photos.flatMap((p) => p.truth.coins.filter((c) => c.readable && c.entry_id).map((c) => c.entry_id!)))].sort();
}

/**
 * A photo as a dim or small sensor takes it: blurred by `blurShare` of its long side (0: not), then
 * Gaussian noise of `levels` 8-bit levels added to every channel of every pixel (a fixed stream, so
 * the same photo every run), saved as a quality-90 JPEG.
 */
export async function withSensorNoise(jpeg: Buffer, { blurShare = 0, levels }: { blurShare?: number; levels: number }): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const source = blurShare === 0 ? sharp(jpeg) : sharp(jpeg).blur(blurShare * Math.max(width, height));
  const { data, info } = await source.raw().toBuffer({ resolveWithObject: true });
  let state = 12345;
  const uniform = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648 + 1e-9;
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(data[i]! + levels * Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()))));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).jpeg({ quality: 90 }).toBuffer();
}
