import { setTimeout as sleep } from 'node:timers/promises';
import type { EachBatchPayload, Kafka } from 'kafkajs';
import { indexInBatch } from '../batch-message.ts';
import type { Batch, BatchContext, BusLogger, SubscribeOptions, Subscription, TopicPartition } from '../bus.ts';
import { isGroupChange, unavailable } from './kafka-errors.ts';
import { nextOffset, toReceivedMessage } from './received-message.ts';

export interface GroupTimings {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  rebalanceTimeoutMs: number;
  retryDelayMs: number;
}

/**
 * One kafkajs consumer per subscription, run with `autoCommit: false` and manual offset
 * resolution: kafkajs then fetches a partition again from the first offset not resolved, which is
 * how a failed or abandoned batch is redelivered, and an offset is committed only once the
 * handler says its outcome is done.
 */
export async function createKafkaSubscription(kafka: Kafka, options: SubscribeOptions, timings: GroupTimings, log: BusLogger): Promise<Subscription> {
  const { group, handler } = options;
  const topics = [...options.topics];
  const consumer = kafka.consumer({
    groupId: group,
    sessionTimeout: timings.sessionTimeoutMs,
    heartbeatInterval: timings.heartbeatIntervalMs,
    rebalanceTimeout: timings.rebalanceTimeoutMs,
    // kafkajs heartbeats only between fetches, so an idle fetch must not outlast a heartbeat interval.
    maxWaitTimeInMs: timings.heartbeatIntervalMs,
    allowAutoTopicCreation: true,
  });
  const inFlight = new Set<AbortController>();
  let assignment: TopicPartition[] = [];
  let paused = false;
  let closing: Promise<void> | undefined;

  const joined = new Promise<void>((resolve, reject) => {
    consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
      assignment = Object.entries(payload.memberAssignment).flatMap(([topic, partitions]) => partitions.map((partition) => ({ topic, partition })));
      resolve();
    });
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      log('error', payload.restart ? 'a consumer failed and restarts' : 'a consumer failed and stopped', { group, error: payload.error });
      reject(payload.error);
    });
  });
  // The eager protocol takes every partition away at the start of a rebalance.
  consumer.on(consumer.events.REBALANCING, () => {
    assignment = [];
  });

  async function handleBatch(payload: EachBatchPayload): Promise<void> {
    // Leaving the batch unresolved makes kafkajs fetch it again after resume(), or makes it the
    // next owner's after close().
    if (paused || closing) return;
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      await deliver(payload, controller);
    } finally {
      inFlight.delete(controller);
    }
  }

  async function deliver(payload: EachBatchPayload, controller: AbortController): Promise<void> {
    const { topic, partition } = payload.batch;
    const batch: Batch = { topic, partition, messages: payload.batch.messages.map((message) => toReceivedMessage(topic, partition, message)) };
    const where = { group, topic, partition };
    const commitThrough = async (offset: string) => {
      payload.resolveOffset(offset);
      try {
        await payload.commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset: nextOffset(offset) }] }] });
      } catch (error) {
        if (isGroupChange(error)) controller.abort(new Error('the group is rebalancing'));
        throw unavailable('commit offsets', error, { ...where, offset });
      }
    };
    let open = true;
    const context: BatchContext = {
      signal: controller.signal,
      heartbeat: async () => {
        try {
          await payload.heartbeat();
        } catch (error) {
          if (isGroupChange(error)) controller.abort(new Error('the group is rebalancing'));
          else log('warn', 'a heartbeat failed', { ...where, error });
        }
      },
      commit: async (message) => {
        indexInBatch(batch, message);
        if (!open) throw new RangeError('commit() after the handler settled: the batch is over');
        await commitThrough(message.offset);
      },
    };

    let failure: { error: unknown } | undefined;
    try {
      await handler(batch, context);
    } catch (error) {
      failure = { error };
    } finally {
      open = false;
    }
    if (!failure) {
      const last = batch.messages.at(-1);
      if (last) await commitThrough(last.offset).catch((error: unknown) => log('warn', 'a handled batch could not be committed and may be delivered again', { ...where, error }));
      return;
    }
    if (controller.signal.aborted) return;
    log('error', 'a batch handler failed; the partition is delivered again after a delay', { ...where, offset: batch.messages[0]?.offset, error: failure.error });
    // Wait in heartbeat-sized steps, so that the delay never costs this member its partitions.
    const until = Date.now() + timings.retryDelayMs;
    while (!controller.signal.aborted && Date.now() < until) {
      await sleep(Math.min(timings.heartbeatIntervalMs, until - Date.now()), undefined, { signal: controller.signal }).catch(() => {});
      await context.heartbeat();
    }
  }

  try {
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: options.concurrency ?? 1,
      eachBatch: handleBatch,
    });
    await joined;
  } catch (error) {
    await consumer.disconnect().catch(() => {});
    throw unavailable(`join group ${group}`, error, { group, topics });
  }

  return {
    assignment: () => [...assignment],
    pause() {
      paused = true;
      consumer.pause(topics.map((topic) => ({ topic })));
    },
    resume() {
      paused = false;
      consumer.resume(topics.map((topic) => ({ topic })));
    },
    close: () =>
      (closing ??= (async () => {
        for (const controller of inFlight) controller.abort(new Error('the subscription is closing'));
        try {
          // Waits for the batches in flight, then leaves the group so the others take over at once.
          await consumer.disconnect();
        } catch (error) {
          log('warn', 'a consumer did not leave its group cleanly; its partitions move after the session timeout', { group, error });
        }
        assignment = [];
      })()),
  };
}
