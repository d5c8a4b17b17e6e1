import { isAssayError } from '@assay/contract';
import { bucketFailureReasonOf, exitCodeOf } from './exit-codes.ts';
import { UsageError, type CommandIo } from './io.ts';

const usage = `Usage: assay <command>

  run LOCATION [--json] [--org NAME] [--concurrency N] [--workers N] [--settle-seconds S] [--max-failed-percent P]
                                       assess every new item folder of a folder or s3://bucket/prefix,
                                       and finish what an interrupted run left
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

type Command = (args: string[], io: CommandIo) => Promise<number>;

// Each command is loaded when run: a pipeline service then starts without the engine's image,
// OCR and database code it never calls (less memory, faster start).
const commands: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./commands/serve.ts')).serveCommand,
  migrate: async () => (await import('./commands/migrate.ts')).migrateCommand,
  keys: async () => (await import('./commands/keys.ts')).keysCommand,
  catalog: async () => (await import('./commands/catalog.ts')).catalogCommand,
  generate: async () => (await import('./commands/generate.ts')).generateCommand,
  run: async () => (await import('./commands/run.ts')).runCommand,
  results: async () => (await import('./commands/results.ts')).resultsCommand,
  reprocess: async () => (await import('./commands/reprocess.ts')).reprocessCommand,
  dlq: async () => (await import('./commands/dlq.ts')).dlqCommand,
};

/** Runs one CLI invocation; returns the exit code (0 ok, 1 failed, 2 usage, more in exit-codes.ts). */
export async function runCli(argv: string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    io.out.write(`${usage}\n`);
    return name === undefined ? 2 : 0;
  }
  const load = commands[name];
  if (!load) {
    io.err.write(`assay: unknown command "${name}"\n\n${usage}\n`);
    return 2;
  }
  try {
    return await (await load())(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err.write(`assay ${name}: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    if (isAssayError(error)) {
      const reason = bucketFailureReasonOf(error);
      io.err.write(`assay ${name}: ${error.message} (${reason ? `${error.code}: ${reason}` : error.code})\n`);
      return exitCodeOf(error);
    }
    if (error instanceof TypeError && (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err.write(`assay ${name}: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    throw error;
  }
}
