import { loadCatalog, type LoadedCatalog } from '@assay/catalog';
import { createRng, renderToyPhoto, sampleToyScene, type MarkSurface, type ToyPhotoTruth, type ToyShot } from '@assay/generator';

let sampleCatalog: Promise<LoadedCatalog> | undefined;

export interface GeneratedToyOptions {
  entryId: string;
  shot: ToyShot;
  /** A seed in the development range (1000–1999); the accuracy benchmark's seed is never used in tests. */
  seed: number;
  /** Which catalog view of the toy an item shot shows (0: the canonical one). */
  view?: number;
  /** Model-number and maker-mark close-ups: moulded on the toy's base or printed on its box. */
  surface?: MarkSurface;
  /** Another toy standing beside the subject in an item shot. */
  otherEntryId?: string;
}

/**
 * A realistic toy photo from the generator, with a calm scene (near upright, no clutter) so a test
 * exercises one rule at a time; returns the photo and its ground truth.
 */
export async function generatedToyPhoto(options: GeneratedToyOptions): Promise<{ jpeg: Buffer; truth: ToyPhotoTruth }> {
  const catalog = await (sampleCatalog ??= loadCatalog(new URL('../../catalog/sample/', import.meta.url).pathname));
  const rng = createRng(options.seed);
  const scene = sampleToyScene(rng, options.shot, { rotation: 2, tilt: [1, -1], clutter: 0, centre: [0.5, 0.5] });
  return renderToyPhoto(catalog, {
    entryId: options.entryId,
    shot: options.shot,
    view: options.view ?? 0,
    surface: options.surface ?? 'box',
    otherEntryId: options.otherEntryId ?? null,
    seed: rng.seed(),
    scene,
  });
}
