import { exposureLimits, type Exposure, type PhotoQualityIssue, type PhotoQualityMetrics } from '@assay/pixels';

/**
 * Thresholds for a toy on a table, on the photo-quality metrics measured over the toy's box. A toy
 * is not a flat rectangle: its box holds table too (lower sharpness and area), and the generator's
 * clean toy photos (seeds 1000–1999) set where a flag stops being a false alarm: each flag fires on
 * under 3 % of them. Shadow and glare need the matched reference to tell a dark toy from a shadowed
 * one (see toyExposure), and are judged on the cards' thresholds (`exposureLimits`); without one they are not judged.
 * All five were set so in 12735b9.
 */
export const toyQualityThresholds = {
  minSharpness: 0.005,
  minShortSide: 140,
  minAreaShare: 0.03,
  /** Share of a box side the object runs along the photo's edge: a toy cut by the frame. */
  maxEdgeContact: 0.12,
  maxBlockiness: 0.45,
} as const;

export function toyQualityIssues(metrics: PhotoQualityMetrics, light: Exposure | null = null): PhotoQualityIssue[] {
  const t = toyQualityThresholds;
  const issues: PhotoQualityIssue[] = [];
  if (metrics.sharpness < t.minSharpness) issues.push('blurred');
  if (metrics.shortSide < t.minShortSide) issues.push('low_resolution');
  if (metrics.cutOff > t.maxEdgeContact) issues.push('cut_off');
  if (metrics.areaShare < t.minAreaShare) issues.push('too_small');
  if (light && light.shadow > exposureLimits.maxShadow) issues.push('heavy_shadow');
  if (light && light.glare > exposureLimits.maxGlare) issues.push('glare');
  if (metrics.blockiness > t.maxBlockiness) issues.push('compressed');
  return issues;
}
