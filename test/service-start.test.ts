import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@assay/config';
import { serveIngest } from '@assay/service-ingest';
import { serveResults } from '@assay/service-results';
import { pipelineEnv } from './support/pipeline-env.ts';

/*
 * A service whose start fails half way closes what it had opened. The embedded database shows it:
 * it holds a lock file while open, so a start that left it open would keep it locked for others.
 */
let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'assay-service-start-'));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

describe('a service that cannot start', () => {
  it('ingest watching a folder that does not exist: fails, and leaves the embedded database free', async () => {
    const config = loadConfig(withoutDatabaseUrl(pipelineEnv({ databaseUrl: '', workDir, suffix: 'ingest', inbox: join(workDir, 'no-such-inbox') })));
    await expect(serveIngest(config)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(embeddedDatabaseOpen(config.pgliteDir)).toBe(false);
  });

  it('results with its metrics port taken: fails, and leaves the embedded database free', async () => {
    const running = await serveResults(loadConfig(withoutDatabaseUrl(pipelineEnv({ databaseUrl: '', workDir, suffix: 'results-a', inbox: workDir }))));
    try {
      const port = new URL(running.metricsUrl).port;
      const config = loadConfig(withoutDatabaseUrl(pipelineEnv({ databaseUrl: '', workDir, suffix: 'results-b', inbox: workDir }, { ASSAY_METRICS_PORT: port })));
      await expect(serveResults(config)).rejects.toThrow();
      expect(embeddedDatabaseOpen(config.pgliteDir)).toBe(false);
    } finally {
      await running.close();
    }
  });
});

/** The embedded database holds its lock file while it is open (packages/db, directory-lock.ts). */
const embeddedDatabaseOpen = (dataDir: string) => existsSync(join(dataDir, 'assay.lock'));

function withoutDatabaseUrl(env: Record<string, string>): Record<string, string> {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}
