import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@assay/db';
import { createRng } from '@assay/generator';
import { assayCommand } from '../support/assay-command.ts';
import { createTestDatabase, type TestDatabase } from '../support/databases.ts';
import { fillMixedInbox, generateRequests, type GeneratedRequests } from '../support/mixed-inbox.ts';
import { expectOneOutcomeEach } from './support/rig.ts';

/*
 * The embedded shape (`assay run`: folder, in-process bus, embedded database) interrupted again and
 * again — SIGKILL at random moments, or SIGINT — and restarted each time: the in-process bus loses
 * what it holds with the process, so each new run must take up what the last one left, and the run
 * after the last interruption must end with every ready item holding exactly one outcome.
 */
const root = new URL('../../', import.meta.url).pathname;
/** Items of each category: a few hundred mixed items in all. */
const itemsPerCategory = 70;
/** Distinct generated requests per category that the items share. */
const requestsPerCategory = 10;
const interruptions = 4;

let workDir: string;
let requests: GeneratedRequests;
let postgres: TestDatabase;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'assay-faults-embedded-'));
  requests = await generateRequests(join(workDir, 'renders'), requestsPerCategory);
  postgres = await createTestDatabase('postgres');
}, 300_000);
afterAll(async () => {
  await postgres?.drop();
  await rm(workDir, { recursive: true, force: true });
});

interface RunProcess {
  /** Resolves with the exit code (null when killed by a signal) and what the run wrote. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>;
  /** Sends `signal` to the run's process group. */
  kill(signal: NodeJS.Signals): void;
}

/** `pnpm assay run INBOX` as a user starts it, in its own process group so nothing outlives it. */
function startRun(inbox: string, env: Record<string, string>, extraArgs: string[] = []): RunProcess {
  const assay = assayCommand();
  const child = spawn(process.execPath, [...assay.args, 'run', inbox, '--settle-seconds', '0', '--concurrency', '4', ...extraArgs], {
    env: { PATH: process.env.PATH ?? '', ...assay.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  // 'close' comes once the process has exited and its output is all read.
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, out, err })),
  );
  return { exited, kill: (signal) => process.kill(-child.pid!, signal) };
}

function importCatalog(env: Record<string, string>): void {
  const assay = assayCommand();
  const imported = spawnSync(process.execPath, [...assay.args, 'catalog', 'import', join(root, 'catalog/sample')], {
    env: { PATH: process.env.PATH ?? '', ...assay.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  expect(imported.status, imported.stderr).toBe(0);
}

/** Runs `assay run` to its end, undisturbed, and returns its JSON summary. */
async function finishRun(inbox: string, env: Record<string, string>) {
  const run = startRun(inbox, env, ['--json']);
  const { code, out, err } = await run.exited;
  expect(code, err).toBe(0);
  return JSON.parse(out.trim()) as { items: number; resumed: number; stopped: boolean; failed: number };
}

describe('fault: assay run interrupted and run again', () => {
  it(`SIGKILLed at random moments ${interruptions} times over ${itemsPerCategory * 3} mixed items on the embedded database: each item ends with one outcome`, async () => {
    const inbox = join(workDir, 'kill', 'inbox');
    const itemKeys = await fillMixedInbox(inbox, requests, itemsPerCategory, 'kill');
    const env = { ASSAY_DATA_DIR: join(workDir, 'kill', 'data') };
    importCatalog(env);
    // The moments are drawn from a seed, printed so a failing run can be repeated.
    const seed = Number(process.env.FAULT_SEED ?? Date.now() % 100_000);
    const rng = createRng(seed);
    const moments: number[] = [];
    for (let i = 0; i < interruptions; i++) {
      // From the engine still loading (about 3 s on this machine) to well into the assessing.
      const afterMs = rng.int(1_000, 20_000);
      moments.push(afterMs);
      const run = startRun(inbox, env);
      const timer = setTimeout(() => run.kill('SIGKILL'), afterMs);
      const { signal, code, err } = await run.exited;
      clearTimeout(timer);
      // A run that finished before its moment came is fine too; one that failed is not.
      expect(signal === 'SIGKILL' || code === 0, `run ${i + 1}: ${err}`).toBe(true);
    }
    console.info(`fault embedded SIGKILL: seed ${seed}, killed after ${moments.join(', ')} ms`);
    const last = await finishRun(inbox, env);
    expect(last.stopped).toBe(false);
    // The embedded database opens after every kill, and what it holds is whole.
    const handle: DatabaseHandle = await openDatabase({ dataDir: join(workDir, 'kill', 'data', 'pglite') });
    try {
      await expectOneOutcomeEach(handle, itemKeys, (result) => Boolean(result.error?.code));
    } finally {
      await handle.close();
    }
  }, 900_000);

  it(`stopped with SIGINT ${interruptions - 1} times on PostgreSQL: each stop says what is pending, the next run finishes it`, async () => {
    const inbox = join(workDir, 'sigint', 'inbox');
    const itemKeys = await fillMixedInbox(inbox, requests, itemsPerCategory, 'sigint');
    const env = { ASSAY_DATA_DIR: join(workDir, 'sigint', 'data'), DATABASE_URL: postgres.url!, ASSAY_SHUTDOWN_TIMEOUT_MS: '20000' };
    importCatalog(env);
    let stoppedRuns = 0;
    for (let i = 0; i < interruptions - 1; i++) {
      const run = startRun(inbox, env);
      // Stopped while it is assessing: the engine loads in about 3 s on this machine.
      const timer = setTimeout(() => run.kill('SIGINT'), 8_000);
      const { code, err } = await run.exited;
      clearTimeout(timer);
      if (code === 0) break;
      stoppedRuns++;
      expect(code, err).toBe(130);
      expect(err).toMatch(/run [0-9a-f-]{36} started on /);
      expect(err).toMatch(/stopped: \d+ done, \d+ pending — run again to finish/);
    }
    expect(stoppedRuns).toBeGreaterThan(0);
    const last = await finishRun(inbox, env);
    expect(last.stopped).toBe(false);
    await expectOneOutcomeEach(postgres.handle, itemKeys, (result) => Boolean(result.error?.code));
  }, 900_000);
});
