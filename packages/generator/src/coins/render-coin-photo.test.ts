import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createRng, dateRunLayout, generateCoinSet, groupLayout, pileLayout, planCoinRequest, renderCoinPhoto, rollLayout,
  sampleCoinInstance, sampleCoinScene, setLayout, ancientLayout,
  type CoinLayout, type CoinPhotoTruth, type CoinScene, type CoinSetRequest,
} from '../index.ts';
import { decode, pixel, sampleCatalog, type Decoded } from '../test-support/pixels.ts';

const small = (scene: CoinScene): CoinScene => ({ ...scene, width: 900, height: 700 });
const plain = (scene: CoinScene): CoinScene => ({
  ...small(scene), surface: 'fabric', tilt: [0, 0], rotation: 0, centre: [0.5, 0.5], fill: 0.6,
  lighting: { angle: 0, gradient: 0, vignette: 0, exposure: 1, warmth: 0, noise: 0 }, jpegQuality: 92,
});

async function shoot(layout: CoinLayout, side: 'obverse' | 'reverse', scene: CoinScene) {
  const { jpeg, truth } = await renderCoinPhoto(await sampleCatalog(), { layout, side, scene });
  return { jpeg, truth, image: await decode(jpeg) };
}

const luma = (p: number[]) => 0.299 * p[0]! + 0.587 * p[1]! + 0.114 * p[2]!;
/** Mean luma on a ring at `k` radii around a coin. */
function ringLuma(image: Decoded, coin: CoinPhotoTruth['coins'][number], k: number): number {
  let sum = 0;
  for (let i = 0; i < 16; i++) {
    const a = (i / 16) * 2 * Math.PI;
    sum += luma(pixel(image, coin.centre[0] + Math.cos(a) * coin.radius * k, coin.centre[1] + Math.sin(a) * coin.radius * k));
  }
  return sum / 16;
}

