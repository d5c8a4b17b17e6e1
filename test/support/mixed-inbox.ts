import { link, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { categories, type Category } from '@assay/contract';
import { generateCardSet, generateCoinSet, generateToySet } from '@assay/generator';

const catalogDir = new URL('../../catalog/sample/', import.meta.url).pathname;

/** The photo files of generated requests, per category: each request's files in order. */
export type GeneratedRequests = Record<Category, string[][]>;

/** The generator's seed of each category's requests; the default ones (7400–7600) are outside the tuning and benchmark ranges. */
export type RequestSeeds = Record<Category, number>;

/**
 * Renders `perCategory` requests of each category with the generator into `outDir` and returns
 * their photo files. Items made from them share the files (hard links, or their bytes read once), so
 * a batch of hundreds costs a few dozen renders.
 */
export async function generateRequests(outDir: string, perCategory: number, seeds: RequestSeeds = { cards: 7400, coins: 7500, toys: 7600 }): Promise<GeneratedRequests> {
  const catalog = await loadCatalog(catalogDir);
  const filesOf = async (dir: string, truthFile: string) =>
    ((JSON.parse(await readFile(truthFile, 'utf8')) as { photos: { file: string }[] }[]).map((request) => request.photos.map((photo) => join(dir, photo.file))));
  const dir = (category: Category) => join(outDir, category);
  const cards = await generateCardSet({ catalog, seed: seeds.cards, count: perCategory, outDir: dir('cards') });
  const coins = await generateCoinSet({ catalog, seed: seeds.coins, count: perCategory, outDir: dir('coins') });
  const toys = await generateToySet({ catalog, seed: seeds.toys, count: perCategory, outDir: dir('toys') });
  return {
    cards: await filesOf(dir('cards'), cards.truthFile),
    coins: await filesOf(dir('coins'), coins.truthFile),
    toys: await filesOf(dir('toys'), toys.truthFile),
  };
}

/**
 * Lays out `perCategory` items of each category in `inbox` as `assay run` expects
 * (`<category>/<item-id>/1.jpg …, item.json`), photos hard-linked from `requests` in turn; returns
 * the item keys.
 */
export async function fillMixedInbox(inbox: string, requests: GeneratedRequests, perCategory: number, tag = 'item'): Promise<string[]> {
  const keys: string[] = [];
  for (const category of categories) {
    for (let n = 0; n < perCategory; n++) {
      const itemKey = `${category}/${tag}-${String(n).padStart(4, '0')}`;
      const folder = join(inbox, itemKey);
      await mkdir(folder, { recursive: true });
      const photos = requests[category][n % requests[category].length]!;
      for (const [i, photo] of photos.entries()) await link(photo, join(folder, `${i + 1}.jpg`));
      await writeFile(join(folder, 'item.json'), JSON.stringify({ external_id: `${tag}-${category}-${n}` }));
      keys.push(itemKey);
    }
  }
  return keys;
}
