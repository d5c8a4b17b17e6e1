import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { loadCatalog, type LoadedCatalog } from '@assay/catalog';
import {
  createRng,
  renderCardPhoto,
  sampleCardInstance,
  sampleCardScene,
  type CardPhotoTruth,
  type PhotoDefect,
} from '@assay/generator';

const catalog = new URL('../../catalog/sample/', import.meta.url).pathname;

/** The sample catalog's card ids, sorted. */
export const sampleCardIds = readdirSync(`${catalog}cards`).sort();

/**
 * A plain photo of a sample card face lying flat on a table: enough for request-rule tests. The
 * photo generator (packages/generator) makes the realistic ones the accuracy benchmark uses.
 */
export async function flatCardPhoto(face: { cardId: string } | { back: 'aetherium' | 'kaiju' | 'starfall' }): Promise<Buffer> {
  const file = 'cardId' in face ? `${catalog}cards/${face.cardId}/front.png` : `${catalog}backs/${face.back}.png`;
  const card = await sharp(file).resize(420).toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 92, g: 104, b: 86 } } })
    .composite([{ input: card, left: 390, top: 160 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export const asBase64Image = (bytes: Buffer, filename = 'photo.jpg') => ({ filename, data: bytes.toString('base64') });

let sampleCatalog: Promise<LoadedCatalog> | undefined;

export interface GeneratedCardOptions {
  entryId: string;
  face: 'front' | 'back';
  /** A seed in the development range (1000–1999); the accuracy benchmark's seed is never used in tests. */
  seed: number;
  holder?: boolean;
  unknownBack?: boolean;
  cardCount?: 1 | 2;
  defect?: PhotoDefect;
}

/**
 * A realistic photo from the generator, with a calm scene (upright, little tilt, no clutter) so a
 * test exercises one rule at a time; returns the photo and its ground truth.
 */
export async function generatedCardPhoto(options: GeneratedCardOptions): Promise<{ jpeg: Buffer; truth: CardPhotoTruth }> {
  const catalog = await (sampleCatalog ??= loadCatalog(new URL('../../catalog/sample/', import.meta.url).pathname));
  const rng = createRng(options.seed);
  const holder = options.holder ? { company: 'PSG' as const, certificateNumber: String(rng.int(10_000_000, 99_999_999)) } : null;
  const base = sampleCardInstance(rng, catalog, { entryId: options.entryId, sleeve: false, holder });
  const instance = options.unknownBack ? { ...base, back: { kind: 'unknown' as const } } : base;
  // Framing is left to the defect when there is one (too_small and cut_off are about framing).
  const framing = options.defect ? {} : { fill: 0.55, centre: [0.5, 0.5] as [number, number] };
  const scene = sampleCardScene(
    rng,
    { rotation: 2, tilt: [1, -1], clutter: 0, ...framing, cardCount: options.cardCount ?? 1, defect: options.defect ?? null },
    { holder: Boolean(instance.holder), sleeve: false },
  );
  return renderCardPhoto(catalog, { instance, face: options.face, scene });
}
