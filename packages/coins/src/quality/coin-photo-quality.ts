import { heavyCompressionQuantisation, jpegQuantisation, type PhotoQualityIssue } from '@assay/pixels';
import { blurredSpread, rimSpreadReads } from './rim-blur.ts';

/**
 * A coin photo's quality issues: heavy compression, read from the JPEG's own quantisation table
 * (the encoder's quality setting: how much detail was thrown away, whatever the photo shows), and
 * blur, read off the coins' rims (`blurSpread`, see analyseCoinPhoto). Fine relief and small dates do
 * not survive either, so a coin's grade and date from such a photo are not worth much.
 */
export function coinPhotoQualityIssues(bytes: Uint8Array, blurSpread: number | null): PhotoQualityIssue[] {
  const issues: PhotoQualityIssue[] = [];
  if (blurSpread !== null && blurSpread >= blurredSpread * rimSpreadReads) issues.push('blurred');
  if ((jpegQuantisation(bytes) ?? 0) > heavyCompressionQuantisation) issues.push('compressed');
  return issues;
}
