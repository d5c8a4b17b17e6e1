import type { TestProject } from 'vitest/node';
import { startPostgresPeer } from './support/postgres-peer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

/** Starts (or finds) the real peers once for the whole run and hands their addresses to the tests. */
export default async function setup(project: TestProject) {
  const postgres = await startPostgresPeer();
  project.provide('postgresAdminUrl', postgres.url);
  return async () => {
    await postgres.stop();
  };
}
