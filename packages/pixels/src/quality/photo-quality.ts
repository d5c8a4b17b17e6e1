/** What can be wrong with a photo, whatever it shows. Each category decides when to raise which. */
export const photoQualityIssues = ['blurred', 'low_resolution', 'cut_off', 'too_small', 'heavy_shadow', 'glare', 'compressed'] as const;
export type PhotoQualityIssue = (typeof photoQualityIssues)[number];

/** Raw photo-quality numbers of the object a photo shows; each category's thresholds turn them into flags. */
export interface PhotoQualityMetrics {
  /** Focus: Laplacian variance over luminance variance on the object (see `sharpness`). */
  sharpness: number;
  /** The object's short side in the original photo's pixels. */
  shortSide: number;
  /** Object area / photo area. */
  areaShare: number;
  /** How far the object reaches past the photo's edge, as a share of its short side (0: inside). */
  cutOff: number;
  /** JPEG blocking (see `blockiness`). */
  blockiness: number;
  /** Mean of the file's JPEG luminance quantisation table (see `jpegQuantisation`); null if none. */
  jpegQuantisation?: number | null;
  /** Original photo size. */
  width: number;
  height: number;
}

/**
 * Shadow and glare (see `exposure`) above which a photo is flagged `heavy_shadow` or `glare`: set on
 * card photos, and judged alike on toys (their exposure is measured on a card-shaped tone grid).
 */
export const exposureLimits = {
  maxShadow: 0.2,
  maxGlare: 0.04,
} as const;
