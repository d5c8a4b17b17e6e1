import type { SheldonGrade } from '@assay/catalog';
import type { Point } from '../photo/raw-image.ts';
import type { CoinFace } from './coin-instance.ts';
import type { CoinPresentation } from './coin-layout.ts';
import type { ConditionsTruth } from '../photo/conditions.ts';

/** Ground truth for one coin in one photo. */
export interface CoinTruth {
  /** Same in every photo of the layout: pairs a coin's obverse and reverse across overview photos. */
  coin_id: string;
  /**
   * The catalog entry the coin as shown is: null for an ancient coin, and for a re-dated coin
   * (date run) whose year and mint no catalog entry has.
   */
  entry_id: string | null;
  /** The entry whose design was drawn (differs from entry_id only for re-dated coins). */
  design_entry_id: string | null;
  /** The year struck on the coin; null for ancient coins. */
  year: string | null;
  /** Which face is up; 'edge' for a coin seen edge-on in a roll. */
  face: CoinFace | 'edge';
  /** Centre of the coin's disc in the photo, pixels. */
  centre: Point;
  /** Radius of the disc in the photo, pixels (mean over the rim; the longer semi-axis for a leaning coin). For 'edge': half the diameter. */
  radius: number;
  /** Degrees clockwise of the design's up in the photo, −180..180. */
  rotation: number;
  grade: SheldonGrade;
  /** Fully visible, lying flat and face up: the face can be identified and graded from this photo. */
  readable: boolean;
  /** Share of the coin's footprint not covered by coins above it. */
  visible_share: number;
  /** Centre on the table plane, mm: identical in the obverse and reverse overviews of a group. */
  position_mm: Point;
  diameter_mm: number;
  ancient: boolean;
}

export interface CoinPhotoTruth {
  presentation: CoinPresentation;
  /** Same for every photo of one physical layout. */
  layout_id: string;
  /** The side the photo is of (every flipped coin shows it); null for piles and rolls, whose coins are not flipped. */
  side: CoinFace | null;
  width: number;
  height: number;
  /** Every coin in the photo, bottom first (later ones lie on top). */
  coins: CoinTruth[];
  /** The roll in a roll photo: which coin, how many, wrapped or opened; its outline in the photo. */
  roll: { entry_id: string; coin_count: number; wrapped: boolean; readable_count: number; corners: [Point, Point, Point, Point] } | null;
  /** How a roll's, a pile's or a set's coins lie (e.g. "two heaps", "coins out fanned, up to 5", "one row, turned any way"); null for other presentations. */
  arrangement: string | null;
  /** The holder in a set photo; `turned_over` on the reverse side. */
  holder: { corners: [Point, Point, Point, Point]; turned_over: boolean; title: string } | null;
  /** The table, compression, tilt and light it was taken under. */
  conditions: ConditionsTruth;
}
