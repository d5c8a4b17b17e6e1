import type { LoadedCatalog } from '@assay/catalog';
import type { Centering } from '@assay/cards/scale';
import type { RawImage } from '../photo/raw-image.ts';
import { renderFlatFace, resolveFaces } from './card-faces.ts';
import type { CardFace, CardInstance } from './card-instance.ts';

export interface CardFaceImage {
  /** RGBA at the base resolution (600×840), transparent outside the card's rounded cut. */
  image: RawImage;
  /** The centering this face shows. */
  centering: Centering;
  /** The printed border's width on a centred card, as fractions of width and height (0: none). */
  border: { x: number; y: number };
}

/** One face of a card instance, flat and straight-on: what a scanner would see. */
export async function renderCardFace(catalog: LoadedCatalog, instance: CardInstance, face: CardFace): Promise<CardFaceImage> {
  const faces = await resolveFaces(catalog, instance);
  return { image: await renderFlatFace(faces, instance, face), centering: faces.centering[face], border: faces.insets[face] };
}
