import type { LoadedCatalog } from '@assay/catalog';
import { referenceReadings } from './reference-features.ts';
import { toyFeaturesVersion, type ToyFeatures } from './object-features.ts';

/** One catalog image of a toy: a view of the toy itself, or its packaging. */
export interface ToyImageReference {
  entryId: string;
  kind: 'item' | 'packaging';
  /** Path of the image inside the entry's folder. */
  image: string;
  features: ToyFeatures;
}

/** What the catalog says in words about a toy, for text read off its marks and box. */
export interface ToyTextReference {
  entryId: string;
  name: string;
  brand: string;
  modelNumbers: string[];
  makerMarks: string[];
}

/** Reference features and texts of every toy: JSON, stored by the catalog import. */
export interface ToyReferences {
  version: typeof toyFeaturesVersion;
  images: ToyImageReference[];
  texts: ToyTextReference[];
}

/** Computes the toy references of a loaded catalog (a few ms per image). */
export async function computeToyReferences(catalog: LoadedCatalog): Promise<ToyReferences> {
  const images: ToyImageReference[] = [];
  for (const toy of catalog.toys) {
    for (const [kind, files] of [['item', toy.images.item], ['packaging', toy.images.packaging]] as const) {
      for (const image of files) {
        // Each reading of the image (with and without its ground pad) matches on its own.
        for (const features of await referenceReadings(catalog.entryFile('toys', toy.id, image))) images.push({ entryId: toy.id, kind, image, features });
      }
    }
  }
  const texts = catalog.toys.map((toy) => ({
    entryId: toy.id,
    name: toy.identity.name,
    brand: toy.identity.brand,
    modelNumbers: toy.model_numbers,
    makerMarks: toy.maker_marks,
  }));
  return { version: toyFeaturesVersion, images, texts };
}
