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
export { holderCompanies, heldOutHolderCompanies, printedHolderCode, type HolderCompany } from './cards/holder-label.ts';
export { blurredFrom, blurSpread, type CameraBlur } from './photo/camera-blur.ts';
export { unknownBackFile } from './cards/card-faces.ts';
export type { Streak } from './cards/card-object.ts';
export type { Lighting } from './photo/lighting.ts';
export { surfaceKinds, heldOutSurfaceKinds, type SurfaceKind } from './photo/surfaces.ts';
export {
  photoWorlds, photoConditions, tuningConditions, heldOutConditions, heavyCompressionBelow, conditionDefects,
  type ConditionsTruth, type PhotoWorld, type PhotoConditions,
} from './photo/conditions.ts';
export type { Point, RawImage } from './photo/raw-image.ts';
export { tuningArrangement, type CoinArrangement } from './coins/coin-arrangement.ts';

// Coins: single coins, groups, rolls, piles, ancient coins, date runs and sets (see docs/catalog.md).
export {
  sampleCoinInstance, sampleAncientInstance, wearOf, marksOf, entryGrades, gradeNumber,
  type AncientDesign, type CoinFace, type CoinInstance, type CoinInstanceOptions,
} from './coins/coin-instance.ts';
export {
  individualLayout, groupLayout, dateRunLayout, rollLayout, pileLayout, setLayout, ancientLayout, coinPresentations,
  type CoinLayout, type CoinPlace, type CoinPresentation, type HolderLayout, type LaidCoin, type RollLayout,
} from './coins/coin-layout.ts';
export { renderCoinFace, canRedate, type CoinFaceImage, type CoinFaceOptions } from './coins/coin-face.ts';
export { developmentFaceStyle, type CoinFaceStyle } from './sample-catalog/coins/coin-face.ts';
export { restyleSampleCoinFaces } from './sample-catalog/write-sample-catalog.ts';
export { sampleCoinScene, nextShot, type CoinScene } from './coins/coin-scene.ts';
export { renderCoinPhoto, type CoinPhoto, type CoinPhotoRequest } from './coins/render-coin-photo.ts';
export type { CoinPhotoTruth, CoinTruth } from './coins/coin-truth.ts';
export {
  generateCoinSet, planCoinRequest, defaultCoinSetMix,
  type CoinSetMix, type CoinSetOptions, type CoinSetPhoto, type CoinSetRequest, type CoinSetSummary,
} from './coins/generate-coin-set.ts';
// Toys: loose, packaged, model-number and maker-mark close-ups, details, accessories, two-toy photos.
export {
  renderToyPhoto, sampleToyScene, toyShots,
  type ToyPhoto, type ToyPhotoRequest, type ToyPhotoTruth, type ToyScene, type ToyShot,
} from './toys/render-toy-photo.ts';
export type { MarkSurface } from './toys/toy-images.ts';
export {
  generateToySet, planToyRequest, defaultToySetMix,
  type ToySetMix, type ToySetOptions, type ToySetPhoto, type ToySetRequest, type ToySetSummary,
} from './toys/generate-toy-set.ts';
export { sampleTabletopScene, type TabletopScene } from './photo/tabletop.ts';
