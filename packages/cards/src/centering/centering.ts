/*
 * How a card's centering is measured: the one entry point. Three steps, at three moments:
 *
 * 1. At catalog import, each reference face's printed frame (`measureReferenceFrame`, frame-inset.ts):
 *    how deep its border is, where the artwork itself puts the frame (`drawn`), and its border
 *    pattern, side by side.
 * 2. In the photo-analysis worker, the rectified card's four sides (`readBorders`, frame-blind.ts):
 *    each side's step profile, read at its sharpest slant, and the frame-blind borders found in them.
 * 3. Once the photo is matched (`centeringOf`): with the matched reference's frame, the
 *    frame-constrained search over the profiles (`centeringWithFrame`, frame-centering.ts); without
 *    one, or when it finds no pattern common to both sides, the frame-blind borders. Turned upright
 *    when the card was photographed upside down.
 *
 * Its knobs are in knobs.ts. The grade a centering earns is `centeringSubgrade` (grade/card-scale.ts).
 */
import sharp from 'sharp';
import type { RgbImage } from '@assay/pixels';
import type { Centering } from '../grade/card-scale.ts';
import type { BorderMeasurement, BorderProfiles } from './frame-blind.ts';
import { centeringWithFrame, type FrameInset } from './frame-centering.ts';
import { measureFrameInset } from './frame-inset.ts';
import { referenceMeasuringSize } from './knobs.ts';

export { borderReading, measureMargin } from './knobs.ts';
export { borderProfiles, borderStrips, measureBorders, readBorders, type BorderMeasurement, type BorderProfiles, type CenteringOptions, type SideProfile } from './frame-blind.ts';
export { centeringWithFrame, type FrameInset } from './frame-centering.ts';
export { measureFrameInset, type FramePattern } from './frame-inset.ts';

/** Step 1: a flat reference face's frame (see `measureFrameInset`), measured at `referenceMeasuringSize`. */
export async function measureReferenceFrame(face: RgbImage): Promise<FrameInset> {
  const { data, info } = await sharp(face.data, { raw: { width: face.width, height: face.height, channels: 3 } })
    .resize(referenceMeasuringSize.width, referenceMeasuringSize.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measureFrameInset({ width: info.width, height: info.height, data });
}

/** What step 2 read of the photographed card. */
export interface CardBorders {
  /** Per-side step profiles, for re-measuring once the matched frame is known. */
  borderProfiles: BorderProfiles | null;
  /** Frame-blind border widths. */
  borders: BorderMeasurement | null;
}

/**
 * Step 3: with the matched entry's frame, the frame-constrained search; else the frame-blind
 * borders. `rotated`: the photo shows the card turned 180° from its reference.
 */
export function centeringOf(card: CardBorders, frame: FrameInset | null, rotated: boolean): Centering | null {
  const measured = (frame && card.borderProfiles && centeringWithFrame(card.borderProfiles, rotated ? turned(frame) : frame)) || card.borders?.centering;
  return measured ? upright(measured, rotated) : null;
}

/** The reference's frame as a photo of it turned 180° shows it: its sides swapped. */
function turned(frame: FrameInset): FrameInset {
  const { drawn, pattern } = frame;
  return {
    x: frame.x,
    y: frame.y,
    ...(drawn && { drawn: upright(drawn, true) }),
    ...(pattern && { pattern: { ...pattern, left: pattern.right, right: pattern.left, top: pattern.bottom, bottom: pattern.top } }),
  };
}

function upright(c: Centering, rotated: boolean): Centering {
  return rotated ? { horizontal: 1 - c.horizontal, vertical: 1 - c.vertical } : c;
}
