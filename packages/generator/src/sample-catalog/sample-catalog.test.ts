import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { unknownBackFile } from '../cards/card-faces.ts';
import { colourDistance, sampleCatalog, sampleCatalogDir } from '../test-support/pixels.ts';

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

describe('the sample catalog', () => {
  it('loads cleanly and covers all three categories', async () => {
    const catalog = await sampleCatalog();
    expect(catalog.manifest.card_games.map((g) => g.name)).toEqual(['Aetherium', 'Starfall Legends', 'Kaiju Clash']);
    for (const game of catalog.manifest.card_games) expect(catalog.cards.filter((c) => c.game_id === game.id)).toHaveLength(12);
    expect(catalog.coins.length).toBeGreaterThanOrEqual(30);
    expect(catalog.toys.length).toBeGreaterThanOrEqual(30);
  });

  it('keeps identities distinct, with parallels and reprints as deliberate hard pairs', async () => {
    const { cards } = await sampleCatalog();
    const key = (c: (typeof cards)[number]) => JSON.stringify(c.identity);
    expect(new Set(cards.map(key)).size).toBe(cards.length);
    const byName = Object.groupBy(cards, (c) => c.identity.name);
    const pairs = Object.values(byName).filter((group) => group!.length > 1);
    expect(pairs).toHaveLength(3);
  });

  it('records the US Mint specifications', async () => {
    const { coins } = await sampleCatalog();
    const coin = (id: string) => coins.find((c) => c.id === id)!;
    expect(coin('lincoln-memorial-cent-1995').specs).toEqual({ weight_g: 2.5, diameter_mm: 19.05, composition: [{ material: 'zinc', fraction: 0.975 }, { material: 'copper', fraction: 0.025 }] });
    expect(coin('jefferson-nickel-1943-p-wartime-silver-alloy').specs.composition).toEqual([{ material: 'copper', fraction: 0.56 }, { material: 'silver', fraction: 0.35 }, { material: 'manganese', fraction: 0.09 }]);
    expect(coin('morgan-dollar-1881-s').specs.weight_g).toBe(26.73);
    expect(coin('american-gold-eagle-2020').specs.weight_g).toBe(33.931);
    for (const c of coins) {
      const grades = Object.values(c.price_by_grade);
      expect(grades, c.id).toEqual([...grades].sort((a, b) => a - b));
    }
  });

  it('gives every toy two views, packaging, a model number and a maker mark', async () => {
    const { toys } = await sampleCatalog();
    for (const toy of toys) {
      expect(toy.images.item, toy.id).toHaveLength(2);
      expect(toy.images.packaging, toy.id).toHaveLength(1);
      expect(toy.model_numbers[0], toy.id).toMatch(/^[A-Z]{2}-\d{4}$/);
      expect(toy.maker_marks[0], toy.id).toMatch(/^© \d{4} /);
    }
  });

  it('stays small on disk', async () => {
    expect(await folderBytes(sampleCatalogDir)).toBeLessThan(5_000_000);
  });

  it('has an "unknown back" test asset that looks like none of the catalog backs', async () => {
    const catalog = await sampleCatalog();
    const thumbnail = (file: string) => sharp(file).resize(30, 42, { fit: 'fill' }).removeAlpha().raw().toBuffer();
    const unknown = await thumbnail(unknownBackFile);
    for (const back of catalog.manifest.card_games.flatMap((g) => g.backs)) {
      const known = await thumbnail(catalog.rootFile(back));
      let difference = 0;
      for (let i = 0; i < unknown.length; i += 3) difference += colourDistance([...unknown.subarray(i, i + 3)], [...known.subarray(i, i + 3)]);
      expect(difference / (unknown.length / 3), back).toBeGreaterThan(90);
    }
  });
});
