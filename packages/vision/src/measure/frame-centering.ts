import type { Centering } from '@assay/grading';
import type { BorderProfiles, SideProfile } from './centering.ts';

/** Where the printed frame sits on a perfectly centred face, as fractions of width and height. */
export interface FrameInset {
  x: number;
  y: number;
}

/**
 * Centering when the face's frame is known from the catalog. A print shift moves the frame, never
 * resizes it, so the two borders of an axis always add up to twice the inset: searching the pairs
 * (left, 2·inset − left) for the strongest pair of steps ignores art, name bars and text that a
 * side-by-side search mistakes for the frame. The sum is allowed a little slack for rectification
 * error. An axis without a border (inset 0) is centred by definition. Returns null when an axis
 * with a border shows no step pair at all.
 */
export function centeringWithFrame(profiles: BorderProfiles, inset: FrameInset): Centering | null {
  const horizontal = axisShare(profiles.left, profiles.right, inset.x);
  const vertical = axisShare(profiles.top, profiles.bottom, inset.y);
  return horizontal === null || vertical === null ? null : { horizontal, vertical };
}

function axisShare(near: SideProfile, far: SideProfile, inset: number): number | null {
  // A face without a border on this axis (full-bleed art, a back's pattern) cannot be off-centre on it.
  if (inset <= 0) return 0.5;
  const total = 2 * inset * near.span;
  const slack = Math.max(1, total * 0.04);
  const strength = (p: SideProfile, width: number) => {
    const d = p.edge + width;
    const i = Math.floor(d);
    if (i < 1 || i + 1 >= p.steps.length) return 0;
    return p.steps[i]! + (p.steps[i + 1]! - p.steps[i]!) * (d - i);
  };
  let best = 0;
  let bestNear = 0;
  let bestFar = 0;
  // Print shifts reach about 0.25/0.75 of the border; search a little wider, in half-pixel steps.
  for (let a = total * 0.1; a <= total * 0.9; a += 0.5) {
    for (let b = total - a - slack; b <= total - a + slack; b += 0.5) {
      // A frame line has two edges: pairing one's outer with the other's inner edge fits the slack
      // too, and would bias the share by the line's width. The sum nearest twice the inset wins ties.
      const fit = 1 - (0.5 * Math.abs(a + b - total)) / (slack + 0.5);
      const score = fit * (Math.min(strength(near, a), strength(far, b)) + 0.25 * (strength(near, a) + strength(far, b)));
      if (score > best) {
        best = score;
        bestNear = a;
        bestFar = b;
      }
    }
  }
  if (best < 6) return null;
  const a = refineNear(near, bestNear);
  const b = refineNear(far, bestFar);
  return a / (a + b);
}

/** Sub-pixel peak of a side's steps within a pixel of `width`. */
function refineNear(p: SideProfile, width: number): number {
  const centre = p.edge + width;
  let at = Math.round(centre);
  for (let d = Math.round(centre) - 1; d <= Math.round(centre) + 1; d++) if ((p.steps[d] ?? 0) > (p.steps[at] ?? 0)) at = d;
  const l = p.steps[at - 1] ?? 0;
  const c = p.steps[at] ?? 0;
  const r = p.steps[at + 1] ?? 0;
  const denom = l - 2 * c + r;
  return (denom < 0 ? at + (0.5 * (l - r)) / denom : at) - p.edge;
}
