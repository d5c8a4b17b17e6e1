import { parseArgs } from 'node:util';
import { importCatalog } from '@assay/catalog';
import { loadConfig } from '@assay/config';
import { createCatalogRepository, migrate, openDatabase } from '@assay/db';
import { computeCatalogReferences } from '@assay/runtime';
import { UsageError, type CommandIo } from '../io.ts';

export async function catalogCommand(args: string[], io: CommandIo): Promise<number> {
  const [action, ...rest] = args;
  const { positionals, values } = parseArgs({ args: rest, allowPositionals: true, options: { json: { type: 'boolean', default: false } } });
  if (action === 'import' && positionals.length !== 1) throw new UsageError('catalog import needs exactly one DIR');
  if (action === 'list' && positionals.length > 0) throw new UsageError('catalog list takes no arguments');
  if (action !== 'import' && action !== 'list') throw new UsageError('catalog needs one of: import, list');

  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    await migrate(database);
    const repository = createCatalogRepository(database.db);
    if (action === 'import') {
      const started = Date.now();
      const version = await importCatalog(positionals[0]!, { repository, computeReferences: computeCatalogReferences });
      const summary = { version: version.id, name: version.name, entries: version.entryCounts, digest: version.digest, ms: Date.now() - started };
      io.out.write(
        values.json
          ? `${JSON.stringify(summary)}\n`
          : `imported catalog "${version.name}" as version ${version.id}: ${Object.entries(version.entryCounts).map(([c, n]) => `${n} ${c}`).join(', ')} (${summary.ms} ms)\n`,
      );
      return 0;
    }
    const versions = await repository.listVersions();
    if (values.json) {
      io.out.write(`${JSON.stringify(versions.map((v) => ({ version: v.id, name: v.name, source: v.source, entries: v.entryCounts, digest: v.digest, created_at: v.createdAt.toISOString() })))}\n`);
      return 0;
    }
    const lines = versions.map((v) => [v.id, v.name, v.createdAt.toISOString(), Object.entries(v.entryCounts).map(([c, n]) => `${c}=${n}`).join(','), v.source].join('\t'));
    io.out.write(`${['VERSION\tNAME\tIMPORTED\tENTRIES\tSOURCE', ...lines].join('\n')}\n`);
    return 0;
  } finally {
    await database.close();
  }
}
