import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  createAccountsRepository,
  createAssessmentsRepository,
  createCatalogRepository,
  createImagesRepository,
  migrate,
} from './index.ts';
import { catalogReferenceParts } from './schema/index.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/support/databases.ts';

// One behaviour suite, run against every database adapter: PostgreSQL and embedded PGlite.
describe.each(databaseKinds)('database on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('applies migrations idempotently', async () => {
    await migrate(database.handle);
    await migrate(database.handle);
    await expect(database.handle.ready()).resolves.toBeUndefined();
  });

  it('creates an organization once and updates its operations', async () => {
    const accounts = createAccountsRepository(database.handle.db);
    const first = await accounts.upsertOrganization('acme', ['coins.grade']);
    const second = await accounts.upsertOrganization('acme', ['cards.identity', 'cards.grade']);
    expect(second.id).toBe(first.id);
    expect(second.operations).toEqual(['cards.identity', 'cards.grade']);
  });

  it('stores, finds, lists and revokes keys', async () => {
    const accounts = createAccountsRepository(database.handle.db);
    const org = await accounts.upsertOrganization('keys-org', ['toys.identity']);
    await accounts.insertKey({ keyId: '0123456789abcdef', orgId: org.id, secretHash: 'ab'.repeat(32) });
    const found = await accounts.findKey('0123456789abcdef');
    expect(found).toMatchObject({ keyId: '0123456789abcdef', revoked: false, organization: { name: 'keys-org' } });
    expect(await accounts.findKey('ffffffffffffffff')).toBeNull();
    expect((await accounts.listKeys()).map((k) => k.keyId)).toContain('0123456789abcdef');
    expect(await accounts.revokeKey('0123456789abcdef')).toBe(true);
    expect(await accounts.revokeKey('0123456789abcdef')).toBe(false);
    expect((await accounts.findKey('0123456789abcdef'))?.revoked).toBe(true);
  });

  it('finds an image only for the account that stored it', async () => {
    const accounts = createAccountsRepository(database.handle.db);
    const owner = await accounts.upsertOrganization('owner', ['coins.identity']);
    const other = await accounts.upsertOrganization('other', ['coins.identity']);
    const images = createImagesRepository(database.handle.db);
    const image = {
      ref: 'img_conformance',
      orgId: owner.id,
      sha256: 'cd'.repeat(32),
      format: 'png' as const,
      width: 3,
      height: 2,
      byteLength: 99,
      filename: 'a.png',
    };
    await images.insert(image);
    expect(await images.find('img_conformance', owner.id)).toEqual(image);
    expect(await images.find('img_conformance', other.id)).toBeNull();
    expect(await images.find('img_unknown', owner.id)).toBeNull();
  });

  it('stores catalog versions atomically and reads back the latest', async () => {
    const catalog = createCatalogRepository(database.handle.db);
    const entries = Array.from({ length: 1200 }, (_, i) => ({ category: i % 2 ? 'cards' : 'coins', entryId: `e-${i}`, manifest: { id: `e-${i}` } }));
    const first = await catalog.insertVersion({ name: 'one', source: '/a', digest: 'd1', entries, references: { cards: { n: 1 } } });
    const second = await catalog.insertVersion({ name: 'two', source: '/b', digest: 'd2', entries: entries.slice(0, 2), references: {} });
    expect(first.entryCounts).toEqual({ cards: 600, coins: 600 });
    expect((await catalog.latestVersion())?.id).toBe(second.id);
    expect(await catalog.entries(first.id, 'cards')).toHaveLength(600);
    expect(await catalog.references(first.id, 'cards')).toEqual({ n: 1 });
    expect(await catalog.references(second.id, 'cards')).toBeNull();
    await expect(
      catalog.insertVersion({ name: 'bad', source: '/c', digest: 'd3', entries: [entries[0]!, entries[0]!], references: {} }),
    ).rejects.toThrow();
    expect((await catalog.latestVersion())?.id).toBe(second.id);
  });

  it('stores a large references document in parts and reads it back as it was stored', async () => {
    const catalog = createCatalogRepository(database.handle.db);
    // About 5 MB of JSON text: many parts, the last one short.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    const faces = Array.from({ length: 60 }, (_, i) => ({ entryId: `coin-${i}`, face: i % 2 ? 'reverse' : 'obverse', features: { polar: Array.from({ length: 4000 }, () => Math.round(random() * 1000) / 1000), detail: 'ab+/'.repeat(i) } }));
    const references = { version: 2, faces, diameters: { 'coin-0': 19.05, 'coin-1': 21.21 }, 'a "quoted" key': [1, 2], 'ünïcödé': '✓', one: [7], none: [], nothing: null, nested: { a: [1] } };
    const version = await catalog.insertVersion({ name: 'large', source: '/l', digest: 'dl', entries: [], references: { coins: references, toys: {} } });
    // Its members in their order, as JSON holds them (a -0 is stored as 0).
    expect(JSON.stringify(await catalog.references(version.id, 'coins'))).toBe(JSON.stringify(references));
    expect(await catalog.references(version.id, 'toys')).toEqual({});
    expect(await catalog.references(version.id, 'cards')).toBeNull();
    expect(await catalog.referenceCategories(version.id)).toEqual(['coins', 'toys']);
    const parts = (await database.handle.db.select().from(catalogReferenceParts)).filter((row) => row.versionId === version.id && row.category === 'coins');
    expect(parts.length).toBe(Math.ceil(JSON.stringify(references).length / 262144));
    expect(Math.max(...parts.map((row) => row.text.length))).toBe(262144);
  });

  it('stores an assessment with items, issues and images, readable only by its owner', async () => {
    const accounts = createAccountsRepository(database.handle.db);
    const owner = await accounts.upsertOrganization('assessor', ['cards.identity']);
    const other = await accounts.upsertOrganization('nosy', ['cards.identity']);
    const repository = createAssessmentsRepository(database.handle.db);
    const id = randomUUID();
    const now = new Date('2026-11-22T03:00:00.000Z');
    const assessment = {
      id,
      orgId: owner.id,
      category: 'cards',
      externalId: 'listing-1',
      status: 'completed',
      summary: {},
      catalogVersionId: null,
      createdAt: now,
      completedAt: now,
      items: [{ identity: { name: 'Ember Drake' } }],
      issues: [
        { code: 'SECTION_NOT_ENABLED', severity: 'info', message: 'grade is not enabled', section: 'grade', imageIndex: null, itemIndex: null },
        { code: 'IMAGE_BLURRED', severity: 'warning', message: 'blurred', section: null, imageIndex: 1, itemIndex: 0 },
      ],
      images: [{ imageIndex: 0, sha256: 'ab'.repeat(32), format: 'jpeg', width: 10, height: 20, filename: 'a.jpg' }],
    };
    await repository.insert(assessment);
    expect(await repository.find(id, owner.id)).toEqual(assessment);
    expect(await repository.find(id, other.id)).toBeNull();
  });
});
