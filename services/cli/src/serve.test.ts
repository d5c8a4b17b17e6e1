import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradientPng } from '../../../test/support/images.ts';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));
let dataDir: string;
let slowServer: Server;
let slowUrl: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'assay-serve-'));
  const png = await gradientPng();
  // An image host that takes a second to answer: the upload is in flight when SIGTERM arrives.
  slowServer = createServer((_req, res) => setTimeout(() => res.writeHead(200).end(png), 1000));
  await new Promise<void>((resolve) => slowServer.listen(0, '127.0.0.1', resolve));
  slowUrl = `http://127.0.0.1:${(slowServer.address() as AddressInfo).port}/slow.png`;
});
afterAll(async () => {
  slowServer.close();
  await rm(dataDir, { recursive: true, force: true });
});

function env(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, ASSAY_DATA_DIR: dataDir, ASSAY_ALLOW_PRIVATE_URLS: '1', LOG_LEVEL: 'info' };
}

async function startServer(): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [main, 'serve', 'api', '--host', '127.0.0.1', '--port', '0'], { env: env() });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk) => {
      err += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(err);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${err}`)));
  });
  return { child, url, exited };
}

describe('assay serve api', () => {
  // Three process starts on a fresh embedded database (the first imports the catalog): slow on a busy machine.
  it('finishes in-flight requests on SIGTERM, exits 0 and releases the embedded database', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [main, 'keys', 'create', '--org', 'serve', '--enable', 'coins.grade', '--json'], { env: env() });
    const apiKey = JSON.parse(stdout).api_key as string;
    const { child, url, exited } = await startServer();
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    const inFlight = fetch(`${url}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: slowUrl }),
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite', 'assay.lock'))).toBe(false);
  }, 120_000);

  it('refuses a bad port with a usage error', async () => {
    const result = await promisify(execFile)(process.execPath, [main, 'serve', 'api', '--port', 'eighty'], { env: env() }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--port');
  });
});
