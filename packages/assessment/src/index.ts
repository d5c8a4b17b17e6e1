/*
 * The request rules every category shares: `include` against the account's operations, gathering
 * the request's images, the issues they raise, the call to the category's engine, and storing the
 * assessment. The engines themselves live in @assay/cards, @assay/coins and @assay/toys, their
 * interface in @assay/contract. The loaders (src/load-engines/) stay here as wiring: they build each
 * category's engine on a catalog version stored in @assay/db, which the category packages do not
 * depend on.
 */
export { createAssessments, type Assessments, type AssessmentsDeps } from './service.ts';
export { lazyEngine, type LoadedEngine } from './lazy-engine.ts';
export type { AssessmentImage } from './gather-images.ts';
export type { AssessmentResponse } from './response.ts';
export { resolveSections } from './include.ts';
export { loadCardsEngine } from './load-engines/load-cards-engine.ts';
export { loadCoinsEngine, type LoadCoinsEngineOptions } from './load-engines/load-coins-engine.ts';
export { loadToysEngine } from './load-engines/load-toys-engine.ts';
