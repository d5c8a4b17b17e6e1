export { distance, type Point, type Quad } from './geometry/point.ts';
export type { RgbImage } from './image/raster.ts';
export { loadPhoto, type LoadedPhoto, type LoadPhotoOptions } from './image/load-photo.ts';
export { locateQuads, cardAspect, type LocatedQuad, type LocateOptions } from './locate/locate-cards.ts';
export { refineQuad } from './locate/refine-quad.ts';
export { findHolderLabel, type HolderLabel } from './locate/holder-label.ts';
export { rectifyQuad, type RectifiedCard, type RectifyOptions } from './geometry/rectify.ts';
export { cardFeatures, cardFeaturesVersion, type CardFeatures } from './features/card-features.ts';
export { matchable, rotated180, similarity, plainSimilarity, similarityAndPlain, discriminate, type MatchableFeatures } from './features/match-features.ts';
export { dctHash, hammingDistance } from './features/dct-hash.ts';
export { measureBorders, borderProfiles, type BorderMeasurement, type BorderProfiles, type SideProfile, type CenteringOptions } from './measure/centering.ts';
export { centeringWithFrame, type FrameInset } from './measure/frame-centering.ts';
export { measureFrameInset } from './measure/frame-inset.ts';
export { measureEdgeWear } from './measure/wear.ts';
export { surfaceWear } from './measure/surface-wear.ts';
export { exposure, type Exposure } from './quality/exposure.ts';
export { qualityIssues, qualityThresholds, photoQualityIssues, type PhotoQualityIssue } from './quality/quality-issues.ts';
export { analyseCardPhoto, type AnalyseOptions, type CardPhotoAnalysis, type PhotoQualityMetrics } from './analyse-card-photo.ts';
export {
  createVisionWorkers,
  createVisionPool,
  type VisionWorkers,
  type VisionPool,
  type CoinVisionPool,
  type ToyVisionPool,
} from './pool/vision-workers.ts';
export { createLabelReader, type LabelReader, type LabelImage, type LabelReaderOptions } from './ocr/label-reader.ts';
export { parseLabelText, type HolderLabelText } from './ocr/label-text.ts';
export { analyseToyPhoto, textCrop, type TextPolarity, type ToyPhotoAnalysis, type ToyPhotoObject } from './toys/analyse-toy-photo.ts';
export { locateObjects, type LocatedObject } from './toys/locate-objects.ts';
export { objectFeatures, toySimilarity, toyFeaturesVersion, type ToyFeatures } from './toys/object-features.ts';
export { referenceFeatures, referenceReadings } from './toys/reference-features.ts';
export { analyseCoinPhoto, type CoinPhotoAnalysis, type FoundCoin } from './coins/analyse-coin-photo.ts';
export { coinFeatures, referenceFeatures as coinReferenceFeatures, coinFeaturesVersion, type CoinFeatures } from './coins/coin-features.ts';
export { matchCoin, indexCoinReferences, type CoinFaceReference, type CoinFaceCandidate } from './coins/match-coin.ts';
export type { CoinPhotoResult, MatchedCoin } from './coins/coin-job.ts';
export { toyQualityIssues, toyQualityThresholds } from './toys/toy-quality.ts';
export { toyExposure } from './toys/toy-exposure.ts';
