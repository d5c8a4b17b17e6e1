import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogRepository } from '@assay/db';
import { importCatalog, latestOrImportCatalog } from './index.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';

const sample = new URL('../../../catalog/sample/', import.meta.url).pathname;
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
});
afterAll(() => database.drop());

// The features themselves are the recognizer's concern; here any JSON shows they are stored.
const computeReferences = async () => ({ cards: { computed: true } });

describe('importCatalog', () => {
  it('stores every import as a new version with its entries and references', async () => {
    const repository = createCatalogRepository(database.handle.db);
    const { version: first, imported } = await latestOrImportCatalog(sample, { repository, computeReferences });
    expect(imported).toBe(true);
    const again = await latestOrImportCatalog(sample, { repository, computeReferences });
    expect(again).toEqual({ version: first, imported: false });
    const second = await importCatalog(sample, { repository, computeReferences });
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.digest).toBe(first.digest);
    expect(second.entryCounts.cards).toBeGreaterThan(0);
    expect(await repository.references(second.id, 'cards')).toEqual({ computed: true });
    expect((await repository.entries(second.id, 'coins')).length).toBe(second.entryCounts.coins);
  });
});
