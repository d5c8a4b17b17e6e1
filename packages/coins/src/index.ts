/*
 * Coins: finding coins in a photo (their rims), identifying each against the catalog's faces,
 * pairing the coins of several photos, and the coin grade their relief earns. Worker threads load
 * `./jobs`.
 */
export type { CoinRecognizer, CoinRecognition, PhysicalCoin } from './coin-recognizer.ts';
export { createCatalogCoinRecognizer, type CatalogCoinRecognizerOptions } from './catalog-coin-recognizer.ts';
export { computeCoinReferences, type CoinReferences } from './identify/coin-references.ts';
export { coinFeaturesVersion } from './identify/coin-features.ts';
export type { CoinFaceReference } from './identify/match-coin.ts';
export { coinAnalysis } from './coin-job.ts';
export { gradeCoin, priceAt } from './grade/coin-grade.ts';
