import sharp from 'sharp';
import type { LoadedCatalog } from '@assay/catalog';
import { createPaddleTextReader, type TextImage, type TextLineReader } from '@assay/pixels';
import { dateArcOf, dateBoxOf, unwrappedRim, type DateRegion } from './coin-date.ts';
import { coinFeaturesVersion, referenceDisc, referenceFeatures } from './coin-features.ts';
import type { CoinFaceReference } from './match-coin.ts';

/** Polar features of every coin's obverse and reverse: JSON, stored by the catalog import. */
export interface CoinReferences {
  version: typeof coinFeaturesVersion;
  faces: CoinFaceReference[];
  /** Each entry's diameter, mm: coins photographed together must agree on one scale. */
  diameters: Record<string, number>;
  /** Each entry's year and mint mark, as its identity gives them: what a date read off a coin is compared with. */
  dates: Record<string, { year: string | null; mint: string | null }>;
}

export interface CoinReferenceOptions {
  /** Finds where each face carries its date; by default a PaddleOCR reader of its own, closed at the end. */
  textReader?: TextLineReader;
}

/**
 * A reference face is read at this size, its print then as large as a photographed coin's date is
 * read at (see dateCrop); the sample catalog's 256-pixel faces carry their dates 17 pixels high.
 */
const readSide = 512;

/** Computes the coin references of a loaded catalog (a few ms per face, and a text read of each). */
export async function computeCoinReferences(catalog: LoadedCatalog, options: CoinReferenceOptions = {}): Promise<CoinReferences> {
  const reader = options.textReader ?? createPaddleTextReader();
  try {
    const faces: CoinFaceReference[] = [];
    for (const coin of catalog.coins) {
      const sides = ['obverse', 'reverse'] as const;
      const files = sides.map((face) => catalog.entryFile('coins', coin.id, coin.images[face]));
      const dates = coin.identity.year ? await datesOf(reader, await Promise.all(files.map(greyFace)), coin.identity.year) : [null, null];
      for (const [k, face] of sides.entries()) faces.push({ entryId: coin.id, face, features: await referenceFeatures(files[k]!), dateBox: dates[k] ?? null });
    }
    return {
      version: coinFeaturesVersion,
      faces,
      diameters: Object.fromEntries(catalog.coins.map((c) => [c.id, c.specs.diameter_mm])),
      dates: Object.fromEntries(catalog.coins.map((c) => [c.id, { year: c.identity.year, mint: c.identity.mint }])),
    };
  } finally {
    if (!options.textReader) await reader.close();
  }
}

/**
 * Where a coin's faces carry `year`: the line the reader finds it on in a face's image, else (on
 * neither face) the arc of the rim it is struck along (the faces' legends unwrapped and read). A
 * coin carries its date once: the rim is read only when no line has it, which spares a catalog
 * of straight dates two strip reads a face (they doubled the sample catalog's import time).
 */
async function datesOf(reader: TextLineReader, faces: TextImage[], year: string): Promise<(DateRegion | null)[]> {
  const straight: (DateRegion | null)[] = [];
  for (const face of faces) straight.push(dateBoxOf(await reader.readLines(face), year, readSide, referenceDisc));
  if (straight.some((box) => box !== null)) return straight;
  const arcs: (DateRegion | null)[] = [];
  for (const face of faces) arcs.push(await dateArcOfFace(reader, face, year));
  return arcs;
}

async function dateArcOfFace(reader: TextLineReader, face: TextImage, year: string): Promise<DateRegion | null> {
  for (const { strip, image } of unwrappedRim(face, referenceDisc)) {
    const arc = dateArcOf(await reader.readLines(image), year, strip, image);
    if (arc) return arc;
  }
  return null;
}

/** A catalog face in grey, `readSide` pixels square, transparency on mid grey as its features see it. */
async function greyFace(file: string): Promise<TextImage> {
  const { data, info } = await sharp(file).resize(readSide, readSide, { fit: 'fill' }).flatten({ background: '#808080' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
