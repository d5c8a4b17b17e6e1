/*
 * @assay/generator: realistic, labelled phone photos of cards rendered from any catalog,
 * deterministically from a seed. (The sample catalog's designs live in ./sample-catalog and are
 * written by scripts/make-sample-catalog.ts.)
 */
export { createRng, hashSeed, type Rng } from './random.ts';
export { sampleCardInstance, type CardBack, type CardFace, type CardHolder, type CardInstance } from './cards/card-instance.ts';
export {
  photoDefects,
  sampleCardScene,
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
export {
  generateCardSet,
  defaultCardSetMix,
  type CardSetMix,
  type CardSetOptions,
  type CardSetPhoto,
  type CardSetRequest,
  type CardSetSummary,
} from './cards/generate-card-set.ts';
export { holderCompanies, type HolderCompany } from './cards/holder-label.ts';
export { unknownBackFile } from './cards/card-faces.ts';
export type { Streak } from './cards/card-object.ts';
export type { Lighting } from './photo/lighting.ts';
export { surfaceKinds, type SurfaceKind } from './photo/surfaces.ts';
export type { Point, RawImage } from './photo/raw-image.ts';
