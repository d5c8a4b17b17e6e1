/*
 * Internals the diagnosis and tuning scripts in tools/ look into, exported deliberately (as
 * `@assay/cards/diagnostics`): the engine's other packages use the package's index alone.
 */
export { analyseCardPhoto } from './analyse-card-photo.ts';
export { borderProfiles, centeringWithFrame, type FrameInset } from './centering/centering.ts';
export { cardFeatures, type CardFeatures } from './identify/card-features.ts';
export { matchable, rotated180, similarity } from './identify/match-features.ts';
export { chooseOutline } from './locate/choose-outline.ts';
export { houghLines } from './locate/hough-lines.ts';
export { cardAspect, locateQuads } from './locate/locate-cards.ts';
export { quadCandidates } from './locate/quad-candidates.ts';
export { scoreQuad } from './locate/score-quad.ts';
