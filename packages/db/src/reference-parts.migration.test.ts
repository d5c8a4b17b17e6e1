import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogRepository, migrate, migrationsFolder, openDatabase, type DatabaseHandle } from './index.ts';

// A database made before references were stored in parts (migrations up to 0006) keeps its catalogs.
describe('migration 0007: references documents into parts', () => {
  let handle: DatabaseHandle;
  let before: string;
  beforeAll(async () => {
    before = await mkdtemp(join(tmpdir(), 'assay-migrations-'));
    await cp(migrationsFolder, before, { recursive: true });
    const journalFile = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
    await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= 6) }));
    handle = await openDatabase({ dataDir: 'memory://' });
    const { migrate: migrateTo } = await import('drizzle-orm/pglite/migrator');
    await migrateTo(handle.db as Parameters<typeof migrateTo>[0], { migrationsFolder: before });
  });
  afterAll(async () => {
    await handle.close();
    await rm(before, { recursive: true, force: true });
  });

  it('moves every stored document into parts that read back as the same value', async () => {
    const faces = Array.from({ length: 40 }, (_, i) => ({ entryId: `coin-${i}`, polar: Array.from({ length: 3000 }, (_, j) => ((i * 7919 + j * 104729) % 2000) / 1000 - 1) }));
    const coins = { version: 2, faces, diameters: { 'coin-0': 19.05 } };
    const cards = { fronts: [{ entryId: 'card-1', features: [1, 2, 3] }] };
    const client = handle.db as unknown as { execute: (query: string) => Promise<unknown> };
    await client.execute(`insert into catalog_versions (id, name, source, digest, entry_counts) overriding system value values (1, 'old', '/c', 'd', '{}')`);
    await client.execute(`insert into catalog_references (version_id, category, "references") values (1, 'coins', '${JSON.stringify(coins)}'), (1, 'cards', '${JSON.stringify(cards)}')`);

    await migrate(handle);

    const catalog = createCatalogRepository(handle.db);
    expect(await catalog.referenceCategories(1)).toEqual(['cards', 'coins']);
    expect(await catalog.references(1, 'coins')).toEqual(coins);
    expect(await catalog.references(1, 'cards')).toEqual(cards);
  });
});
