import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dockerAvailable, peerMissing } from './docker.ts';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Peer {
  endpoint: string;
  credentials: S3Credentials;
  stop(): Promise<void>;
}

// MinIO takes the credentials it is started with (a secret of 8 characters or more); s3rver has
// one fixed account.
const minioCredentials: S3Credentials = { accessKeyId: 'assay-test', secretAccessKey: 'assay-test-secret' };
const s3rverCredentials: S3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Finds the S3 server the tests use: S3_ENDPOINT if set (with AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY), else a testcontainers MinIO when Docker is reachable, else s3rver on a
 * loopback port keeping its objects in a temporary folder.
 */
export async function startS3Peer(): Promise<S3Peer> {
  const configured = process.env.S3_ENDPOINT;
  if (configured) {
    await checkReachable(configured);
    const credentials = {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? s3rverCredentials.accessKeyId,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? s3rverCredentials.secretAccessKey,
    };
    return { endpoint: configured, credentials, stop: async () => {} };
  }
  if (await dockerAvailable()) return startMinio();
  return startS3rver();
}

async function startMinio(): Promise<S3Peer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer('minio/minio:latest')
    .withCommand(['server', '/data'])
    .withEnvironment({ MINIO_ROOT_USER: minioCredentials.accessKeyId, MINIO_ROOT_PASSWORD: minioCredentials.secretAccessKey })
    .withExposedPorts(9000)
    .withWaitStrategy(Wait.forHttp('/minio/health/ready', 9000))
    .start();
  return {
    endpoint: `http://${container.getHost()}:${container.getMappedPort(9000)}`,
    credentials: minioCredentials,
    stop: async () => void (await container.stop()),
  };
}

/**
 * s3rver runs in a child process, started with --openssl-legacy-provider: it encrypts ListObjectsV2
 * continuation tokens with DES, which OpenSSL 3 refuses by default, so every truncated listing would
 * fail in-process. The child stops, and removes its folder, when its stdin closes, which happens
 * however this process ends.
 */
async function startS3rver(): Promise<S3Peer> {
  const directory = await mkdtemp(join(tmpdir(), 'assay-s3rver-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', s3rverMain, directory], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.stdin.end();
    const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await exited;
    clearTimeout(killer);
    await rm(directory, { recursive: true, force: true }); // in case it had to be killed
  };
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('s3rver did not listen within 10 s')), 10_000);
      child.stdout.setEncoding('utf8');
      child.stdout.once('data', (line: string) => {
        clearTimeout(timer);
        resolve(Number(line.trim()));
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited (${code}) before it listened`));
      });
    });
    return { endpoint: `http://127.0.0.1:${port}`, credentials: s3rverCredentials, stop };
  } catch (error) {
    await stop();
    peerMissing('S3 (s3rver)', (error as Error).message);
  }
}

const s3rverMain = `
const S3rver = require('s3rver');
const server = new S3rver({ port: 0, address: '127.0.0.1', directory: process.argv[1], silent: true });
server.run().then(({ port }) => process.stdout.write(port + '\\n'));
process.stdin.on('end', () =>
  server.close().finally(() => {
    require('node:fs').rmSync(process.argv[1], { recursive: true, force: true });
    process.exit(0);
  }),
);
process.stdin.resume();
`;

async function checkReachable(endpoint: string): Promise<void> {
  try {
    // Any HTTP answer, even 403, shows a server is there; credentials are the tests' business.
    await fetch(endpoint, { signal: AbortSignal.timeout(5000) });
  } catch (error) {
    peerMissing('S3', `S3_ENDPOINT=${endpoint}: ${(error as Error).message}`);
  }
}
