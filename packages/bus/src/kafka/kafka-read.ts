import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import type { Batch, PartitionLag } from '../bus.ts';
import { unavailable } from './kafka-errors.ts';
import { toReceivedMessage } from './received-message.ts';

/** Lag per partition: the high watermark minus the group's committed offset (or the oldest retained). */
export async function kafkaLag(admin: Admin, group: string, topics: readonly string[]): Promise<PartitionLag[]> {
  try {
    const committed = await admin.fetchOffsets({ groupId: group, topics: [...topics] });
    const lags: PartitionLag[] = [];
    for (const topic of topics) {
      const ends = await admin.fetchTopicOffsets(topic);
      const positions = committed.find((entry) => entry.topic === topic)?.partitions ?? [];
      for (const { partition, high, low } of ends) {
        const offset = positions.find((entry) => entry.partition === partition)?.offset ?? '-1';
        const from = offset === '-1' || BigInt(offset) < BigInt(low) ? BigInt(low) : BigInt(offset);
        lags.push({ topic, partition, lag: Math.max(0, Number(BigInt(high) - from)) });
      }
    }
    return lags;
  } catch (error) {
    throw unavailable(`fetch the lag of group ${group}`, error, { group, topics });
  }
}

const idleTimeoutMs = 60_000;

/**
 * Reads a topic to the end it has now with a consumer of a throwaway group that never commits: a
 * group without offsets disappears from the broker once its only member leaves.
 */
export async function kafkaRead(kafka: Kafka, admin: Admin, topic: string, onBatch: (batch: Batch) => Promise<void> | void): Promise<void> {
  let remaining: Map<number, bigint>;
  try {
    if (!(await admin.listTopics()).includes(topic)) return;
    const offsets = await admin.fetchTopicOffsets(topic);
    // The end to read to, per partition that holds anything: the offset after its last message.
    remaining = new Map(offsets.filter(({ high, low }) => BigInt(high) > BigInt(low)).map(({ partition, high }) => [partition, BigInt(high)]));
  } catch (error) {
    throw unavailable(`read the offsets of ${topic}`, error, { topic });
  }
  if (remaining.size === 0) return;
  const consumer = kafka.consumer({ groupId: `assay-read-${randomUUID()}`, maxWaitTimeInMs: 500, allowAutoTopicCreation: false });
  let idle: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      // Messages deleted by retention meanwhile would leave the end unreachable: give up rather than hang.
      const stillWaiting = () => {
        clearTimeout(idle);
        idle = setTimeout(() => reject(unavailable(`read ${topic}: nothing arrived for ${idleTimeoutMs} ms`, undefined, { topic })), idleTimeoutMs);
      };
      stillWaiting();
      consumer
        .connect()
        .then(() => consumer.subscribe({ topics: [topic], fromBeginning: true }))
        .then(() =>
          consumer.run({
            autoCommit: false,
            eachBatch: async ({ batch }) => {
              const end = remaining.get(batch.partition);
              if (end === undefined) return;
              stillWaiting();
              const messages = batch.messages.filter((message) => BigInt(message.offset) < end).map((message) => toReceivedMessage(topic, batch.partition, message));
              try {
                if (messages.length > 0) await onBatch({ topic, partition: batch.partition, messages });
              } catch (error) {
                reject(error);
                return;
              }
              if (BigInt(batch.lastOffset()) >= end - 1n) {
                remaining.delete(batch.partition);
                if (remaining.size === 0) resolve();
              }
            },
          }),
        )
        .catch((error: unknown) => reject(unavailable(`read ${topic}`, error, { topic })));
    });
  } finally {
    clearTimeout(idle);
    await consumer.disconnect().catch(() => {});
  }
}
