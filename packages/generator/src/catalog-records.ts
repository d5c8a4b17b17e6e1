import type { toySubTypes } from '@assay/contract';
import type { CardEntry, ToyEntry } from '@assay/catalog';

/*
 * What the drawn catalogs (sample and held-out) record about a card or a toy besides its drawing,
 * and how that becomes a catalog entry. Each catalog's designs extend these records with their own
 * look; the writers only choose the images, frame and prices.
 */

export interface CardRecord {
  slug: string;
  name: string;
  set: string;
  year: string;
  number: string;
  edition: string | null;
  parallel: string | null;
}

export function cardEntry(card: CardRecord, game: { id: string; name: string }, rest: Pick<CardEntry, 'images' | 'frame' | 'price_by_grade'>): CardEntry {
  return {
    id: card.slug,
    identity: {
      name: card.name, year: card.year, game: game.name, set_name: card.set, card_number: card.number,
      parallel_variant: card.parallel, language: 'English', edition: card.edition,
    },
    game_id: game.id,
    ...rest,
  };
}

export interface ToyRecord {
  slug: string;
  name: string;
  character: string | null;
  year: string;
  brand: string;
  manufacturer: string;
  franchise: string | null;
  toyLine: string | null;
  series: string | null;
  subType: (typeof toySubTypes)[number];
  modelNumbers: string[];
  makerMarks: string[];
  price: number;
  range: [number, number];
}

export function toyEntry(toy: ToyRecord, images: ToyEntry['images']): ToyEntry {
  return {
    id: toy.slug,
    identity: {
      name: toy.name, character: toy.character, year: toy.year, brand: toy.brand, manufacturer: toy.manufacturer,
      franchise: toy.franchise, toy_line: toy.toyLine, series: toy.series, toy_sub_type: toy.subType,
    },
    model_numbers: toy.modelNumbers,
    maker_marks: toy.makerMarks,
    images,
    price: toy.price,
    price_range: { min: toy.range[0], max: toy.range[1] },
  };
}
