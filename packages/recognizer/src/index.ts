export type { Recognizer, CardImage, CardRecognition, ImageRecognition, IdentityCandidate, HolderReading } from './recognizer.ts';
export { computeCardReferences, computeCatalogReferences, type CardReferences, type FrontReference, type BackReference } from './card-references.ts';
export { createCatalogRecognizer, type CatalogRecognizerOptions } from './catalog-recognizer.ts';
export { computeCoinReferences, type CoinReferences } from './coin-references.ts';
