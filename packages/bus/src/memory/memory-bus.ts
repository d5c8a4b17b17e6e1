import { trackSubscription } from '../tracked-subscription.ts';
import type { Bus, BusLogger, Subscription } from '../bus.ts';
import { busClosed } from '../closed-error.ts';
import { assertSubscribeOptions, assertTopicName } from '../validate.ts';
import { MemoryGroup } from './memory-group.ts';
import { partitionForKey } from './partition-for-key.ts';
import { PartitionLog } from './partition-log.ts';

export interface MemoryBusOptions {
  /** Partitions of every topic (default 4): the most members of one group that get work. */
  partitions?: number;
  /** Most messages in one batch (default 100). */
  maxBatchSize?: number;
  /** Pause before a partition whose handler failed is delivered again (default 1000 ms). */
  retryDelayMs?: number;
  log?: BusLogger;
}

/**
 * The bus inside one process, for the embedded one-machine setup and for tests: Kafka's semantics
 * (partitions by key, groups sharing partitions, commits, redelivery of what was not committed)
 * without durability — messages live as long as the process. A partition's messages are dropped
 * once every group that ever consumed the topic has committed past them.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): Bus {
  const partitions = options.partitions ?? 4;
  const log = options.log ?? (() => {});
  const topics = new Map<string, PartitionLog[]>();
  const groups = new Map<string, MemoryGroup>();
  const subscriptions = new Set<Subscription>();
  let closed = false;

  function partitionsOf(topic: string): PartitionLog[] {
    let logs = topics.get(topic);
    if (!logs) {
      logs = Array.from({ length: partitions }, () => new PartitionLog());
      topics.set(topic, logs);
    }
    return logs;
  }

  function dropConsumed(topic: string, partition: number): void {
    const positions = [...groups.values()].flatMap((group) => group.position(topic, partition) ?? []);
    if (positions.length === 0) return;
    partitionsOf(topic)[partition]?.dropBefore(Math.min(...positions));
  }

  function groupFor(id: string): MemoryGroup {
    let group = groups.get(id);
    if (!group) {
      group = new MemoryGroup(id, {
        maxBatchSize: options.maxBatchSize ?? 100,
        retryDelayMs: options.retryDelayMs ?? 1000,
        log,
        partitionsOf,
        committed: dropConsumed,
      });
      groups.set(id, group);
    }
    return group;
  }

  return {
    async publish(topic, messages) {
      assertTopicName(topic);
      if (closed) throw busClosed();
      const logs = partitionsOf(topic);
      const timestamp = new Date();
      for (const message of messages) {
        logs[partitionForKey(message.key, partitions)]?.append({
          key: message.key,
          value: typeof message.value === 'string' ? Buffer.from(message.value, 'utf8') : Buffer.from(message.value),
          headers: { ...message.headers },
          timestamp,
        });
      }
    },

    async subscribe(subscribeOptions) {
      assertSubscribeOptions(subscribeOptions);
      if (closed) throw busClosed();
      const joined = groupFor(subscribeOptions.group).join(subscribeOptions);
      return trackSubscription(joined, subscriptions);
    },

    async ready() {
      if (closed) throw busClosed();
    },

    async lag(group, topicNames) {
      if (closed) throw busClosed();
      return topicNames.flatMap((topic) =>
        (topics.get(topic) ?? []).map((log, partition) => ({
          topic,
          partition,
          lag: log.end - Math.max(log.start, groups.get(group)?.position(topic, partition) ?? log.start),
        })),
      );
    },

    async read(topic, onBatch) {
      assertTopicName(topic);
      if (closed) throw busClosed();
      const logs = topics.get(topic) ?? [];
      for (const [partition, log] of logs.entries()) {
        const end = log.end;
        for (let offset = log.start; offset < end; ) {
          const read = log.read(offset, Math.min(options.maxBatchSize ?? 100, end - offset));
          if (read.length === 0) break;
          offset = read.at(-1)!.offset + 1;
          await onBatch({
            topic,
            partition,
            messages: read.map(({ offset: at, message }) => ({ topic, partition, offset: String(at), key: message.key, value: Buffer.from(message.value), headers: { ...message.headers }, timestamp: message.timestamp })),
          });
        }
      }
    },

    async close() {
      closed = true;
      await Promise.all([...subscriptions].map((subscription) => subscription.close()));
      for (const group of groups.values()) group.stop();
    },
  };
}
