/*
 * Coins: finding coins in a photo (their rims), identifying each against the catalog's faces,
 * pairing the coins of several photos, and the coin grade their relief earns.
 */
export type { CoinRecognizer, CoinRecognition, CoinPhotoRecognition, CoinPhotoKind, CoinView, EntryCandidate, PhysicalCoin } from './coin-recognizer.ts';
export { createCatalogCoinRecognizer, type CatalogCoinRecognizerOptions } from './catalog-coin-recognizer.ts';
export { computeCoinReferences, type CoinReferences } from './identify/coin-references.ts';
export { coinFeaturesVersion } from './identify/coin-features.ts';
export type { CoinFaceReference, CoinFaceCandidate } from './identify/match-coin.ts';
export { createCoinWorkers, coinAnalysis, type CoinPhotoResult, type MatchedCoin } from './coin-job.ts';
export { gradeCoin, priceAt, estimateSheldon, sheldonNumber, type CoinGrade } from './grade/coin-grade.ts';
