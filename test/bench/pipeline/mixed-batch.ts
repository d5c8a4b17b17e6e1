import { link, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Category } from '@assay/contract';
import type { ToyShot } from '@assay/generator';
import { generatedCardPhoto, sampleCardIds } from '../../support/card-photos.ts';
import { coinCatalog, generatedCoinRequest } from '../../support/coin-photos.ts';
import { generatedToyPhoto } from '../../support/toy-photos.ts';

/**
 * Distinct requests per category the items share (hard links): the engine still assesses every
 * item's photos in full, and rendering stays a matter of seconds.
 */
const distinctRequestsPerCategory = 4;

/**
 * The photos of one toy request, as marketplace listings send them: the toy from the front and the
 * side, then now and then its box or the model number moulded on its base (read by OCR).
 */
const toyRequestShots: { shot: ToyShot; view: number }[][] = [
  [{ shot: 'item', view: 0 }, { shot: 'item', view: 1 }],
  [{ shot: 'item', view: 0 }, { shot: 'item', view: 1 }, { shot: 'packaging', view: 0 }],
  [{ shot: 'item', view: 0 }, { shot: 'item', view: 1 }],
  [{ shot: 'item', view: 0 }, { shot: 'item', view: 1 }, { shot: 'model_number', view: 0 }],
];

/** What a mixed batch holds, as the benchmark's JSON names it. */
export interface MixedBatch {
  items: number;
  /** Items per category. */
  categories: Record<Category, number>;
  /** Photos per item of each category: the least and the most. */
  photos_per_item: Record<Category, [number, number]>;
  photos: number;
  /** Distinct photos behind them (the others are hard links to these). */
  distinct_photos: number;
  /** Card items whose card is in a grading company's slab (its label read by the text reader). */
  slabbed_cards: number;
}

/**
 * Writes `items` items to `inbox`, cards, coins and toys in equal parts (item i is of category i
 * mod 3), laid out as `assay run` expects (`<category>/<item>/` with numbered photos and an
 * item.json): cards front and back, coins (single, from the generator's coin requests) obverse and
 * reverse, toys two or three views. Photos come from the generator with development seeds
 * (1000–1999), rendered once under `photosDir` and hard-linked into every item that uses them.
 */
export async function writeMixedBatch({ inbox, photosDir, items, slabbedCards = false }: { inbox: string; photosDir: string; items: number; slabbedCards?: boolean }): Promise<MixedBatch> {
  await mkdir(photosDir, { recursive: true });
  const requests: Record<Category, string[][]> = { cards: [], coins: [], toys: [] };
  const save = async (name: string, jpeg: Buffer) => {
    const file = join(photosDir, name);
    await writeFile(file, jpeg);
    return file;
  };
  // With slabbedCards, every other card request is a card in a slab.
  const slabbed = (request: number) => slabbedCards && request % 2 === 1;
  // The sample catalog, loaded once by the coin photo helper (it holds every category).
  const catalog = await coinCatalog();
  for (let r = 0; r < distinctRequestsPerCategory; r++) {
    const entryId = sampleCardIds[(r * 7) % sampleCardIds.length]!;
    requests.cards.push([
      await save(`card-${r}-front.jpg`, (await generatedCardPhoto({ entryId, face: 'front', seed: 1500 + r, holder: slabbed(r) })).jpeg),
      await save(`card-${r}-back.jpg`, (await generatedCardPhoto({ entryId, face: 'back', seed: 1510 + r, holder: slabbed(r) })).jpeg),
    ]);
    const coinPhotos = await generatedCoinRequest('individual', 1520 + r);
    requests.coins.push(await Promise.all(coinPhotos.map((photo, i) => save(`coin-${r}-${i + 1}.jpg`, photo.jpeg))));
    const toyEntry = catalog.toys[(r * 5) % catalog.toys.length]!;
    const toyPhotos: string[] = [];
    for (const [i, { shot, view }] of toyRequestShots[r % toyRequestShots.length]!.entries()) {
      const usable = shot === 'item' ? Math.min(view, toyEntry.images.item.length - 1) : view;
      const { jpeg } = await generatedToyPhoto({ entryId: toyEntry.id, shot, view: usable, seed: 1530 + r * 4 + i });
      toyPhotos.push(await save(`toy-${r}-${i + 1}.jpg`, jpeg));
    }
    requests.toys.push(toyPhotos);
  }
  const categories: Category[] = ['cards', 'coins', 'toys'];
  const counts: Record<Category, number> = { cards: 0, coins: 0, toys: 0 };
  let photos = 0;
  let slabbedItems = 0;
  for (let i = 0; i < items; i++) {
    const category = categories[i % categories.length]!;
    const request = requests[category][counts[category] % distinctRequestsPerCategory]!;
    if (category === 'cards' && slabbed(counts.cards % distinctRequestsPerCategory)) slabbedItems++;
    counts[category]++;
    const folder = join(inbox, category, `item-${String(i).padStart(6, '0')}`);
    await mkdir(folder, { recursive: true });
    for (const [n, file] of request.entries()) await link(file, join(folder, `${n + 1}.jpg`));
    await writeFile(join(folder, 'item.json'), `{"external_id":"listing-${i}"}`);
    photos += request.length;
  }
  const range = (category: Category): [number, number] => {
    const lengths = requests[category].map((r) => r.length);
    return [Math.min(...lengths), Math.max(...lengths)];
  };
  return {
    items,
    categories: counts,
    photos_per_item: { cards: range('cards'), coins: range('coins'), toys: range('toys') },
    photos,
    distinct_photos: Object.values(requests).flat(2).length,
    slabbed_cards: slabbedItems,
  };
}
