import type { BoxLocation } from '@assay/contract';
import type { Photo, PhotoQualityIssue } from '@assay/pixels';
import type { TextEvidence } from './text/toy-text.ts';

export interface ToyCandidate {
  entryId: string;
  /** Raw visual similarity of the image's best object to the entry's closest reference, about 0..1. */
  score: number;
}

/** Facts about one image of a toy request: no rules applied. */
export interface ToyImageRecognition {
  index: number;
  /**
   * What the image shows: the toy (`item`) or its box (`packaging`) when it looks like a catalog
   * image; `text` when words read off it name toys (model numbers, maker marks); `other` otherwise
   * (an accessory, a detail, nothing known).
   */
  kind: 'item' | 'packaging' | 'text' | 'other';
  /** Objects standing out from the table. */
  objectCount: number;
  /** Objects that look like distinct catalog toys, each on its own (more than one: several toys). */
  toyCount: number;
  /** Where each of several toys was seen, as `toyCount` counts them; empty for one toy or none. */
  toyLocations: BoxLocation[];
  qualityIssues: PhotoQualityIssue[];
  /** Best visual candidates, best first (up to 5); empty when nothing was found. */
  candidates: ToyCandidate[];
  /** Entries the image's text names. */
  text: TextEvidence[];
  /**
   * The objects compared against the catalog (the largest few), where each was seen and its best
   * candidates: which of them is the toy, once the request's evidence has named one.
   */
  objects: { location: BoxLocation; candidates: ToyCandidate[] }[];
  /** Where the text in `text` was read: the plate, label or box (null: the whole photo, or none read). */
  textLocation: BoxLocation | null;
}

/** The request as a whole: every image's facts and the identity they point to together. */
export interface ToyRecognition {
  images: ToyImageRecognition[];
  /** The most likely toy, or null when no image says anything about one. */
  identity: {
    entryId: string;
    /** Calibrated probability that this is the toy, 0..1. */
    confidence: number;
    /** The images that pointed to it. */
    evidence: number[];
    /** The next most likely toys (up to `runnersUp`), most likely first, each with its probability on the same scale; none under a thousandth. */
    runnersUp: { entryId: string; confidence: number }[];
  } | null;
}

/**
 * The toy recognition port: photos in, facts out. The catalog-backed implementation matches objects
 * against reference images and reads text with OCR; the rules (issues, sections) are the engine's.
 */
export interface ToyRecognizer {
  /** Recognises the toy in a request's images; never throws for an unreadable photo (it comes back `other`). */
  recognizeToy(images: Photo[]): Promise<ToyRecognition>;
  /** Releases the OCR engine. Idempotent; later calls reject. */
  close(): Promise<void>;
}
