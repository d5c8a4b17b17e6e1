/*
 * Toys: locating the objects on a table, identifying the toy by its look and by the text on it
 * (model numbers, maker marks, box print), the photo quality of its view, and the toys engine: the
 * spec's toy rules over the recognizer's facts, with a word for how sure the match is. Worker
 * threads load `./jobs`.
 */
export type { ToyRecognizer, ToyRecognition, ToyImageRecognition } from './toy-recognizer.ts';
export { createCatalogToyRecognizer, type CatalogToyRecognizerOptions } from './catalog-toy-recognizer.ts';
export { computeToyReferences, type ToyReferences } from './identify/toy-references.ts';
export { toyAnalysis } from './toy-job.ts';
export { createToysEngine, confidenceWord, type ToysEngineDeps, type ToyConfidenceWord } from './toys-engine.ts';
