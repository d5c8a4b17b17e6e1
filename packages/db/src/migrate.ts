import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

// Any fixed number shared by every Assay process: services starting together migrate one at a time.
const migrationLockId = 7_310_221;

/** Applies the SQL migrations in `migrations/` that have not run yet. Safe to call from every process. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(handle.db as Parameters<typeof run>[0], { migrationsFolder });
    return;
  }
  const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
  await handle.withAdvisoryLock(migrationLockId, () => run(handle.db as Parameters<typeof run>[0], { migrationsFolder }));
}
