/*
 * Coins: finding coins in a photo (their rims), identifying each against the catalog's faces,
 * pairing the coins of several photos, the coin grade their relief earns, its value (catalog price
 * by grade, melt value from a spot-price table), and the coins engine: the spec's coin rules over
 * the recognizer's facts. Worker threads load `./jobs`.
 */
export type { CoinDateReading, CoinRecognizer, CoinRecognition, PhysicalCoin } from './coin-recognizer.ts';
export { createCatalogCoinRecognizer, type CatalogCoinRecognizerOptions } from './catalog-coin-recognizer.ts';
export { computeCoinReferences, type CoinReferenceOptions, type CoinReferences } from './identify/coin-references.ts';
export { coinFeaturesVersion } from './identify/coin-features.ts';
export type { CoinFaceReference } from './identify/match-coin.ts';
export { coinAnalysis } from './coin-job.ts';
export { gradeCoin, priceAt } from './grade/coin-grade.ts';
export { loadSpotPrices, meltValue, materialWeights, spotPricesSchema, defaultSpotPricesFile, type SpotPrices } from './value/spot-prices.ts';
export { createCoinsEngine, type CoinsEngineDeps } from './coins-engine.ts';
