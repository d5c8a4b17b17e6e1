import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPipelineRepository } from '@assay/db';
import { hideMachineCredentials, s3PeerSettings } from '@assay/bucket/test-support';
import { createTestDatabase, type TestDatabase } from '../../../test/support/databases.ts';
import { freePort } from '../../../test/support/free-port.ts';
import { runAssay } from '../../../test/support/cli.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('postgres');
  process.env.DATABASE_URL = database.url;
  process.env.ASSAY_DATA_DIR = await mkdtemp(join(tmpdir(), 'assay-cli-'));
});
afterAll(async () => {
  delete process.env.DATABASE_URL;
  await rm(process.env.ASSAY_DATA_DIR!, { recursive: true, force: true });
  delete process.env.ASSAY_DATA_DIR;
  await database.drop();
});

const cli = runAssay;

describe('assay CLI', () => {
  it('creates a key once, lists it without its secret, and revokes it', async () => {
    const created = await cli('keys', 'create', '--org', 'cli-org', '--enable', 'coins.identity,coins.grade', '--json');
    expect(created.code).toBe(0);
    const line = JSON.parse(created.out.trim());
    expect(line).toEqual({ api_key: expect.stringMatching(/^assay_/), key_id: expect.any(String), org: 'cli-org', operations: ['coins.identity', 'coins.grade'] });
    expect(created.out.trim().split('\n')).toHaveLength(1);

    const listed = await cli('keys', 'list', '--json');
    const keys = JSON.parse(listed.out);
    expect(keys).toEqual(expect.arrayContaining([expect.objectContaining({ key_id: line.key_id, org: 'cli-org', revoked_at: null })]));
    expect(listed.out).not.toContain(line.api_key.split('_').slice(2).join('_'));

    expect((await cli('keys', 'revoke', line.key_id)).code).toBe(0);
    expect((await cli('keys', 'revoke', line.key_id)).code).toBe(1);
    const table = await cli('keys', 'list');
    expect(table.out).toMatch(new RegExp(`${line.key_id}\\tcli-org\\trevoked`));
  });

  it('explains usage mistakes with exit code 2 and bad values with exit code 1', async () => {
    expect((await cli('keys', 'create', '--org', 'x')).code).toBe(2);
    expect((await cli('keys', 'explode')).code).toBe(2);
    expect((await cli('frobnicate')).code).toBe(2);
    const unknownOp = await cli('keys', 'create', '--org', 'x', '--enable', 'coins.flip');
    expect(unknownOp.code).toBe(1);
    expect(unknownOp.err).toContain('coins.flip');
  });

  it('migrates idempotently', async () => {
    expect((await cli('migrate')).code).toBe(0);
    expect((await cli('migrate')).code).toBe(0);
  });

  it('runs as `assay` from the command line', async () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [main, 'keys', 'create', '--org', 'proc-org', '--enable', 'toys.identity', '--json'], {
      env: { ...process.env, DATABASE_URL: database.url },
    });
    expect(JSON.parse(stdout).org).toBe('proc-org');
  });

  it('imports a catalog as a new version and lists it; a broken catalog names its problems', async () => {
    const sample = fileURLToPath(new URL('../../../catalog/sample', import.meta.url));
    const imported = await cli('catalog', 'import', sample, '--json');
    expect(imported.code).toBe(0);
    const summary = JSON.parse(imported.out);
    expect(summary).toMatchObject({ version: expect.any(Number), entries: { cards: expect.any(Number), coins: expect.any(Number), toys: expect.any(Number) } });
    const listed = JSON.parse((await cli('catalog', 'list', '--json')).out);
    expect(listed[0]).toMatchObject({ version: summary.version, source: sample });
    const broken = await cli('catalog', 'import', '/nonexistent-catalog');
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('catalog.json: missing');
    expect((await cli('catalog', 'import')).code).toBe(2);
    // Importing computes every entry's features: half a minute on two busy cores.
  }, 120_000);

  it('generates labelled card photos of a catalog', async () => {
    const { mkdtemp, readdir, readFile, rm } = await import('node:fs/promises');
    const out = await mkdtemp('/tmp/assay-generate-');
    try {
      const sample = fileURLToPath(new URL('../../../catalog/sample', import.meta.url));
      const result = await cli('generate', 'cards', '--catalog', sample, '--out', out, '--seed', '1201', '--count', '2');
      expect(result.code, result.err).toBe(0);
      const truth = JSON.parse(await readFile(`${out}/truth.json`, 'utf8'));
      expect(truth).toHaveLength(2);
      const photos = truth.flatMap((request: { photos: { file: string }[] }) => request.photos.map((p) => p.file));
      expect((await readdir(out)).sort()).toEqual([...photos, 'truth.json'].sort());
      expect((await cli('generate', 'cards', '--out', out)).code).toBe(2);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('runs the sample batch: every item gets one outcome, a second run finds nothing new, results export', async () => {
    const inbox = fileURLToPath(new URL('../../../examples/inbox', import.meta.url));
    const first = await cli('run', inbox, '--json');
    expect(first.code, first.err).toBe(0);
    const summary = JSON.parse(first.out);
    expect(summary).toMatchObject({ items: 10, failed: 0, rejected: 1 });
    expect(summary.assessed).toBe(9);
    expect(JSON.parse((await cli('run', inbox, '--json')).out)).toMatchObject({ items: 0 });

    const exported = JSON.parse((await cli('results', '--run', summary.run_id)).out);
    expect(exported).toHaveLength(10);
    const messy = exported.find((r: { item_key: string }) => r.item_key === 'cards/listing-messy');
    expect(messy.issues.map((i: { code: string }) => i.code)).toEqual(expect.arrayContaining(['FILE_NOT_IMAGE', 'FILE_EMPTY']));
    const broken = exported.find((r: { item_key: string }) => r.item_key === 'cards/listing-broken');
    expect(broken).toMatchObject({ outcome: 'rejected', assessment: null });
    expect(broken.issues.map((i: { code: string }) => i.code)).toEqual(expect.arrayContaining(['ITEM_JSON_INVALID', 'FILE_REJECTED']));
    const csv = (await cli('results', '--format', 'csv')).out.split('\r\n');
    const header = 'item_key,category,external_id,outcome,assessment_id,identity,grade,centering_front_left_right,centering_front_top_bottom,centering_back_left_right,centering_back_top_bottom,issue_codes,error';
    expect(csv[0]).toBe(header);
    expect(csv.filter(Boolean)).toHaveLength(11);
    // A graded card's row carries its measured centering, front and back.
    const graded = csv.slice(1).map((row) => row.split(',')).filter((cells) => cells[1] === 'cards' && cells[6] !== '');
    expect(graded.length).toBeGreaterThan(0);
    for (const cells of graded) for (const ratio of cells.slice(7, 11)) expect(ratio).toMatch(/^\d{1,3}\/\d{1,3}$/);
    expect((await cli('run')).code).toBe(2);
    expect((await cli('run', 'examples/inbox', '--workers', '1.5')).code).toBe(2);

    // Reprocessing assesses the selected items again and keeps what came before as history.
    const again = await cli('reprocess', '--run', summary.run_id, '--json');
    expect(again.code, again.err).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ items: 10, assessed: 9, rejected: 1, failed: 0, missing: [] });
    expect(JSON.parse((await cli('reprocess', '--category', 'coins', '--json')).out)).toMatchObject({ items: 0 });
    const current = JSON.parse((await cli('results')).out);
    expect(current).toHaveLength(10);
    expect(await createPipelineRepository(database.handle.db).history('local', 'cards/listing-001')).toHaveLength(2);
    expect((await cli('reprocess', '--below-confidence', '7')).code).toBe(2);
    expect((await cli('reprocess', '--since', 'yesterday-ish')).code).toBe(2);
  }, 180_000);

  it('accounts for every folder: misplaced ones are named in the summary and the export, with the layout expected', async () => {
    const { cp, mkdir, writeFile } = await import('node:fs/promises');
    const listing = fileURLToPath(new URL('../../../examples/inbox/cards/listing-001', import.meta.url));
    const inbox = await mkdtemp(join(tmpdir(), 'assay-cli-layout-'));
    try {
      await cp(listing, join(inbox, 'cards', 'good'), { recursive: true });
      await cp(listing, join(inbox, 'Cards', 'upper'), { recursive: true });
      await cp(listing, join(inbox, 'cards', 'batch', 'deeper'), { recursive: true });
      await mkdir(join(inbox, 'coin'), { recursive: true });
      await writeFile(join(inbox, 'cards', 'loose.jpg'), 'not even a photo');
      const run = await cli('run', inbox, '--settle-seconds', '0');
      expect(run.code, run.err).toBe(0);
      expect(run.err).toMatch(/run [0-9a-f-]{36} started on /);
      expect(run.out).toMatch(/1 items in/);
      expect(run.out).toMatch(/Cards\/ is not a category folder, so its \d+ files are not assessed: rename it to cards\//);
      expect(run.out).toMatch(/1 file lies directly in cards\/, not assessed/);
      expect(run.out).toMatch(/cards\/batch\/ holds subfolders/);
      const runId = /run ([0-9a-f-]{36}):/.exec(run.out)![1]!;
      const exported = JSON.parse((await cli('results', '--run', runId)).out) as { item_key: string; outcome: string; issues: { code: string }[] }[];
      expect(exported.map((row) => [row.item_key, row.outcome, row.issues[0]?.code ?? null])).toEqual(
        expect.arrayContaining([
          ['cards/good', 'assessed', expect.anything()],
          ['Cards/', 'not_an_item', 'LAYOUT_UNKNOWN_CATEGORY'],
          ['cards/', 'not_an_item', 'LAYOUT_LOOSE_FILES'],
          ['cards/batch/', 'not_an_item', 'LAYOUT_NESTED_FOLDERS'],
        ]),
      );
      expect(exported).toHaveLength(4);
      const csv = (await cli('results', '--run', runId, '--format', 'csv')).out;
      expect(csv).toContain('Cards/,,,not_an_item,,,,,,,,LAYOUT_UNKNOWN_CATEGORY,');
    } finally {
      await rm(inbox, { recursive: true, force: true });
    }
  }, 120_000);

  it('exits non-zero when items failed, unless their share is within --max-failed-percent', async () => {
    const { cp } = await import('node:fs/promises');
    const listing = fileURLToPath(new URL('../../../examples/inbox/cards/listing-002', import.meta.url));
    // An organization without the card operations: its card items fail (and are kept as failed).
    expect((await cli('keys', 'create', '--org', 'coins-only', '--enable', 'coins.identity')).code).toBe(0);
    const work = await mkdtemp(join(tmpdir(), 'assay-cli-failed-'));
    try {
      for (const location of ['strict', 'tolerant']) await cp(listing, join(work, location, 'cards', 'one'), { recursive: true });
      const strict = await cli('run', join(work, 'strict'), '--org', 'coins-only', '--json');
      expect(JSON.parse(strict.out)).toMatchObject({ items: 1, failed: 1 });
      expect(strict.code).toBe(1);
      const tolerant = await cli('run', join(work, 'tolerant'), '--org', 'coins-only', '--json', '--max-failed-percent', '100');
      expect(JSON.parse(tolerant.out)).toMatchObject({ items: 1, failed: 1 });
      expect(tolerant.code).toBe(0);
      expect((await cli('run', join(work, 'strict'), '--max-failed-percent', '101')).code).toBe(2);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('assay run on an S3 bucket it cannot use', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  // Each case's environment, on top of one without any credentials of the machine's.
  const onPeer = () => ({ S3_ENDPOINT: s3PeerSettings().endpoint });
  const peerKeys = () => ({ AWS_ACCESS_KEY_ID: s3PeerSettings().accessKeyId, AWS_SECRET_ACCESS_KEY: s3PeerSettings().secretAccessKey });
  const cases = [
    { reason: 'BUCKET_NOT_FOUND', exit: 66, env: async () => ({ ...onPeer(), ...peerKeys() }), says: 'the bucket assay-test-cli-missing does not exist' },
    { reason: 'BUCKET_ACCESS_DENIED', exit: 77, env: async () => ({ ...onPeer(), ...peerKeys(), AWS_ACCESS_KEY_ID: 'ASSAYTESTUNKNOWNKEY' }), says: '(InvalidAccessKeyId): the server knows no such access key: check AWS_ACCESS_KEY_ID' },
    { reason: 'BUCKET_CREDENTIALS_MISSING', exit: 78, env: async () => onPeer(), says: 'set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY' },
    { reason: 'BUCKET_UNREACHABLE', exit: 75, env: async () => ({ S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`, ...peerKeys() }), says: 'could not be reached' },
  ];

  it.each(cases)(
    'exits $exit and says what to mend when the bucket fails with $reason',
    async ({ reason, exit, env, says }) => {
      hideMachineCredentials();
      for (const [name, value] of Object.entries(await env())) vi.stubEnv(name, value);
      const run = await runAssay('run', 's3://assay-test-cli-missing/inbox', '--json');
      expect(run.code, run.err).toBe(exit);
      expect(run.out).toBe('');
      expect(run.err).toContain(says);
      expect(run.err).toContain('see Configuration in the README');
      // After the line naming the run, the failure is the last word; the engine never started.
      expect(run.err.trim().split('\n').at(-1)).toMatch(new RegExp(`^assay run: .+ \\(UNAVAILABLE: ${reason}\\)$`));
      expect(run.err).not.toContain('opening the database');
    },
  );
});
