import type { EachBatchPayload, Kafka } from 'kafkajs';
import type { BusLogger, SubscribeOptions, Subscription, TopicPartition } from '../bus.ts';
import { deliverKafkaBatch } from './kafka-batch.ts';
import { unavailable } from './kafka-errors.ts';

export interface GroupTimings {
  sessionTimeoutMs: number;
  heartbeatIntervalMs: number;
  rebalanceTimeoutMs: number;
  retryDelayMs: number;
}

const maxRestartDelayMs = 30_000;

/**
 * One kafkajs consumer per subscription, run with `autoCommit: false` and manual offset resolution
 * (see `deliverKafkaBatch`). kafkajs restarts a consumer after retriable failures only; after any
 * other failure this restarts it too, with growing delays, so that a subscription never dies
 * silently. (librdkafka's mock cluster, for one, answers a follower's late SyncGroup with the
 * non-retriable INVALID_REQUEST.)
 */
export async function createKafkaSubscription(kafka: Kafka, options: SubscribeOptions, timings: GroupTimings, log: BusLogger): Promise<Subscription> {
  const { group } = options;
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
  const batchSettings = { group, handler: options.handler, heartbeatIntervalMs: timings.heartbeatIntervalMs, retryDelayMs: timings.retryDelayMs, log };
  const inFlight = new Set<AbortController>();
  let assignment: TopicPartition[] = [];
  let paused = false;
  let closing: Promise<void> | undefined;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  let onJoin: (() => void) | undefined;

  const applyPause = () => {
    const partitions = topics.map((topic) => ({ topic }));
    try {
      if (paused) consumer.pause(partitions);
      else consumer.resume(partitions);
    } catch {
      // Between a crash and its restart there is no consumer group to pause; GROUP_JOIN applies it.
    }
  };

  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    assignment = Object.entries(payload.memberAssignment).flatMap(([topic, partitions]) => partitions.map((partition) => ({ topic, partition })));
    restarts = 0;
    if (paused) applyPause(); // a restarted consumer starts unpaused
    onJoin?.();
  });
  // The eager protocol takes every partition away at the start of a rebalance.
  consumer.on(consumer.events.REBALANCING, () => {
    assignment = [];
  });
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    assignment = [];
    if (closing) return;
    log('error', 'a consumer failed and restarts', { group, error: payload.error });
    if (!payload.restart) scheduleRestart();
  });

  async function handleBatch(payload: EachBatchPayload): Promise<void> {
    // Left unresolved, the batch is fetched again after resume(), or by the next owner after close().
    if (paused || closing) return;
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      await deliverKafkaBatch(payload, controller, batchSettings);
    } finally {
      inFlight.delete(controller);
    }
  }

  async function start(): Promise<void> {
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.run({ autoCommit: false, eachBatchAutoResolve: false, partitionsConsumedConcurrently: options.concurrency ?? 1, eachBatch: handleBatch });
  }

  function scheduleRestart(): void {
    const delay = Math.min(timings.retryDelayMs * 2 ** restarts++, maxRestartDelayMs);
    clearTimeout(restartTimer);
    restartTimer = setTimeout(() => {
      if (closing) return;
      start()
        // A close() that came while this was starting has already returned; leave the group now.
        .then(() => (closing ? consumer.disconnect() : undefined))
        .catch((error: unknown) => {
          log('error', 'a consumer could not restart', { group, error });
          scheduleRestart();
        });
    }, delay);
  }

  async function close(): Promise<void> {
    clearTimeout(restartTimer);
    for (const controller of inFlight) controller.abort(new Error('the subscription is closing'));
    try {
      // Waits for the batches in flight, then leaves the group so the others take over at once.
      await consumer.disconnect();
    } catch (error) {
      log('warn', 'a consumer did not leave its group cleanly; its partitions move after the session timeout', { group, error });
    }
    assignment = [];
  }

  const joined = new Promise<void>((resolve) => (onJoin = resolve));
  try {
    await start();
  } catch (error) {
    await consumer.disconnect().catch(() => {});
    throw unavailable(`join group ${group}`, error, { group, topics });
  }
  const joinTimeoutMs = timings.sessionTimeoutMs + timings.rebalanceTimeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), joinTimeoutMs)));
  const outcome = await Promise.race([joined, timedOut]);
  clearTimeout(timer);
  onJoin = undefined;
  if (outcome === 'timeout') {
    await (closing = close());
    throw unavailable(`join group ${group} within ${joinTimeoutMs} ms`, undefined, { group, topics });
  }

  return {
    assignment: () => [...assignment],
    pause() {
      paused = true;
      applyPause();
    },
    resume() {
      paused = false;
      applyPause();
    },
    close: () => (closing ??= close()),
  };
}
