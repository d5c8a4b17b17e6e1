import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssayError } from '@assay/contract';
import { createAccountsRepository } from '@assay/db';
import { createAccounts, requireAnyOperation, type Accounts } from './index.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';

let database: TestDatabase;
let accounts: Accounts;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
  accounts = createAccounts(createAccountsRepository(database.handle.db));
});
afterAll(() => database.drop());

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return error instanceof AssayError ? error.code : `unexpected ${String(error)}`;
  }
}

describe('API keys', () => {
  it('creates a key whose secret is not stored', async () => {
    const created = await accounts.createKey('acme', ['coins.grade', 'coins.grade', 'cards.identity']);
    expect(created.apiKey).toMatch(/^assay_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(created.organization.operations).toEqual(['coins.grade', 'cards.identity']);
    const secret = created.apiKey.split('_').slice(2).join('_');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('select * from api_keys');
    await client.end();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('authenticates a valid bearer token to its organization', async () => {
    const created = await accounts.createKey('auth-org', ['toys.identity']);
    const caller = await accounts.authenticate(`Bearer ${created.apiKey}`);
    expect(caller.organization.name).toBe('auth-org');
    expect(caller.keyId).toBe(created.keyId);
  });

  it('refuses missing, malformed, unknown, tampered and revoked tokens', async () => {
    const created = await accounts.createKey('refuse-org', ['toys.identity']);
    expect(await codeOf(accounts.authenticate(undefined))).toBe('AUTH_TOKEN_MISSING');
    expect(await codeOf(accounts.authenticate(''))).toBe('AUTH_TOKEN_MISSING');
    for (const header of [
      created.apiKey,
      `Basic ${created.apiKey}`,
      'Bearer nonsense',
      `Bearer ${created.apiKey}x`,
      `Bearer assay_ffffffffffffffff_${'A'.repeat(43)}`,
      `Bearer ${created.apiKey.slice(0, -1)}${created.apiKey.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      expect(await codeOf(accounts.authenticate(header)), header).toBe('AUTH_TOKEN_INVALID');
    }
    expect(await accounts.revokeKey(created.keyId)).toBe(true);
    expect(await codeOf(accounts.authenticate(`Bearer ${created.apiKey}`))).toBe('AUTH_TOKEN_INVALID');
  });

  it('refuses unknown operations and empty names', async () => {
    expect(await codeOf(accounts.createKey('x', ['coins.flip']))).toBe('REQUEST_INVALID');
    expect(await codeOf(accounts.createKey('x', []))).toBe('REQUEST_INVALID');
    expect(await codeOf(accounts.createKey('  ', ['coins.grade']))).toBe('REQUEST_INVALID');
  });

  it('403s a caller with none of the needed operations', async () => {
    const created = await accounts.createKey('cards-only', ['cards.identity']);
    const caller = await accounts.authenticate(`Bearer ${created.apiKey}`);
    expect(() => requireAnyOperation(caller, ['cards.grade', 'cards.identity'])).not.toThrow();
    expect(() => requireAnyOperation(caller, ['coins.identity'])).toThrow(expect.objectContaining({ code: 'OPERATION_NOT_ENABLED' }));
  });
});
