export type { Recognizer, CardImage, CardRecognition, ImageRecognition, IdentityCandidate, HolderReading } from './recognizer.ts';
export { computeCardReferences, computeCatalogReferences, type CardReferences, type FrontReference, type BackReference } from './card-references.ts';
export { createCatalogRecognizer, type CatalogRecognizerOptions } from './catalog-recognizer.ts';
export { computeCoinReferences, type CoinReferences } from './coin-references.ts';
export type { ToyRecognizer, ToyRecognition, ToyImageRecognition, ToyCandidate } from './toys/toy-recognizer.ts';
export { computeToyReferences, type ToyReferences, type ToyImageReference, type ToyTextReference } from './toys/toy-references.ts';
export { createCatalogToyRecognizer, type CatalogToyRecognizerOptions } from './toys/catalog-toy-recognizer.ts';
export { matchText, foldText, type TextEvidence } from './toys/toy-text.ts';
export * from './coins/index.ts';
