import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnavailable, openDatabase } from './index.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
});
afterAll(() => database.drop());

/** What a query on a fresh connection to `url` fails with. */
async function failureOf(url: string, query = 'select 1'): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(query);
  } catch (error) {
    return error;
  } finally {
    await client.end().catch(() => {});
  }
  throw new Error('the query succeeded');
}

describe('databaseUnavailable', () => {
  it('reads a refused connection as UNAVAILABLE, retryable', async () => {
    const closed = new URL(database.url!);
    closed.port = '1';
    expect(databaseUnavailable(await failureOf(closed.href))).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });

  it('reads a session ended by the server, through drizzle, as UNAVAILABLE', async () => {
    const handle = await openDatabase({ url: database.url, maxConnections: 1 });
    try {
      const { rows } = (await handle.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] };
      const { pid } = rows[0]!;
      const killed = handle.db.transaction(async (tx) => {
        await database.handle.db.execute(sql`select pg_terminate_backend(${pid})`);
        await tx.execute(sql`select 1`);
      });
      expect(databaseUnavailable(await killed.catch((error: unknown) => error))).toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      await handle.close();
    }
  });

  it('leaves a wrong query alone: it is not a matter of trying again', async () => {
    expect(databaseUnavailable(await failureOf(database.url!, 'select * from no_such_table'))).toBeNull();
    expect(databaseUnavailable(new Error('unexpected'))).toBeNull();
  });
});
