import sharp from 'sharp';
import type { LoadedCatalog } from '@assay/catalog';
import type { RgbImage } from '@assay/pixels';
import { measureReferenceFrame, type FrameInset } from './centering/centering.ts';
import type { GradingCompany } from './holder/grading-companies.ts';
import { cardFeatures, cardFeaturesVersion, type CardFeatures } from './identify/card-features.ts';

export interface FrontReference {
  entryId: string;
  gameId: string;
  features: CardFeatures;
  /**
   * The entry's printed frame (catalog `frame`): lets centering search only frame-sized step pairs;
   * with where the reference image itself puts it.
   */
  frame?: FrameInset;
}

export interface BackReference {
  gameId: string;
  /** Path of the back image in catalog.json, to tell several backs of one game apart. */
  image: string;
  features: CardFeatures;
  /** The back's printed border, measured from the image (catalogs give only fronts' frames). */
  frame?: FrameInset;
}

/** Reference features for every card front and known back: JSON, stored by the catalog import. */
export interface CardReferences {
  version: typeof cardFeaturesVersion;
  fronts: FrontReference[];
  backs: BackReference[];
  /** The grading companies the catalog names (catalog.json); absent from references stored before 2026-11-28. */
  gradingCompanies?: GradingCompany[];
}

/** Computes the references of a loaded catalog (about 5 ms per image). */
export async function computeCardReferences(catalog: LoadedCatalog): Promise<CardReferences> {
  const fronts: FrontReference[] = [];
  for (const card of catalog.cards) {
    const { features, raw } = await featuresOf(catalog.entryFile('cards', card.id, card.images.front));
    // The catalog gives the frame's size; where the artwork really puts it is measured.
    const { drawn, pattern } = await measureReferenceFrame(raw);
    fronts.push({ entryId: card.id, gameId: card.game_id, features, frame: { x: card.frame.inset_x, y: card.frame.inset_y, ...(drawn && { drawn }), ...(pattern && { pattern }) } });
  }
  const backs: BackReference[] = [];
  for (const game of catalog.manifest.card_games) {
    for (const image of game.backs) {
      const { features, raw } = await featuresOf(catalog.rootFile(image));
      backs.push({ gameId: game.id, image, features, frame: await measureReferenceFrame(raw) });
    }
  }
  return { version: cardFeaturesVersion, fronts, backs, gradingCompanies: catalog.manifest.grading_companies ?? [] };
}

async function featuresOf(file: string): Promise<{ features: CardFeatures; raw: RgbImage }> {
  const { data, info } = await sharp(file).flatten({ background: '#ffffff' }).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, data };
  return { features: await cardFeatures(raw), raw };
}
