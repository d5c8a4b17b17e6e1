import { decodeGrid } from '@assay/pixels';

/**
 * Surface wear: how much of the card's fine luminance detail differs from its reference beyond what
 * photography alone leaves (lighting, JPEG, resampling): scratches, print lines and spots. Needs the
 * matched reference, so it runs after matching; `baseline` is the residual of a clean photo.
 */
export function surfaceWear(photoDetail: string, referenceDetail: string, rotated: boolean, baseline = 14): number {
  const photo = decodeGrid(photoDetail);
  const reference = decodeGrid(referenceDetail);
  const n = photo.length;
  let residual = 0;
  for (let i = 0; i < n; i++) residual += Math.abs(photo[rotated ? n - 1 - i : i]! - reference[i]!);
  return Math.max(0, Math.min(1, (residual / n - baseline) / 40));
}
