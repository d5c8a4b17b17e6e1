import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type LoadedCatalog } from '@assay/catalog';
import { sampleCatalog } from '../test-support/pixels.ts';
import { writeHeldOutCatalog } from './write-held-out-catalog.ts';

const committedDir = fileURLToPath(new URL('../../../../catalog/held-out/', import.meta.url));

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name))).sort();
}

/** Mean RGB of a band of pixels, in a front scaled to 315×440. */
async function meanColour(file: string, region: { left: number; top: number; width: number; height: number }): Promise<number[]> {
  const { data } = await sharp(file).resize(315, 440, { fit: 'fill' }).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  return sum.map((v) => v / (data.length / 3));
}

describe('the held-out catalog', () => {
  let dir: string;
  let catalog: LoadedCatalog;
  let sample: LoadedCatalog;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assay-held-out-'));
    await writeHeldOutCatalog(dir);
    [catalog, sample] = await Promise.all([loadCatalog(dir), sampleCatalog()]);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is written byte for byte as committed in catalog/held-out, and stays small', async () => {
    const [fresh, committed] = await Promise.all([listFiles(dir), listFiles(committedDir)]);
    expect(committed).toEqual(fresh);
    let bytes = 0;
    for (const file of fresh) {
      const [a, b] = await Promise.all([readFile(join(dir, file)), readFile(join(committedDir, file))]);
      expect(a.equals(b), file).toBe(true);
      bytes += a.length;
    }
    expect(bytes).toBeLessThan(4_000_000);
  });

  it('holds three card games of its own, none of the sample games or backs', () => {
    expect(catalog.manifest.card_games.map((g) => g.name)).toEqual(['Obsidian Accord', 'Hollowmere', 'Neon Syndicate']);
    const sampleGames = new Set(sample.manifest.card_games.map((g) => g.id));
    for (const game of catalog.manifest.card_games) {
      expect(sampleGames.has(game.id)).toBe(false);
      expect(catalog.cards.filter((c) => c.game_id === game.id).length).toBeGreaterThanOrEqual(8);
    }
    expect(catalog.cards.length).toBeGreaterThanOrEqual(24);
    expect(new Set(catalog.cards.map((c) => JSON.stringify(c.identity))).size).toBe(catalog.cards.length);
    expect(catalog.cards.some((c) => c.identity.parallel_variant !== null)).toBe(true);
    expect(catalog.cards.some((c) => /^[A-Z]{3}-EN\d{3}$/.test(c.identity.card_number))).toBe(true);
  });

  it('prints black, cream and no borders, and its frame insets say so', async () => {
    const edge = { left: 2, top: 150, width: 6, height: 140 };
    const byGame = async (gameId: string) => {
      const cards = catalog.cards.filter((c) => c.game_id === gameId);
      const colours = await Promise.all(cards.map((c) => meanColour(catalog.entryFile('cards', c.id, c.images.front), edge)));
      return { cards, colours };
    };
    const black = await byGame('obsidian-accord');
    for (const colour of black.colours) expect(Math.max(...colour)).toBeLessThan(40);
    const cream = await byGame('hollowmere');
    for (const colour of cream.colours) expect(colour[0]! > 220 && colour[1]! > 205 && colour[2]! > 170 && colour[2]! < colour[0]! - 25).toBe(true);
    for (const card of [...black.cards, ...cream.cards]) expect(card.frame.inset_x).toBeGreaterThan(0.04);
    // Borderless: the art reaches the cut, so the edge shows the art, different from card to card.
    const borderless = await byGame('neon-syndicate');
    for (const card of borderless.cards) expect(card.frame).toEqual({ inset_x: 0.001, inset_y: 0.001 });
    expect(new Set(borderless.colours.map((c) => c.map((v) => Math.round(v / 24)).join())).size).toBeGreaterThan(3);
  });

  it('records real Canadian and euro coin specifications, several years of a type', () => {
    const coin = (id: string) => catalog.coins.find((c) => c.id === id)!;
    expect(coin('canada-maple-leaf-cent-2004').specs).toEqual({ weight_g: 2.35, diameter_mm: 19.05, composition: [{ material: 'steel', fraction: 0.94 }, { material: 'copper', fraction: 0.045 }, { material: 'nickel', fraction: 0.015 }] });
    expect(coin('canada-bluenose-dime-2004').specs).toMatchObject({ weight_g: 1.75, diameter_mm: 18.03 });
    expect(coin('canada-caribou-quarter-1965').specs.composition).toEqual([{ material: 'silver', fraction: 0.8 }, { material: 'copper', fraction: 0.2 }]);
    expect(coin('canada-loonie-2015').specs).toMatchObject({ weight_g: 6.27, diameter_mm: 26.5 });
    expect(coin('canada-toonie-2016').specs).toMatchObject({ weight_g: 6.92, diameter_mm: 28 });
    expect(coin('germany-1-euro-cent-2002-a').specs).toEqual({ weight_g: 2.3, diameter_mm: 16.25, composition: [{ material: 'steel', fraction: 0.9435 }, { material: 'copper', fraction: 0.0565 }] });
    expect(coin('germany-20-euro-cent-2007-f').specs.composition).toEqual([{ material: 'copper', fraction: 0.89 }, { material: 'aluminum', fraction: 0.05 }, { material: 'zinc', fraction: 0.05 }, { material: 'tin', fraction: 0.01 }]);
    expect(coin('germany-2-euro-2002-j').specs).toMatchObject({ weight_g: 8.5, diameter_mm: 25.75 });

    const countries = new Set([...catalog.coins, ...sample.coins].map((c) => c.identity.country));
    expect(countries).toEqual(new Set(['United States of America', 'Canada', 'Germany']));
    for (const c of catalog.coins) {
      if (c.identity.country === 'Germany') expect(c.identity.mint, c.id).toMatch(/^[ADFGJ]$/);
      else expect(c.identity.mint, c.id).toBeNull();
      const prices = Object.values(c.price_by_grade);
      expect(prices, c.id).toEqual([...prices].sort((a, b) => a - b));
    }
    const years = Object.values(Object.groupBy(catalog.coins, (c) => c.identity.type)).map((group) => new Set(group!.map((c) => c.identity.year)).size);
    expect(years.filter((n) => n >= 3).length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...catalog.coins.map((c) => c.specs.diameter_mm))).toBeLessThan(17);
  });

  it('has toys from other makers, in other kinds, numbers and packaging than the sample', () => {
    const { toys } = catalog;
    expect(toys.length).toBeGreaterThanOrEqual(20);
    const sampleMakers = new Set(sample.toys.map((t) => t.identity.manufacturer));
    const sampleLines = new Set(sample.toys.map((t) => t.identity.toy_line));
    for (const toy of toys) {
      expect(sampleMakers.has(toy.identity.manufacturer), toy.id).toBe(false);
      expect(sampleLines.has(toy.identity.toy_line), toy.id).toBe(false);
      expect(toy.model_numbers[0], toy.id).not.toMatch(/^[A-Z]{2}-\d{4}$/);
      expect(toy.maker_marks.length, toy.id).toBeGreaterThan(0);
    }
    expect(new Set(toys.map((t) => t.identity.toy_sub_type)).size).toBeGreaterThanOrEqual(9);
    // Unlike the sample (two views and one packaging image each), image counts vary.
    expect(new Set(toys.map((t) => t.images.item.length))).toEqual(new Set([1, 2, 3]));
    expect(new Set(toys.map((t) => t.images.packaging.length))).toEqual(new Set([0, 1, 2]));
  });
});
