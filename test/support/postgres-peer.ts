import pg from 'pg';
import { dockerAvailable, peerMissing } from './docker.ts';

const localDefault = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Finds the PostgreSQL server the tests use: TEST_DATABASE_URL or DATABASE_URL if set, else a
 * testcontainers PostgreSQL when Docker is reachable, else the machine's own server on 5432.
 * Returns an admin URL (a database tests may create other databases from) and a stop function.
 */
export async function startPostgresPeer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const configured = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!configured && (await dockerAvailable())) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    const url = `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
    return { url, stop: async () => void (await container.stop()) };
  }
  const url = configured ?? localDefault;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    peerMissing('PostgreSQL', `${redactUrl(url)}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
  return { url, stop: async () => {} };
}

function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
}
