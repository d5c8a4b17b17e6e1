import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock } from './directory-lock.ts';

export type Schema = typeof schema;
/** The one database type repositories work on: node-postgres and PGlite both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'postgres' | 'pglite';
  /** Runs `work` while holding a cluster-wide lock named by `id`, so concurrent processes take turns. */
  withAdvisoryLock<T>(id: number, work: () => Promise<T>): Promise<T>;
  /**
   * Takes the cluster-wide lock named by `name` if no other session holds it, and keeps it until the
   * returned release is called (or the connection ends, as when the process dies). Null when another
   * process holds it.
   */
  tryHoldLock(name: string): Promise<(() => Promise<void>) | null>;
  /** Resolves when the database answers a query. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  url?: string | undefined;
  /** Folder of the embedded database (ignored with `url`); `memory://` keeps it in memory. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url ? openPostgres(options.url, options.maxConnections ?? 10) : openPglite(options.dataDir ?? '.assay/pglite');
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max });
  // A client losing its connection must not crash the process. Idle ones are reported on the pool,
  // which replaces them; checked-out ones (a transaction, a lock) on the client itself, where the
  // query in flight also rejects, so the caller hears of it there.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    withAdvisoryLock: async (id, work) => {
      // Advisory locks belong to a session, so lock and unlock on one dedicated connection.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [id]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [id]);
        }
      } finally {
        client.release();
      }
    },
    tryHoldLock: async (name) => {
      // A session lock on a connection of its own, held as long as the work that asked for it.
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [name]);
        if (!rows[0]?.locked) {
          client.release();
          return null;
        }
      } catch (error) {
        client.release(true);
        throw error;
      }
      return async () => {
        try {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
          client.release();
        } catch {
          // The connection is gone, and the lock with it.
          client.release(true);
        }
      };
    },
    ready: async () => void (await pool.query('select 1')),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's defaults size buffers for a server of its own (128 MB of shared buffers alone); the
 * embedded database shares one process with the engine, and the OS caches its files anyway.
 */
const pgliteSettings = ['-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB', '-c', 'maintenance_work_mem=16MB', '-c', 'temp_buffers=4MB'];

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const inMemory = dataDir.startsWith('memory://');
  // PGlite allows one process per data directory; a second one would corrupt it.
  const releaseLock = inMemory ? () => {} : (mkdirSync(dataDir, { recursive: true }), acquireDirectoryLock(dataDir));
  try {
    const client = new PGlite(dataDir, { startParams: [...PGlite.defaultStartParams, ...pgliteSettings] });
    await client.waitReady;
    const db = drizzle({ client, schema });
    return {
      db,
      kind: 'pglite',
      // One process owns a PGlite database, so there is nobody to take turns with.
      withAdvisoryLock: (_id, work) => work(),
      tryHoldLock: async () => async () => {},
      ready: async () => void (await client.query('select 1')),
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
