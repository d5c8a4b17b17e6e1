import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsRepository, createImagesRepository, migrate } from './index.ts';
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
});
