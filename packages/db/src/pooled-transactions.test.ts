import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';

/*
 * drizzle-orm 0.45 ran a transaction's BEGIN outside the block that gives the pooled connection
 * back, so a connection lost at BEGIN (a database restart, an admin killing sessions) never
 * returned to the pool: a few of those and every query waited forever, and closing the pool hung.
 * patches/drizzle-orm@0.45.4.patch mends it (drizzle-orm#6023); this keeps it mended.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
});
afterAll(() => database.drop());

/** Lost connections are this test's point: they must not surface as unhandled errors. */
function quiet(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

describe('transactions on pooled PostgreSQL connections', () => {
  it('give the connection back when it is lost at BEGIN, so the next transaction runs', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    quiet(pool);
    let dropNext = true;
    pool.on('acquire', (client) => {
      if (!dropNext) return;
      dropNext = false;
      // The socket goes away between checkout and BEGIN, as when the server ends the session.
      (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    });
    const db = drizzle({ client: pool });
    try {
      await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      const next = await Promise.race([
        db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)).rows[0]),
        new Promise((resolve) => setTimeout(() => resolve('the pool never gave a connection'), 5000)),
      ]);
      expect(next).toEqual({ one: 1 });
    } finally {
      await pool.end();
    }
  });

  it("report the transaction's own error when ROLLBACK fails too", async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    quiet(pool);
    const db = drizzle({ client: pool });
    try {
      const failing = db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // The connection is lost mid-transaction, so the ROLLBACK that follows fails as well.
        const { pid } = (await tx.execute(sql`select pg_backend_pid() as pid`)).rows[0] as { pid: number };
        await database.handle.db.execute(sql`select pg_terminate_backend(${pid})`);
        throw new Error('the work failed');
      });
      await expect(failing).rejects.toThrow('the work failed');
      expect((await db.execute(sql`select 2 as two`)).rows[0]).toEqual({ two: 2 });
    } finally {
      await pool.end();
    }
  });
});
