/*
 * Trading cards: locating a card in a photo, identifying it against the catalog, measuring its
 * centering (src/centering/), wear and photo quality, the grading scale those measurements are
 * graded on, and the cards engine: the spec's card rules over the recognizer's facts. Worker
 * threads load `./jobs`; the photo generator, the scale alone (`./scale`).
 */
export type { CardRecognizer, CardRecognition, ImageRecognition } from './card-recognizer.ts';
export { createCatalogCardRecognizer, type CatalogCardRecognizerOptions } from './catalog-card-recognizer.ts';
export { computeCardReferences, type CardReferences } from './card-references.ts';
export { cardAnalysis } from './card-job.ts';
export * from './grade/card-scale.ts';
export { createCardsEngine, type CardsEngineDeps } from './cards-engine.ts';
export { gradeConfidence, type GradeConfusion } from './grade/grade-confidence.ts';
