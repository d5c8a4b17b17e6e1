/*
 * Trading cards: locating a card in a photo, identifying it against the catalog, measuring its
 * centering, wear and photo quality, and the grading scale those measurements are graded on.
 */
export type { CardRecognizer, CardRecognition, ImageRecognition, IdentityCandidate, HolderReading } from './card-recognizer.ts';
export { createCatalogCardRecognizer, type CatalogCardRecognizerOptions } from './catalog-card-recognizer.ts';
export { computeCardReferences, type CardReferences, type FrontReference, type BackReference } from './card-references.ts';
export { createCardWorkers, cardAnalysis } from './card-job.ts';
export type { CardPhotoAnalysis } from './analyse-card-photo.ts';
export { cardFeaturesVersion } from './identify/card-features.ts';
export * from './grade/card-scale.ts';
