import { issue, type Issue, type IssueCode } from '@assay/contract';
import type { PhotoQualityIssue } from './photo-quality.ts';

/**
 * The response's issue for each photo-quality finding, written once for every category that
 * reports photo quality (cards, toys): here beside the findings, which know no category.
 */
const codes: Record<PhotoQualityIssue, { code: IssueCode; message: string }> = {
  blurred: { code: 'IMAGE_BLURRED', message: 'the item is out of focus or moved' },
  low_resolution: { code: 'IMAGE_LOW_RESOLUTION', message: 'too few pixels on the item for a reliable assessment' },
  cut_off: { code: 'ITEM_CUT_OFF', message: 'part of the item lies outside the frame' },
  too_small: { code: 'ITEM_TOO_SMALL', message: 'the item fills too little of the frame' },
  heavy_shadow: { code: 'IMAGE_SHADOW_OR_GLARE', message: 'heavy shadow over the item' },
  glare: { code: 'IMAGE_SHADOW_OR_GLARE', message: 'glare over the item' },
  compressed: { code: 'IMAGE_HIGHLY_COMPRESSED', message: 'strong compression artefacts' },
};

/** Photo-quality findings of one image as issues, one per code (shadow and glare share one). */
export function qualityIssuesOf(flags: readonly PhotoQualityIssue[], imageIndex: number): Issue[] {
  const seen = new Map<IssueCode, string[]>();
  for (const flag of flags) {
    const { code, message } = codes[flag];
    seen.set(code, [...(seen.get(code) ?? []), message]);
  }
  return [...seen].map(([code, messages]) => issue(code, `image ${imageIndex}: ${messages.join('; ')}`, { imageIndex }));
}
