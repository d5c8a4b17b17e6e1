import type { CardSubgrades, Centering, WearMeasurements } from '@assay/grading';
import type { Point } from '../photo/raw-image.ts';
import type { CardFace } from './card-instance.ts';
import type { PhotoDefect } from './card-scene.ts';

/**
 * Ground truth for one generated photo, in the JSON shape written to truth.json. Everything the
 * accuracy benchmark scores against is here, labelled with @assay/grading's own functions.
 */
export interface CardPhotoTruth {
  entry_id: string;
  face: CardFace;
  /** Whether the card's back is one the catalog lists; without it a grade must not be given. */
  back_recognisable: boolean;
  width: number;
  height: number;
  /** The card's corners in the photo, in pixels, clockwise from the top-left of the face shown. May lie outside the photo (cut_off). */
  corners: [Point, Point, Point, Point];
  /** Share of the photo's area inside `corners`. */
  card_area_share: number;
  /** Printed centering of the face shown. */
  centering: Centering;
  /** Printed centering of both faces of this card. */
  card_centering: { front: Centering; back: Centering };
  /** The card's wear; corners are indexed as seen on the front. */
  wear: WearMeasurements;
  /** Corner wear as seen in this photo, in the order of `corners` (the back shows the front's mirrored). */
  corner_wear: [number, number, number, number];
  /** cardSubgrades(front centering, back centering, wear). */
  subgrades: CardSubgrades;
  /** overallCardGrade(subgrades). */
  grade: number;
  holder: { company: string; certificate_number: string } | null;
  sleeve: boolean;
  /** A reflection on the plastic or a glare patch is visible over the card. */
  glare: boolean;
  /** Deliberate quality problems; empty for a good photo. */
  defects: PhotoDefect[];
  card_count: 1 | 2;
  /** The other card in a two-card photo. */
  other_cards: { entry_id: string; face: CardFace; corners: [Point, Point, Point, Point] }[];
}
