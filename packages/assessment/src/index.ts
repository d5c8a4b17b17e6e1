export { createAssessments, type Assessments, type AssessmentsDeps } from './service.ts';
export type { CategoryEngine, EngineResult } from './engine.ts';
export type { AssessmentImage } from './gather-images.ts';
export type { AssessmentResponse } from './response.ts';
export { resolveSections } from './include.ts';
export { issue } from './issues.ts';
export { createCardsEngine, type CardsEngineDeps } from './cards/cards-engine.ts';
export { loadCardsEngine } from './cards/load-cards-engine.ts';
