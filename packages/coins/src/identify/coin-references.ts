import type { LoadedCatalog } from '@assay/catalog';
import { coinFeaturesVersion, referenceFeatures } from './coin-features.ts';
import type { CoinFaceReference } from './match-coin.ts';

/** Polar features of every coin's obverse and reverse: JSON, stored by the catalog import. */
export interface CoinReferences {
  version: typeof coinFeaturesVersion;
  faces: CoinFaceReference[];
  /** Each entry's diameter, mm: coins photographed together must agree on one scale. */
  diameters: Record<string, number>;
}

/** Computes the coin references of a loaded catalog (a few ms per face). */
export async function computeCoinReferences(catalog: LoadedCatalog): Promise<CoinReferences> {
  const faces: CoinFaceReference[] = [];
  for (const coin of catalog.coins) {
    for (const face of ['obverse', 'reverse'] as const) {
      faces.push({ entryId: coin.id, face, features: await referenceFeatures(catalog.entryFile('coins', coin.id, coin.images[face])) });
    }
  }
  return { version: coinFeaturesVersion, faces, diameters: Object.fromEntries(catalog.coins.map((c) => [c.id, c.specs.diameter_mm])) };
}
