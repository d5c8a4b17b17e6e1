import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '@assay/db';

export type DatabaseKind = 'postgres' | 'pglite';
export const databaseKinds: DatabaseKind[] = ['postgres', 'pglite'];

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Connection string of the test's own PostgreSQL database (undefined for PGlite). */
  url: string | undefined;
  drop: () => Promise<void>;
}

/**
 * A fresh, migrated database of one kind for one test file: a uniquely named database on the
 * PostgreSQL peer (dropped afterwards), or an in-memory PGlite.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrate(handle);
    return { handle, url: undefined, drop: () => handle.close() };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `assay_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = withDatabase(adminUrl, name);
  const handle = await openDatabase({ url, maxConnections: 4 });
  await migrate(handle);
  return {
    handle,
    url,
    drop: async () => {
      await handle.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
