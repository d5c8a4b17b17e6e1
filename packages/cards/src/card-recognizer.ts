import type { BoxLocation } from '@assay/contract';
import type { Photo, PhotoQualityIssue, PhotoQualityMetrics } from '@assay/pixels';
import type { Centering, WearMeasurements } from './grade/card-scale.ts';

export interface IdentityCandidate {
  entryId: string;
  /** Raw similarity, about 0..1; comparable only within one recognizer version. */
  score: number;
  /** Calibrated probability that this candidate is the card, 0..1. */
  confidence: number;
}

export interface HolderReading {
  company: string | null;
  certificate_number: string | null;
  /** The grade the label gives the card. */
  grade: string | null;
}

/** Facts about one image: no rules applied (what is an issue, whether to grade is the caller's). */
export interface ImageRecognition {
  index: number;
  /** Which face the image shows; `unknown` when no card was found or nothing matched. */
  face: 'front' | 'back' | 'unknown';
  /** Where each card outline found in the photo was seen, the analysed card's first (more than one: the photo shows several cards). */
  cardLocations: BoxLocation[];
  qualityIssues: PhotoQualityIssue[];
  metrics: PhotoQualityMetrics | null;
  /** Fronts: best candidates first (up to 5). Empty for backs and unknown faces. */
  candidates: IdentityCandidate[];
  /** Backs: the game whose known back matched, or `unrecognised`. Null for fronts and unknown faces. */
  back: { gameId: string; score: number } | 'unrecognised' | null;
  /** The card was photographed upside down (measurements are already turned upright). */
  rotated: boolean;
  centering: Centering | null;
  wear: WearMeasurements | null;
  /** Grading holder label as read, or null when no holder was seen. */
  holder: HolderReading | null;
  /** Light reflected off the holder or sleeve over the card or label. */
  reflection: boolean;
  /** Where the card this image is about was seen (the box around its outline); null when no card was found. */
  location: BoxLocation | null;
}

/** The request as a whole: which images show which face, and what they say together. */
export interface CardRecognition {
  images: ImageRecognition[];
  /** Index (in the request) of the image chosen as the front, or null if none showed one. */
  frontIndex: number | null;
  /** Index of the image chosen as the back, or null. */
  backIndex: number | null;
  /** Top identity candidate from the chosen front, or null. */
  identity: IdentityCandidate | null;
  /** The chosen front's next candidates (up to 3, none under a thousandth), most likely first. */
  runnersUp: IdentityCandidate[];
  /** Back's game, when the chosen back was recognised. */
  backGameId: string | null;
  centering: { front: Centering | null; back: Centering | null };
  /** Wear from the chosen front (edges and corners take the worse of front and back). */
  wear: WearMeasurements | null;
  holder: HolderReading | null;
}

/**
 * The card recognition port: turns card photos into facts and measurements. The catalog-backed
 * implementation matches against reference images; a model-backed one can replace it without
 * touching the assessment rules.
 */
export interface CardRecognizer {
  /**
   * Recognises the card shown in a request's images. Images are analysed concurrently; results keep
   * the request order. Never throws for an unreadable photo: that image comes back `unknown`.
   */
  recognizeCard(images: Photo[]): Promise<CardRecognition>;
  /** Releases worker threads and the OCR engine. Idempotent; later calls to recognizeCard reject. */
  close(): Promise<void>;
}
