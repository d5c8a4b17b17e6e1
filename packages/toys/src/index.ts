/*
 * Toys: locating the objects on a table, identifying the toy by its look and by the text on it
 * (model numbers, maker marks, box print), and the photo quality of its view.
 */
export type { ToyRecognizer, ToyRecognition, ToyImageRecognition, ToyCandidate } from './toy-recognizer.ts';
export { createCatalogToyRecognizer, type CatalogToyRecognizerOptions } from './catalog-toy-recognizer.ts';
export { computeToyReferences, type ToyReferences, type ToyImageReference, type ToyTextReference } from './identify/toy-references.ts';
export { toyFeaturesVersion } from './identify/object-features.ts';
export { createToyWorkers, toyAnalysis } from './toy-job.ts';
export type { TextEvidence } from './text/toy-text.ts';
