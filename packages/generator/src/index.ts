/*
 * @assay/generator: the sample catalog's designs and a photo generator that renders realistic,
 * labelled phone photos of cards from any catalog, deterministically from a seed.
 */
export { createRng, hashSeed, type Rng } from './random.ts';
export {
  sampleCardInstance,
  sampleCertificateNumber,
  type CardBack,
  type CardFace,
  type CardHolder,
  type CardInstance,
} from './cards/card-instance.ts';
export {
  photoDefects,
  sampleCardScene,
  sampleDefect,
  type CardScene,
  type CastShadow,
  type PhotoDefect,
  type SceneDefect,
  type SceneOverrides,
  type SceneSubject,
} from './cards/card-scene.ts';
export { renderCardPhoto, type CardPhoto, type CardPhotoRequest } from './cards/render-card-photo.ts';
export { renderCardFace, type CardFaceImage } from './cards/render-card-face.ts';
export type { CardPhotoTruth } from './cards/card-truth.ts';
export { holderCompanies, type HolderCompany } from './cards/holder-label.ts';
export { unknownBackFile } from './cards/card-faces.ts';
export { generateCardSet, defaultCardSetMix, type CardSetMix, type CardSetOptions, type CardSetSummary, type CardSetRequest } from './cards/generate-card-set.ts';
export type { Lighting } from './photo/lighting.ts';
export type { Streak } from './cards/card-object.ts';
export { surfaceKinds, type SurfaceKind } from './photo/surfaces.ts';
export type { Point, RawImage } from './photo/raw-image.ts';
export { writeSampleCatalog, renderUnknownBack, type SampleCatalogSummary } from './sample-catalog/write-sample-catalog.ts';
