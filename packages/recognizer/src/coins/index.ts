export type { CoinRecognizer, CoinImage, CoinRecognition, CoinPhotoRecognition, CoinPhotoKind, CoinView, EntryCandidate, PhysicalCoin } from './coin-recognizer.ts';
export { createCatalogCoinRecognizer, type CatalogCoinRecognizerOptions } from './catalog-coin-recognizer.ts';
export { pairCoins, type Pairing, type Placed } from './pair-coins.ts';
export { classifyCoinPhoto } from './classify-photo.ts';
