import type { Photo, PhotoQualityIssue } from '@assay/pixels';
import type { MatchedCoin } from './coin-job.ts';
import type { ReadDate, YearFit } from './identify/coin-date.ts';
import type { CoinFaceCandidate } from './identify/match-coin.ts';

/**
 * What was read of a coin's date in one photo: nothing sought (the design it matched carries no date
 * the catalog import found, or it was not matched), sought but not read (`printedTooSmall` when the
 * photo shows the date fewer pixels high than can be read, see legibleDate), or the date read. A
 * date sought carries every year's fit to its print (`fit`, see dateEvidence; null when the print
 * reads as no year): a print read unsure of a digit still tells the years it can be from the rest.
 */
export type CoinDateReading =
  | { state: 'not_sought' }
  | { state: 'unread'; printedTooSmall: boolean; fit: YearFit | null }
  | ({ state: 'read'; fit: YearFit | null } & ReadDate);

/** A coin found in a photo and matched, with its date as read. */
export interface RecognizedCoin extends Omit<MatchedCoin, 'dateCrops'> {
  date: CoinDateReading;
}

/**
 * What one photo shows, from its pixels alone: flat coins on a table (one or a group), a roll, a
 * pile, a set in its holder, or no coin at all.
 */
export type CoinPhotoKind = 'coins' | 'roll' | 'pile' | 'set' | 'none';

export interface CoinPhotoRecognition {
  index: number;
  kind: CoinPhotoKind;
  width: number;
  height: number;
  /** Every round coin found, whatever the kind. */
  coins: RecognizedCoin[];
  /** Indices (in `coins`) of the coins that can be identified and graded: flat, whole, in frame. */
  readable: number[];
  /** An unreadable photo (undecodable after intake, or the analysis failed). */
  failed: boolean;
  /** What is wrong with the photo itself (see coinPhotoQualityIssues). */
  qualityIssues: PhotoQualityIssue[];
}

/** One face of a physical coin as seen in one photo. */
export interface CoinView {
  imageIndex: number;
  /** Index in that photo's `coins`. */
  coin: number;
  candidates: CoinFaceCandidate[];
}

export interface EntryCandidate {
  entryId: string;
  /** Mean over the coin's views of its best face score, about 0..1. */
  score: number;
  /** Probability that this is the coin, 0..1 (the engine states it calibrated, see confidence-calibration.ts). */
  confidence: number;
}

/** One physical coin: its faces across the photos, paired by layout. */
export interface PhysicalCoin {
  views: CoinView[];
  /** Best catalog entries over every view, best first (up to 5). */
  candidates: EntryCandidate[];
  /** Probability that the coin is none of the catalog's entries, 0..1 (stated calibrated, as `candidates`). */
  unlisted: number;
  /** A hand-struck flan: the rim is not a struck modern flan's circle, and no catalog face resembles the coin well. */
  ancient: boolean;
  /**
   * The coin's date over its views: the surest reading when one was read (and weighed in `candidates`
   * and `unlisted`), 'unread' when it was sought and read in none (printed too small when it was so in
   * every view that sought it), 'not_sought' when no view's design carries one.
   */
  date: CoinDateReading;
  /** Fine relief over the matched reference's, per view, for grading (about 1 for a sharp coin). */
  sharpness: number | null;
  /** Broad relief (design contrast) over the reference's. */
  contrast: number | null;
}

export interface CoinRecognition {
  images: CoinPhotoRecognition[];
  /** Physical coins seen in the readable photos (coins kind), faces paired across photos. */
  coins: PhysicalCoin[];
  /** Readable coins of roll photos, paired across the roll's photos. */
  rollCoins: PhysicalCoin[];
  /** Share of the group's coins whose faces could be paired across two overview photos (null without two). */
  pairing: { photos: [number, number]; paired: number; unpaired: number; mirrored: boolean } | null;
}

/** The coin recognition port: photos to facts (what is where, which faces belong together), no rules. */
export interface CoinRecognizer {
  /** Recognises the coins in a request's images, analysed concurrently; never throws for one bad photo. */
  recognizeCoins(images: Photo[]): Promise<CoinRecognition>;
  /** Releases worker threads. Idempotent; later calls reject. */
  close(): Promise<void>;
}
