import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { CardEntry, CatalogManifest, CoinEntry, ToyEntry } from '@assay/catalog';
import { cardBackSvg } from './cards/card-backs.ts';
import { cardFrontSvg, cardHeight, cardWidth } from './cards/card-front.ts';
import { cardPrices, sampleCards, sampleGames, unknownBack, type BackDesign } from './cards/card-list.ts';
import { coinObverseSvg, coinReverseSvg } from './coins/coin-face.ts';
import { sampleCoins } from './coins/coin-list.ts';
import { toyItemSvg, toyPackagingSvg } from './toys/toy-packaging.ts';
import { sampleToys } from './toys/toy-list.ts';

/*
 * Writes the sample catalog (catalog.json, one folder per entry, reference PNGs) from the designs
 * in this folder. Deterministic: running it twice gives identical files, so the output is committed.
 */

export interface SampleCatalogSummary {
  cards: number;
  coins: number;
  toys: number;
  files: number;
}

/** The "unknown back" design, which no catalog lists: for photos that must get no grade. */
export async function renderUnknownBack(): Promise<Buffer> {
  return png(cardBackSvg(unknownBack), false);
}

export async function writeSampleCatalog(outDir: string): Promise<SampleCatalogSummary> {
  for (const stale of ['catalog.json', 'backs', 'cards', 'coins', 'toys']) await rm(join(outDir, stale), { recursive: true, force: true });
  let files = 0;
  const write = async (relative: string, content: Buffer | string) => {
    await mkdir(dirname(join(outDir, relative)), { recursive: true });
    await writeFile(join(outDir, relative), content);
    files += 1;
  };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

  const backFile = (design: BackDesign) => `backs/${design}.png`;
  for (const game of sampleGames) await write(backFile(game.back), await png(cardBackSvg(game.back), false));
  const manifest: CatalogManifest = {
    format: 1,
    name: 'Assay sample catalog',
    description: 'Invented card games, real US coin specifications and invented toys, drawn by packages/generator/scripts/make-sample-catalog.ts.',
    card_games: sampleGames.map((g) => ({ id: g.id, name: g.name, backs: [backFile(g.back)] })),
  };
  await write('catalog.json', json(manifest));

  for (const card of sampleCards) {
    const game = sampleGames.find((g) => g.id === card.game)!;
    const entry: CardEntry = {
      id: card.slug,
      identity: {
        name: card.name, year: card.year, game: game.name, set_name: card.set, card_number: card.number,
        parallel_variant: card.parallel, language: 'English', edition: card.edition,
      },
      game_id: game.id,
      images: { front: 'front.png' },
      frame: { inset_x: round6(game.border / cardWidth), inset_y: round6(game.border / cardHeight) },
      price_by_grade: cardPrices(card.value),
    };
    await write(`cards/${card.slug}/entry.json`, json(entry));
    await write(`cards/${card.slug}/front.png`, await png(cardFrontSvg(card, game), false));
  }

  for (const coin of sampleCoins) {
    const entry: CoinEntry = {
      id: coin.slug,
      identity: {
        name: coin.name, type: coin.coinType.type, variant: coin.variant, year: coin.year, mint: coin.mint,
        country: 'United States of America', denomination: coin.coinType.denomination,
      },
      specs: {
        weight_g: coin.weightG,
        diameter_mm: coin.coinType.diameterMm,
        composition: coin.composition.map(([material, fraction]) => ({ material, fraction })),
      },
      images: { obverse: 'obverse.png', reverse: 'reverse.png' },
      price_by_grade: coin.prices,
    };
    await write(`coins/${coin.slug}/entry.json`, json(entry));
    // Coins keep their transparent surround so a matcher can ignore whatever they were shot on.
    await write(`coins/${coin.slug}/obverse.png`, await png(coinObverseSvg(coin), true));
    await write(`coins/${coin.slug}/reverse.png`, await png(coinReverseSvg(coin), true));
  }

  for (const toy of sampleToys) {
    const entry: ToyEntry = {
      id: toy.slug,
      identity: {
        name: toy.name, character: toy.character, year: toy.year, brand: toy.brand, manufacturer: toy.manufacturer,
        franchise: toy.franchise, toy_line: toy.toyLine, series: toy.series, toy_sub_type: toy.subType,
      },
      model_numbers: toy.modelNumbers,
      maker_marks: toy.makerMarks,
      images: { item: ['item-front.png', 'item-side.png'], packaging: ['packaging.png'] },
      price: toy.price,
      price_range: { min: toy.range[0], max: toy.range[1] },
    };
    await write(`toys/${toy.slug}/entry.json`, json(entry));
    await write(`toys/${toy.slug}/item-front.png`, await png(toyItemSvg(toy, 'front'), false));
    await write(`toys/${toy.slug}/item-side.png`, await png(toyItemSvg(toy, 'side'), false));
    await write(`toys/${toy.slug}/packaging.png`, await png(toyPackagingSvg(toy), false));
  }
  return { cards: sampleCards.length, coins: sampleCoins.length, toys: sampleToys.length, files };
}

async function png(svg: string, alpha: boolean): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return (alpha ? image : image.removeAlpha()).png({ compressionLevel: 9, effort: 10 }).toBuffer();
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
