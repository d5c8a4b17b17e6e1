import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { CatalogManifest, CoinEntry } from '@assay/catalog';
import { catalogJson as json, openCatalogFolder } from '../catalog-folder.ts';
import { cardEntry, toyEntry } from '../catalog-records.ts';
import { cardBackSvg } from './cards/card-backs.ts';
import { holderCompanies } from '../cards/holder-label.ts';
import { cardFrontSvg, cardHeight, cardWidth } from './cards/card-front.ts';
import { cardPrices, sampleCards, sampleGames, unknownBack, type BackDesign } from './cards/card-list.ts';
import { coinObverseSvg, coinReverseSvg, type CoinFaceStyle } from './coins/coin-face.ts';
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
  const folder = await openCatalogFolder(outDir, ['catalog.json', 'backs', 'cards', 'coins', 'toys']);
  const write = folder.write;

  const backFile = (design: BackDesign) => `backs/${design}.png`;
  for (const game of sampleGames) await write(backFile(game.back), await png(cardBackSvg(game.back), false));
  const manifest: CatalogManifest = {
    format: 1,
    name: 'Assay sample catalog',
    description: 'Invented card games, real US coin specifications and invented toys, drawn by packages/generator/scripts/make-sample-catalog.ts.',
    card_games: sampleGames.map((g) => ({ id: g.id, name: g.name, backs: [backFile(g.back)] })),
    grading_companies: Object.entries(holderCompanies).map(([code, { name }]) => ({ code, name })),
  };
  await write('catalog.json', json(manifest));

  for (const card of sampleCards) {
    const game = sampleGames.find((g) => g.id === card.game)!;
    const entry = cardEntry(card, game, {
      images: { front: 'front.png' },
      frame: { inset_x: round6(game.border / cardWidth), inset_y: round6(game.border / cardHeight) },
      price_by_grade: cardPrices(card.value),
    });
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
  }
  await writeCoinFaces(write);

  for (const toy of sampleToys) {
    const entry = toyEntry(toy, { item: ['item-front.png', 'item-side.png'], packaging: ['packaging.png'] });
    await write(`toys/${toy.slug}/entry.json`, json(entry));
    await write(`toys/${toy.slug}/item-front.png`, await png(toyItemSvg(toy, 'front'), false));
    await write(`toys/${toy.slug}/item-side.png`, await png(toyItemSvg(toy, 'side'), false));
    await write(`toys/${toy.slug}/packaging.png`, await png(toyPackagingSvg(toy), false));
  }
  return { cards: sampleCards.length, coins: sampleCoins.length, toys: sampleToys.length, files: folder.files };
}

/**
 * Draws the sample coins' faces in `style` over those of a copy of the sample catalog in `catalogDir`
 * (tools/evaluate-coins.ts `faces=small`): the development catalog, the sample's coins with their
 * dates printed otherwise.
 */
export async function restyleSampleCoinFaces(catalogDir: string, style: CoinFaceStyle): Promise<void> {
  await writeCoinFaces((relative, content) => writeFile(join(catalogDir, relative), content), style);
}

async function writeCoinFaces(write: (relative: string, content: Buffer) => Promise<void>, style?: CoinFaceStyle): Promise<void> {
  for (const coin of sampleCoins) {
    // Coins keep their transparent surround so a matcher can ignore whatever they were shot on.
    await write(`coins/${coin.slug}/obverse.png`, await png(coinObverseSvg(coin, style), true));
    await write(`coins/${coin.slug}/reverse.png`, await png(coinReverseSvg(coin, style), true));
  }
}

async function png(svg: string, alpha: boolean): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return (alpha ? image : image.removeAlpha()).png({ compressionLevel: 9, effort: 10 }).toBuffer();
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
