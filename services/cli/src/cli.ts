import { isAssayError } from '@assay/contract';
import { catalogCommand } from './commands/catalog.ts';
import { dlqCommand } from './commands/dlq.ts';
import { generateCommand } from './commands/generate.ts';
import { keysCommand } from './commands/keys.ts';
import { migrateCommand } from './commands/migrate.ts';
import { reprocessCommand } from './commands/reprocess.ts';
import { resultsCommand } from './commands/results.ts';
import { runCommand } from './commands/run.ts';
import { serveCommand } from './commands/serve.ts';
import { UsageError, type CommandIo } from './io.ts';

const usage = `Usage: assay <command>

  run LOCATION [--json] [--org NAME] [--concurrency N] [--settle-seconds S]
                                       assess every new item folder of a folder or s3://bucket/prefix
  results [--run ID] [--format json|csv]
                                       export each item's current result
  reprocess [--since DATE] [--category C] [--catalog-version V] [--below-confidence X] [--run ID] [--json]
                                       assess matching items again (history is kept)
  dlq list [--reason CODE] [--json]    list the dead letters (counts by reason, each letter and whether it was replayed)
  dlq replay [--reason CODE] [--json]  assess dead-lettered items again once the cause is mended; each letter once
  serve api [--host H] [--port N]      run the HTTP API until SIGTERM
  serve ingest|assessor|results        run one pipeline service on Kafka until SIGTERM (see the README)
  migrate                              apply database migrations (idempotent)
  keys create --org NAME --enable OP[,OP...] [--json]
                                       create the organization if needed and a new API key
  keys revoke KEY_ID                   revoke a key
  keys list [--json]                   list keys (never their secrets)
  catalog import DIR [--json]          validate a catalog folder, compute its features, store it as a new version
  catalog list [--json]                list imported catalog versions
  generate cards|coins|toys --catalog DIR --out DIR [--seed N] [--count N]
                                       render labelled photos of a catalog (truth.json beside them)
  help                                 show this text

Operations: coins.identity coins.grade coins.valuation cards.identity cards.grade toys.identity toys.valuation
Configuration comes from environment variables; see the README.`;

const commands: Record<string, (args: string[], io: CommandIo) => Promise<number>> = {
  serve: serveCommand,
  migrate: migrateCommand,
  keys: keysCommand,
  catalog: catalogCommand,
  generate: generateCommand,
  run: runCommand,
  results: resultsCommand,
  reprocess: reprocessCommand,
  dlq: dlqCommand,
};

/** Runs one CLI invocation; returns the exit code (0 ok, 1 failed, 2 usage). */
export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out.write(`${usage}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    io.err.write(`assay: unknown command "${name}"\n\n${usage}\n`);
    return 2;
  }
  try {
    return await command(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err.write(`assay ${name}: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    if (isAssayError(error)) {
      io.err.write(`assay ${name}: ${error.message} (${error.code})\n`);
      return 1;
    }
    if (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err.write(`assay ${name}: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    throw error;
  }
}
