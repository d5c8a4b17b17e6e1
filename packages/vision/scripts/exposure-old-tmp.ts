import { decodeGrid } from '../src/features/card-features.ts';

export interface Exposure {
  /** Share of the card much darker than the reference after matching overall brightness. */
  shadow: number;
  /** Share of the card much brighter than the reference (or blown out where it is not). */
  glare: number;
}

/**
 * Shadow and glare from a photo's tone grid against its matched reference's: the ratio of the two
 * after dividing out the overall exposure (median ratio) leaves only what the light did locally.
 * Without a reference, dark and blown-out cells of the photo alone are counted, a weaker signal.
 */
export function exposure(photoTone: string, referenceTone: string | null): Exposure {
  const photo = decodeGrid(photoTone);
  if (!referenceTone) {
    let dark = 0;
    let blown = 0;
    for (const v of photo) {
      if (v < 20) dark++;
      if (v > 124) blown++;
    }
    return { shadow: dark / photo.length, glare: blown / photo.length };
  }
  const reference = decodeGrid(referenceTone);
  const ratios = Array.from(photo, (v, i) => (v + 4) / (reference[i]! + 4));
  const gain = ratios.toSorted((a, b) => a - b)[Math.floor(ratios.length * 0.6)]!;
  let shadow = 0;
  let glare = 0;
  for (let i = 0; i < ratios.length; i++) {
    const r = ratios[i]! / gain;
    if (r < 0.55) shadow++;
    if (r > 1.45 || (photo[i]! > 122 && reference[i]! < 105)) glare++;
  }
  return { shadow: shadow / ratios.length, glare: glare / ratios.length };
}
