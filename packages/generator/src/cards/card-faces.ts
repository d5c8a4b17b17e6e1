import { fileURLToPath } from 'node:url';
import type { LoadedCatalog } from '@assay/catalog';
import type { Centering } from '@assay/cards/scale';
import type { RawImage } from '../photo/raw-image.ts';
import { hashSeed } from '../random.ts';
import type { CardFace, CardInstance } from './card-instance.ts';
import { applyWear } from './card-wear.ts';
import { baseHeight, baseWidth, detectBorderInset, loadFace } from './face-image.ts';
import { shiftPrint } from './print-shift.ts';

/** A card back no catalog lists (the sample catalog's generator draws it; see assets/). */
export const unknownBackFile = fileURLToPath(new URL('../../assets/unknown-back.png', import.meta.url));

export interface ResolvedFaces {
  files: Record<CardFace, string>;
  /** Border widths as fractions of width and height; 0 on an axis without a uniform border. */
  insets: Record<CardFace, { x: number; y: number }>;
  /** The centering each face really shows: an axis without a border cannot be off-centre. */
  centering: Record<CardFace, Centering>;
  /** Whether the back is one of the catalog's (a grade needs a recognisable back). */
  recognisableBack: boolean;
}

const backInsets = new Map<string, Promise<{ x: number; y: number }>>();

function measuredInset(file: string): Promise<{ x: number; y: number }> {
  let inset = backInsets.get(file);
  if (!inset) {
    inset = loadFace(file).then(detectBorderInset);
    backInsets.set(file, inset);
  }
  return inset;
}

/**
 * A catalog inset narrower than one pixel of the base face is no border: the format cannot write 0
 * (a borderless card gives a token inset, see docs/catalog.md), and such a print cannot be seen
 * off-centre, so it is treated like a back without a border.
 */
const printedInset = (inset: number, size: number) => (inset * size >= 1 ? inset : 0);

export async function resolveFaces(catalog: LoadedCatalog, instance: CardInstance): Promise<ResolvedFaces> {
  const entry = catalog.cards.find((c) => c.id === instance.entryId);
  if (!entry) throw new RangeError(`no card "${instance.entryId}" in the catalog at ${catalog.root}`);
  const back = instance.back.kind === 'catalog' ? catalog.rootFile(instance.back.image) : unknownBackFile;
  const insets = { front: { x: printedInset(entry.frame.inset_x, baseWidth), y: printedInset(entry.frame.inset_y, baseHeight) }, back: await measuredInset(back) };
  const effective = (face: CardFace): Centering => ({
    horizontal: insets[face].x > 0 ? instance.centering[face].horizontal : 0.5,
    vertical: insets[face].y > 0 ? instance.centering[face].vertical : 0.5,
  });
  return {
    files: { front: catalog.entryFile('cards', entry.id, entry.images.front), back },
    insets,
    centering: { front: effective('front'), back: effective('back') },
    recognisableBack: instance.back.kind === 'catalog',
  };
}

/**
 * One face of the physical card, flat and at base resolution: the print shifted to its centering,
 * the wear drawn, transparent outside the rounded cut.
 */
export async function renderFlatFace(faces: ResolvedFaces, instance: CardInstance, face: CardFace): Promise<RawImage> {
  const reference = await loadFace(faces.files[face]);
  const { horizontal, vertical } = faces.centering[face];
  // left = inset + dx and right = inset − dx, so left / (left + right) = 0.5 + dx / (2·inset).
  const dx = (2 * horizontal - 1) * faces.insets[face].x * baseWidth;
  const dy = (2 * vertical - 1) * faces.insets[face].y * baseHeight;
  return applyWear(shiftPrint(reference, dx, dy), {
    wear: instance.wear,
    mirrored: face === 'back',
    cardSeed: instance.seed,
    faceSeed: hashSeed(instance.seed, face),
  });
}
