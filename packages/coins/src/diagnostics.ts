/*
 * Internals the diagnosis and tuning scripts in tools/ look into, exported deliberately (as
 * `@assay/coins/diagnostics`): the engine's other packages use the package's index alone.
 */
export { analyseCoinPhoto, type CoinPhotoAnalysis } from './analyse-coin-photo.ts';
export { fitCalibration, type CalibrationSample } from './identify/confidence-calibration.ts';
export { designProbability, kinOf } from './coins-engine.ts';
export { printHeightOf } from './identify/coin-date.ts';
