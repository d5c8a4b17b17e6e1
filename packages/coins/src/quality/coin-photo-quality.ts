import { heavyCompressionQuantisation, jpegQuantisation, type PhotoQualityIssue } from '@assay/pixels';
import { blurredSpread, rimSpreadReads } from './rim-blur.ts';

/**
 * A share of a coin's radius its circle may reach past the frame and still count as whole: the rim
 * fit's error (a coin lying at the edge is fitted to about 1 % of its radius, rim-fit.ts).
 */
const beyondFrameShare = 0.02;

/**
 * A coin photo's quality issues: heavy compression, read from the JPEG's own quantisation table
 * (the encoder's quality setting: how much detail was thrown away, whatever the photo shows); blur,
 * read off the coins' rims (`blurSpread`, see analyseCoinPhoto), since fine relief and small dates do
 * not survive either; and a coin cut off, when a coin's fitted circle runs past the frame: its rim
 * is seen on one side and the photo ends on the other (checked on development seeds
 * 1101–1108, one coin and a group each, cropped through the rightmost coin a third of its diameter
 * out: 12 of the 16 cut photos flagged, none of the 16 whole ones; the others showed the cut coin's
 * design as circles, or nothing). Low resolution is told by the dates: `datesTooSmall` when a coin to
 * assess shows its date fewer pixels high than dates are read at (legibleDate, measured on the reader).
 */
export function coinPhotoQualityIssues(bytes: Uint8Array, blurSpread: number | null, photo: { width: number; height: number; coins: readonly { x: number; y: number; r: number }[] } | null, datesTooSmall = false): PhotoQualityIssue[] {
  const issues: PhotoQualityIssue[] = [];
  if (datesTooSmall) issues.push('low_resolution');
  if (blurSpread !== null && blurSpread >= blurredSpread * rimSpreadReads) issues.push('blurred');
  if ((jpegQuantisation(bytes) ?? 0) > heavyCompressionQuantisation) issues.push('compressed');
  if (photo && photo.coins.some((coin) => beyondFrame(coin, photo))) issues.push('cut_off');
  return issues;
}

function beyondFrame({ x, y, r }: { x: number; y: number; r: number }, { width, height }: { width: number; height: number }): boolean {
  const slack = r * beyondFrameShare;
  return x - r < -slack || y - r < -slack || x + r > width + slack || y + r > height + slack;
}
