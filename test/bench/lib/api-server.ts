import { join } from 'node:path';
import type { BenchContext } from './bench.ts';
import { freePort } from '../../support/free-port.ts';
import { runNode, spawnNode, type Child } from './processes.ts';

const cli = join('services', 'cli', 'src', 'main.ts');

export interface ApiServer {
  origin: string;
  apiKey: string;
  /** Which database the server uses, for the report. */
  database: string;
  /** The server's last log lines and, if it has exited, how: for failure messages. */
  diagnostics(): string;
}

export interface ApiServerOptions {
  /** Operations enabled for the benchmark's organization. */
  operations: string[];
  /** Extra environment for the server and the CLI. */
  env?: Record<string, string>;
}

/**
 * The environment of the CLI and the server: the bench's own, without any Assay setting it may
 * carry (so a developer's shell cannot change what is measured), plus a fresh data folder.
 * DATABASE_URL is passed through when set; without it the server uses an embedded PGlite.
 */
function serverEnv(dataDir: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.startsWith('ASSAY_') || key.startsWith('S3_') || key === 'LOG_LEVEL' || key === 'DATABASE_URL') continue;
    env[key] = value;
  }
  const databaseUrl = process.env['DATABASE_URL'];
  return {
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ASSAY_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Creates an API key with the CLI, then starts `assay serve api` in a child process on a free
 * loopback port and waits until GET /readyz answers 200. The server is stopped when the run ends.
 */
export async function startApiServer(ctx: BenchContext, options: ApiServerOptions): Promise<ApiServer> {
  const dataDir = await ctx.tempDir('assay-bench-data-');
  const env = serverEnv(dataDir, options.env ?? {});
  const database = env['DATABASE_URL'] ? 'PostgreSQL from DATABASE_URL' : 'embedded PGlite (DATABASE_URL is not set)';
  ctx.log(`database: ${database}; data folder ${dataDir}`);

  ctx.log('creating an API key with `assay keys create`');
  const output = await runNode('assay keys create', [cli, 'keys', 'create', '--org', 'bench', '--enable', options.operations.join(','), '--json'], env);
  const line = output.trim().split('\n').at(-1) ?? '';
  let apiKey: unknown;
  try {
    apiKey = (JSON.parse(line) as { api_key?: unknown }).api_key;
  } catch {
    // reported below
  }
  if (typeof apiKey !== 'string' || !apiKey) throw new Error(`assay keys create printed no api_key: ${JSON.stringify(output.slice(0, 300))}`);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  ctx.log(`starting the API: node ${cli} serve api --host 127.0.0.1 --port ${port}`);
  const server = spawnNode('api', [cli, 'serve', 'api', '--host', '127.0.0.1', '--port', String(port)], env);
  ctx.defer(() => server.stop());
  await waitReady(origin, server);
  return { origin, apiKey, database, diagnostics: () => describe(server) };
}

function describe(server: Child): string {
  return `  API server${server.hasExited() ? ' (exited)' : ''}, last lines:\n${server.tail()}`;
}

async function waitReady(origin: string, server: Child, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.hasExited()) throw new Error(`the API server exited before it was ready (${await server.exited}):\n${server.tail()}`);
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
      last = `${res.status} ${(await res.text()).slice(0, 200)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`GET /readyz did not answer 200 within ${timeoutMs / 1000} s (last: ${last}):\n${server.tail()}`);
}