describe('renderCoinPhoto', () => {
  it('is deterministic: the same seed gives the same bytes and truth', async () => {
    const catalog = await sampleCatalog();
    const render = async () => {
      const rng = createRng(21);
      const layout = groupLayout(rng, catalog, 3, 'L');
      return renderCoinPhoto(catalog, { layout, side: 'obverse', scene: small(sampleCoinScene(rng, 'group')) });
    };
    const [a, b] = [await render(), await render()];
    expect(a.jpeg.equals(b.jpeg)).toBe(true);
    expect(a.truth).toEqual(b.truth);
  });

  it('draws coins where the truth says, at sizes proportional to their real diameters', async () => {
    const catalog = await sampleCatalog();
    const rng = createRng(4);
    const layout = groupLayout(rng, catalog, 3, 'L');
    // A dime, a quarter and a Morgan dollar, in that order on the grid.
    const ids = ['mercury-dime-1942-s', 'washington-quarter-1964-90-silver', 'morgan-dollar-1921'];
    layout.coins.forEach((c, i) => { c.instance = sampleCoinInstance(rng, catalog, { entryId: ids[i] }); c.diameter = catalog.coins.find((e) => e.id === ids[i])!.specs.diameter_mm; });
    const { image, truth } = await shoot(layout, 'obverse', plain(sampleCoinScene(rng, 'group')));
    const [dime, quarter, dollar] = truth.coins;
    expect(dime!.radius).toBeLessThan(quarter!.radius);
    expect(quarter!.radius).toBeLessThan(dollar!.radius);
    expect(dollar!.radius / dime!.radius).toBeCloseTo(38.1 / 17.91, 1);
    for (const coin of truth.coins) {
      // Bright metal inside the rim, dark fabric just outside it.
      expect(ringLuma(image, coin, 0.5) - ringLuma(image, coin, 1.35), coin.entry_id!).toBeGreaterThan(30);
      expect(coin.readable).toBe(true);
    }
  });

  it('keeps a group layout between the obverse and reverse overviews', async () => {
    const catalog = await sampleCatalog();
    const rng = createRng(8);
    const [front, back] = planCoinRequest(rng, catalog, 'group', 'r1');
    const a = (await renderCoinPhoto(catalog, { ...front!, scene: small(front!.scene) })).truth;
    const b = (await renderCoinPhoto(catalog, { ...back!, scene: small(back!.scene) })).truth;
    expect(a.layout_id).toBe(b.layout_id);
    expect([a.side, b.side]).toEqual(['obverse', 'reverse']);
    expect(b.coins.map((c) => c.coin_id)).toEqual(a.coins.map((c) => c.coin_id));
    a.coins.forEach((coin, i) => {
      const other = b.coins[i]!;
      expect(other.position_mm).toEqual(coin.position_mm);
      expect([coin.face, other.face]).toEqual(['obverse', 'reverse']);
      expect(other.entry_id).toBe(coin.entry_id);
      // Flipped in place, shot again from about the same spot.
      expect(Math.hypot(other.centre[0] - coin.centre[0], other.centre[1] - coin.centre[1])).toBeLessThan(0.08 * 900);
    });
  });

  it('turns a set holder over top to bottom: slot rows swap', async () => {
    const catalog = await sampleCatalog();
    const layout = setLayout(createRng(2), catalog, 'S');
    const scene = plain(sampleCoinScene(createRng(3), 'set'));
    const a = (await shoot(layout, 'obverse', scene)).truth;
    const b = (await shoot(layout, 'reverse', scene)).truth;
    expect(b.holder!.turned_over).toBe(true);
    a.coins.forEach((coin, i) => {
      expect(b.coins[i]!.position_mm[0]).toBeCloseTo(coin.position_mm[0], 1);
      expect(b.coins[i]!.position_mm[1]).toBeCloseTo(layout.height - coin.position_mm[1], 1);
    });
  });

  it('rolls: wrapped shows no readable coin, open shows one to three', async () => {
    const catalog = await sampleCatalog();
    const wrapped = (await shoot(rollLayout(createRng(5), catalog, true, 'W'), 'obverse', small(sampleCoinScene(createRng(6), 'roll')))).truth;
    const open = (await shoot(rollLayout(createRng(5), catalog, false, 'O'), 'obverse', small(sampleCoinScene(createRng(6), 'roll')))).truth;
    expect(wrapped.roll).toMatchObject({ wrapped: true, readable_count: 0 });
    expect(wrapped.coins.every((c) => c.face === 'edge' && !c.readable)).toBe(true);
    expect(open.roll!.readable_count).toBeGreaterThanOrEqual(1);
    expect(open.roll!.readable_count).toBeLessThanOrEqual(3);
    expect(open.coins.filter((c) => c.face === 'edge').length).toBeGreaterThan(10);
  });

  it('piles overlap: few coins fully visible', async () => {
    const catalog = await sampleCatalog();
    const { truth } = await shoot(pileLayout(createRng(9), catalog, 24, 'P'), 'obverse', small(sampleCoinScene(createRng(1), 'pile')));
    const readable = truth.coins.filter((c) => c.readable).length;
    expect(truth.side).toBeNull();
    expect(truth.coins.filter((c) => c.visible_share < 0.9).length).toBeGreaterThan(8);
    expect(readable).toBeGreaterThanOrEqual(1);
    expect(readable).toBeLessThan(truth.coins.length / 2);
  });

  it('ancient coins have no entry; date runs are consecutive years left to right', async () => {
    const catalog = await sampleCatalog();
    const ancient = (await shoot(ancientLayout(createRng(3), catalog, 'A'), 'obverse', small(sampleCoinScene(createRng(3), 'ancient')))).truth;
    expect(ancient.coins[0]).toMatchObject({ entry_id: null, ancient: true, year: null });
    const run = dateRunLayout(createRng(12), catalog, 5, 'D');
    const truth = (await shoot(run, 'obverse', plain(sampleCoinScene(createRng(4), 'date_run')))).truth;
    const years = truth.coins.map((c) => Number(c.year));
    expect(years).toEqual(years.map((_, i) => years[0]! + i));
    const xs = truth.coins.map((c) => c.centre[0]);
    expect([...xs].sort((p, q) => p - q)).toEqual(xs);
    expect(new Set(truth.coins.map((c) => c.design_entry_id)).size).toBe(1);
    // Exactly the coin of the catalog's own year keeps its entry unless another entry has that year.
    expect(truth.coins.some((c) => c.entry_id === c.design_entry_id)).toBe(true);
  });
});

describe('generateCoinSet', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const dir of folders) await rm(dir, { recursive: true, force: true });
  });

  it('writes the photos and truth.json, identically for the same seed', async () => {
    const catalog = await sampleCatalog();
    const [a, b] = [await mkdtemp(join(tmpdir(), 'assay-coins-')), await mkdtemp(join(tmpdir(), 'assay-coins-'))];
    folders.push(a, b);
    const mix = { individual: 1, group: 0, roll: 0, pile: 0, ancient: 0, date_run: 0, set: 0 };
    const summary = await generateCoinSet({ catalog, seed: 3, count: 1, outDir: a, mix });
    await generateCoinSet({ catalog, seed: 3, count: 1, outDir: b, mix });
    expect(summary).toMatchObject({ requests: 1, photos: 2 });
    for (const file of await readdir(a)) expect((await readFile(join(a, file))).equals(await readFile(join(b, file))), file).toBe(true);
    const [request] = JSON.parse(await readFile(join(a, 'truth.json'), 'utf8')) as CoinSetRequest[];
    expect(request!.photos.map((p) => p.side)).toEqual(['obverse', 'reverse']);
    expect(request!.assessable_coin_ids).toEqual([request!.photos[0]!.coins[0]!.coin_id]);
  });
});
