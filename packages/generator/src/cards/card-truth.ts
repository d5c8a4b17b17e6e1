import { cardSubgrades, overallCardGrade, type CardSubgrades, type Centering, type WearMeasurements } from '@assay/cards/scale';
import { conditionsTruth, type ConditionsTruth } from '../photo/conditions.ts';
import { polygonArea } from '../photo/homography.ts';
import type { Point } from '../photo/raw-image.ts';
import type { ResolvedFaces } from './card-faces.ts';
import type { CardFace, CardInstance } from './card-instance.ts';
import type { CardScene, PhotoDefect } from './card-scene.ts';
import { mirrorCorners } from './card-wear.ts';

/**
 * Ground truth for one generated photo, in the JSON shape written to truth.json. Everything the
 * accuracy benchmark scores against is here, labelled with @assay/cards' own grading functions.
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
  /** The label's company (its initials) and certificate code as the truth records it (holder-label.ts), and how scratched the plastic is (0–1). */
  holder: { company: string; certificate_number: string; scratches: number } | null;
  sleeve: boolean;
  /** A reflection on the plastic or a glare patch is visible over the card. */
  glare: boolean;
  /** Quality problems: the one a request asked for, and `blurred` or `highly_compressed` when the photo's own blur or JPEG quality amount to them (conditions.quality_defects); empty for a good photo. */
  defects: PhotoDefect[];
  card_count: 1 | 2;
  /** The other card in a two-card photo. */
  other_cards: { entry_id: string; face: CardFace; corners: [Point, Point, Point, Point] }[];
  /** The table, compression, tilt and light it was taken under. */
  conditions: ConditionsTruth;
}

type Quad = [Point, Point, Point, Point];

/** Hundredths of a pixel are plenty, and keep truth.json readable. */
const roundQuad = (quad: Point[]) => quad.map(([x, y]) => [Math.round(x * 100) / 100, Math.round(y * 100) / 100]) as Quad;

export interface TruthInputs {
  instance: CardInstance;
  face: CardFace;
  scene: CardScene;
  faces: ResolvedFaces;
  /** The subject card's corners in the photo. */
  corners: Point[];
  others: { entryId: string; face: CardFace; corners: Point[] }[];
}

export function cardPhotoTruth({ instance, face, scene, faces, corners, others }: TruthInputs): CardPhotoTruth {
  const quad = roundQuad(corners);
  const subgrades = cardSubgrades(faces.centering.front, faces.centering.back, instance.wear);
  const { defect } = scene;
  const plastic = instance.holder !== null || instance.sleeve;
  const conditions = conditionsTruth(scene);
  return {
    entry_id: instance.entryId,
    face,
    back_recognisable: faces.recognisableBack,
    width: scene.width,
    height: scene.height,
    corners: quad,
    card_area_share: Number((polygonArea(quad) / (scene.width * scene.height)).toFixed(4)),
    centering: faces.centering[face],
    card_centering: faces.centering,
    wear: instance.wear,
    corner_wear: face === 'front' ? instance.wear.corners : mirrorCorners(instance.wear.corners),
    subgrades,
    grade: overallCardGrade(subgrades),
    holder: instance.holder && { company: instance.holder.company, certificate_number: instance.holder.certificateNumber, scratches: instance.holder.scratches ?? 0 },
    sleeve: instance.sleeve,
    glare: (scene.streak !== null && plastic) || (defect?.kind === 'shadow_or_glare' && defect.variant === 'glare'),
    // A requested defect, and what the photo's own blur and compression amount to (conditions.ts).
    defects: [...new Set([...(defect ? [defect.kind] : []), ...conditions.quality_defects])],
    card_count: scene.cardCount,
    other_cards: others.map((o) => ({ entry_id: o.entryId, face: o.face, corners: roundQuad(o.corners) })),
    conditions,
  };
}
