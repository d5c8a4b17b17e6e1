import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AssayError } from '@assay/contract';
import { loadCatalog } from './index.ts';

const sample = new URL('../../../catalog/sample/', import.meta.url).pathname;
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function copyOfSample(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'assay-catalog-'));
  await cp(sample, dir, { recursive: true });
  return dir;
}

async function problemsOf(root: string): Promise<string[]> {
  try {
    await loadCatalog(root);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(AssayError);
    expect((error as AssayError).code).toBe('CATALOG_INVALID');
    return ((error as AssayError).context.problems as { file: string; field: string; message: string }[]).map(
      (p) => `${p.file}: ${p.field}: ${p.message}`,
    );
  }
}

describe('loadCatalog', () => {
  it('loads the sample catalog: every category, every reference image present', async () => {
    const catalog = await loadCatalog(sample);
    expect(catalog.cards.length).toBeGreaterThanOrEqual(24);
    expect(catalog.coins.length).toBeGreaterThanOrEqual(24);
    expect(catalog.toys.length).toBeGreaterThanOrEqual(24);
    expect(catalog.manifest.card_games.length).toBeGreaterThanOrEqual(2);
  });

  it('takes a toy priced by its range alone at the middle of the range, and the kinds sellers list toys under', async () => {
    const root = await copyOfSample();
    const [ranged, vinyl, unpriced] = (await loadCatalog(root)).toys;
    const edit = async (id: string, change: (entry: Record<string, any>) => void) => {
      const file = join(root, 'toys', id, 'entry.json');
      const entry = JSON.parse(await readFile(file, 'utf8'));
      change(entry);
      await writeFile(file, JSON.stringify(entry));
    };
    await edit(ranged!.id, (entry) => {
      delete entry.price;
      entry.price_range = { min: 35, max: 84.5 };
    });
    await edit(vinyl!.id, (entry) => (entry.identity.toy_sub_type = 'vinyl_figure'));
    const loaded = await loadCatalog(root);
    expect(loaded.toys.find((t) => t.id === ranged!.id)).toMatchObject({ price: 59.75, price_range: { min: 35, max: 84.5 } });
    expect(loaded.toys.find((t) => t.id === vinyl!.id)!.identity.toy_sub_type).toBe('vinyl_figure');

    // Neither a price nor a range: the range is what is missing.
    await edit(unpriced!.id, (entry) => {
      delete entry.price;
      delete entry.price_range;
    });
    expect(await problemsOf(root)).toEqual([expect.stringMatching(new RegExp(`^toys/${unpriced!.id}/entry.json: price_range: `))]);
  });

  it('names the entry and the field of every problem, all at once', async () => {
    const root = await copyOfSample();
    const card = (await loadCatalog(root)).cards[0]!;
    const entryFile = join(root, 'cards', card.id, 'entry.json');
    const entry = JSON.parse(await readFile(entryFile, 'utf8'));
    delete entry.identity.name;
    entry.game_id = 'no-such-game';
    entry.images.front = 'missing.png';
    await writeFile(entryFile, JSON.stringify(entry));
    const problems = await problemsOf(root);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^cards/${card.id}/entry.json: identity.name: `)),
        expect.stringMatching(new RegExp(`^cards/${card.id}/entry.json: images.front: no such file`)),
      ]),
    );
  });

  it('refuses paths that leave the catalog, unknown games and broken JSON', async () => {
    const root = await copyOfSample();
    const [first, second] = (await loadCatalog(root)).cards;
    const firstFile = join(root, 'cards', first!.id, 'entry.json');
    const entry = JSON.parse(await readFile(firstFile, 'utf8'));
    entry.images.front = '../../../etc/passwd';
    await writeFile(firstFile, JSON.stringify(entry));
    const secondFile = join(root, 'cards', second!.id, 'entry.json');
    const other = JSON.parse(await readFile(secondFile, 'utf8'));
    other.game_id = 'no-such-game';
    await writeFile(secondFile, JSON.stringify(other));
    await writeFile(join(root, 'coins', (await loadCatalog(sample)).coins[0]!.id, 'entry.json'), '{ not json');
    const problems = await problemsOf(root);
    expect(problems.some((p) => p.startsWith(`cards/${first!.id}/entry.json: images.front: a relative path inside the catalog`))).toBe(true);
    expect(problems.some((p) => p.startsWith(`cards/${second!.id}/entry.json: game_id: "no-such-game"`))).toBe(true);
    expect(problems.some((p) => /^coins\/.+\/entry.json: : not valid JSON/.test(p))).toBe(true);
  });
});
