import sharp from 'sharp';
import type { CardEntry, CatalogManifest, CoinEntry } from '@assay/catalog';
import { catalogJson as json, openCatalogFolder } from '../catalog-folder.ts';
import { cardEntry, toyEntry } from '../catalog-records.ts';
import { heldOutCardBackSvg } from './cards/card-backs.ts';
import { heldOutHolderCompanies, holderCompanies } from '../cards/holder-label.ts';
import { heldOutCardFrontSvg, heldOutCardHeight, heldOutCardWidth } from './cards/card-front.ts';
import { heldOutCardPrices, heldOutCards, heldOutGames, type HeldOutGame } from './cards/card-list.ts';
import { heldOutCoinSvg } from './coins/coin-face.ts';
import { heldOutCoins } from './coins/coin-list.ts';
import { heldOutToyItemSvg, heldOutToyPackagingSvgs } from './toys/toy-packaging.ts';
import { heldOutToys, type HeldOutToy } from './toys/toy-list.ts';

/*
 * Writes the held-out catalog (catalog.json, README.md, one folder per entry, reference images)
 * from the designs in this folder. Nothing is tuned on it: it exists so the accuracy benchmark can
 * measure the engine on a world it has never seen (issue #20). Deterministic, so the output is
 * committed; card fronts, backs and toys are JPEG (as a user's scans would be), coins PNG with a
 * transparent surround.
 */

export interface HeldOutCatalogSummary {
  cards: number;
  coins: number;
  toys: number;
  files: number;
}

/**
 * The frame inset a borderless card is given. The format needs 0 < inset (docs/catalog.md), so
 * "no border" is written as 0.001 of the card: 0.06 mm, under a third of a pixel of the 315-px
 * reference, less than one printed dot. The photo generator takes an inset below one pixel of its
 * 600-px base as no border at all, so such a card prints centred.
 */
export const borderlessInset = 0.001;

const readme = `# Held-out catalog

Generated — do not edit by hand. \`packages/generator/scripts/make-held-out-catalog.ts\` draws every
file here from the designs in \`packages/generator/src/held-out-catalog/\`; change those and rerun:

    pnpm exec node packages/generator/scripts/make-held-out-catalog.ts

A second world for the accuracy benchmark (issue #20): other card games, frames and backs, Canadian
and German euro coins, other toys and packaging. **Nothing is tuned on it.** When its figures
drive a change, say so in the commit and make a fresh reserved seed.

The format is described in [\`docs/catalog.md\`](../../docs/catalog.md).
`;

function frameOf(game: HeldOutGame): CardEntry['frame'] {
  if (game.border === 0) return { inset_x: borderlessInset, inset_y: borderlessInset };
  return { inset_x: round6(game.border / heldOutCardWidth), inset_y: round6(game.border / heldOutCardHeight) };
}

/** File names for a toy's packaging images, after what they show. */
function packagingFiles(toy: HeldOutToy): string[] {
  const front = { 'picture-box': 'box', 'collector-case': 'case', 'header-bag': 'bag', 'heart-tag': 'tag', 'blind-box': 'blind-box', 'kit-box': 'kit-box', tray: 'tray', tin: 'tin' } as const;
  if (!toy.packaging) return [];
  return [`${front[toy.packaging]}.jpg`, ...(toy.endPanel ? ['box-end.jpg'] : [])];
}

export async function writeHeldOutCatalog(outDir: string): Promise<HeldOutCatalogSummary> {
  const folder = await openCatalogFolder(outDir, ['catalog.json', 'README.md', 'backs', 'cards', 'coins', 'toys']);
  const write = folder.write;

  await write('README.md', readme);
  const games = Object.values(heldOutGames);
  const backFile = (game: HeldOutGame) => `backs/${game.back}.jpg`;
  for (const game of games) await write(backFile(game), await jpeg(heldOutCardBackSvg(game.back)));
  const manifest: CatalogManifest = {
    format: 1,
    name: 'Assay held-out catalog',
    description: 'Never used for tuning: invented card games in other frames, real Canadian and German euro coin specifications, invented toys; drawn by packages/generator/scripts/make-held-out-catalog.ts.',
    card_games: games.map((g) => ({ id: g.id, name: g.name, backs: [backFile(g)] })),
    // The held-out world's slabs come from the sample's companies and its own (photo/conditions.ts).
    grading_companies: Object.entries({ ...holderCompanies, ...heldOutHolderCompanies }).map(([code, { name }]) => ({ code, name })),
  };
  await write('catalog.json', json(manifest));

  await eachTwoAtATime(heldOutCards, async (card) => {
    const entry = cardEntry(card, card.game, { images: { front: 'front.jpg' }, frame: frameOf(card.game), price_by_grade: heldOutCardPrices(card.value) });
    await write(`cards/${card.slug}/entry.json`, json(entry));
    await write(`cards/${card.slug}/front.jpg`, await jpeg(heldOutCardFrontSvg(card)));
  });

  await eachTwoAtATime(heldOutCoins, async (coin) => {
    const entry: CoinEntry = {
      id: coin.slug,
      identity: {
        name: coin.name, type: coin.coinType.type, variant: coin.variant, year: coin.year, mint: coin.mint,
        country: coin.coinType.country, denomination: coin.coinType.denomination,
      },
      specs: {
        weight_g: coin.weightG,
        diameter_mm: coin.diameterMm,
        composition: coin.composition.map(([material, fraction]) => ({ material, fraction })),
      },
      images: { obverse: 'heads.png', reverse: 'tails.png' },
      price_by_grade: coin.prices,
    };
    await write(`coins/${coin.slug}/entry.json`, json(entry));
    await write(`coins/${coin.slug}/heads.png`, await png(heldOutCoinSvg(coin, 'obverse')));
    await write(`coins/${coin.slug}/tails.png`, await png(heldOutCoinSvg(coin, 'reverse')));
  });

  await eachTwoAtATime(heldOutToys, async (toy) => {
    const packaging = packagingFiles(toy);
    const entry = toyEntry(toy, { item: toy.views.map((view) => `${view}.jpg`), packaging });
    await write(`toys/${toy.slug}/entry.json`, json(entry));
    for (const view of toy.views) await write(`toys/${toy.slug}/${view}.jpg`, await jpeg(heldOutToyItemSvg(toy, view)));
    const svgs = heldOutToyPackagingSvgs(toy);
    for (const [i, file] of packaging.entries()) await write(`toys/${toy.slug}/${file}`, await jpeg(svgs[i]!));
  });
  return { cards: heldOutCards.length, coins: heldOutCoins.length, toys: heldOutToys.length, files: folder.files };
}

/** Runs `work` over the items two at a time (rasterising is most of the cost; two cores here). */
async function eachTwoAtATime<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all([lane(), lane()]);
}

function jpeg(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().jpeg({ quality: 88, chromaSubsampling: '4:4:4', mozjpeg: true }).toBuffer();
}

function png(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, effort: 4 }).toBuffer();
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
