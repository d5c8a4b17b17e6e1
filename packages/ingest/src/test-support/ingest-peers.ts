import { randomBytes, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { createKafkaBus, createMemoryBus, type Bus, type ReceivedMessage } from '@assay/bus';
import type { ItemDiscovered } from '@assay/contract';
import { openTestBucket, type TestBucket } from '@assay/bucket/test-support';
import type { DatabaseKind } from '../../../../test/support/databases.ts';

export type BucketKind = 'folder' | 's3';
export type BusKind = 'memory' | 'kafka';

/** One combination of real adapters the integration suite runs against. */
export interface PeerSetup {
  bucket: BucketKind;
  bus: BusKind;
  database: DatabaseKind;
}

// Each adapter at least once, Kafka and S3 together (the production pair), without the full
// cross product: two cores are shared with heavier suites.
export const peerSetups: PeerSetup[] = [
  { bucket: 'folder', bus: 'memory', database: 'postgres' },
  { bucket: 's3', bus: 'kafka', database: 'postgres' },
  { bucket: 'folder', bus: 'memory', database: 'pglite' },
];

export function openBus(kind: BusKind): Bus {
  if (kind === 'memory') return createMemoryBus({ partitions: 4, retryDelayMs: 100 });
  return createKafkaBus({
    brokers: inject('kafkaBrokers').split(','),
    clientId: 'assay-ingest-test',
    partitions: 4,
    // Short sessions: the mock cluster waits out (session timeout - 1 s) before a rebalance completes.
    sessionTimeoutMs: process.env.KAFKA_BROKERS ? 6000 : 3000,
    heartbeatIntervalMs: 300,
    rebalanceTimeoutMs: 10_000,
    retryDelayMs: 100,
  });
}

export function openBucket(kind: BucketKind): Promise<TestBucket> {
  return openTestBucket(kind);
}

export const unique = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

/** A JPEG as far as sniffing goes: its magic bytes, then bytes unique to this call (a unique ETag). */
export const jpeg = () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(32)]);

/** A bus that also keeps the events published through it, for assertions. */
export function recordingBus(bus: Bus): { bus: Bus; events: ItemDiscovered[] } {
  const events: ItemDiscovered[] = [];
  return {
    events,
    bus: {
      async publish(topic, messages) {
        await bus.publish(topic, messages);
        events.push(...messages.map((message) => JSON.parse(message.value.toString()) as ItemDiscovered));
      },
      subscribe: (options) => bus.subscribe(options),
      ready: () => bus.ready(),
      lag: (group, topics) => bus.lag(group, topics),
      read: (topic, onBatch) => bus.read(topic, onBatch),
      close: () => bus.close(),
    },
  };
}

/** Consumes `topic` from its start until `count` messages have arrived (or the time runs out). */
export async function consume(bus: Bus, topic: string, count: number, timeoutMs = 20_000): Promise<ReceivedMessage[]> {
  const received: ReceivedMessage[] = [];
  let done!: () => void;
  const arrived = new Promise<void>((resolve) => (done = resolve));
  const subscription = await bus.subscribe({
    group: unique('ingest-test'),
    topics: [topic],
    handler: async (batch) => {
      received.push(...batch.messages);
      if (received.length >= count) done();
    },
  });
  try {
    if (received.length < count) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([arrived, timeout]);
      clearTimeout(timer);
    }
    return received;
  } finally {
    await subscription.close();
  }
}
