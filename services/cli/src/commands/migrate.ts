import { loadConfig } from '@assay/config';
import { migrate, openDatabase } from '@assay/db';
import { UsageError, type CommandIo } from '../io.ts';

export async function migrateCommand(args: string[], io: CommandIo): Promise<number> {
  if (args.length > 0) throw new UsageError(`migrate takes no arguments`);
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  io.out.write(`migrations applied (${database.kind === 'pglite' ? `embedded database in ${config.pgliteDir}` : 'PostgreSQL'})\n`);
  return 0;
}
