import type { TestProject } from 'vitest/node';
import { startKafkaPeer } from './support/kafka-peer.ts';
import { startPostgresPeer } from './support/postgres-peer.ts';
import { startS3Peer, type S3Credentials } from './support/s3-peer.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** Comma-separated host:port list of the Kafka peer. */
    kafkaBrokers: string;
    s3Endpoint: string;
    s3Credentials: S3Credentials;
  }
}

/** Starts (or finds) the real peers once for the whole run and hands their addresses to the tests. */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled([startPostgresPeer(), startKafkaPeer(), startS3Peer()]);
  const stopAll = async () => {
    await Promise.allSettled(started.map((peer) => (peer.status === 'fulfilled' ? peer.value.stop() : undefined)));
  };
  const [postgres, kafka, s3] = started;
  if (postgres.status === 'rejected' || kafka.status === 'rejected' || s3.status === 'rejected') {
    // Peers that did start (a kcat child, say) must not outlive a failed setup.
    await stopAll();
    throw started.find((peer) => peer.status === 'rejected')?.reason;
  }
  project.provide('postgresAdminUrl', postgres.value.url);
  project.provide('kafkaBrokers', kafka.value.brokers);
  project.provide('s3Endpoint', s3.value.endpoint);
  project.provide('s3Credentials', s3.value.credentials);
  return stopAll;
}
