import pLimit from 'p-limit';
import type { Bucket } from '@assay/bucket';
import type { Batch, BatchContext, Bus, ReceivedMessage, Subscription } from '@assay/bus';
import { invalidEventLetter, itemDiscoveredSchema, type DeadLetter, type ItemDiscovered, type ItemOutcome } from '@assay/contract';
import { assessItem, type ItemStages } from './assess-item.ts';
import type { AssessmentGateway } from './gateway.ts';
import type { AssessorMonitor, AssessorStage } from './monitor.ts';
import { defaultRetryPolicy, type RetryPolicy } from './retry.ts';

export interface AssessorTopics {
  /** `item.discovered` events in. */
  items: string;
  /** `item.outcome` events out. */
  outcomes: string;
  /** Events that could not be processed, with the reason, for replay. */
  deadLetters: string;
}

export interface AssessorDeps {
  bus: Bus;
  topics: AssessorTopics;
  group: string;
  gateway: AssessmentGateway;
  bucketFor: (source: string) => Bucket;
  /**
   * Assessment requests in flight from this instance, across all its partitions; as many items
   * again may be reading and uploading their images meanwhile, so the service never waits on them.
   */
  concurrency: number;
  retry?: RetryPolicy;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>) => void;
  /** Called with every outcome once it is durably published (progress, metrics). */
  onOutcome?: (outcome: ItemOutcome) => void;
  /** Items in flight, stage latencies, retries and dead letters, for metrics. */
  monitor?: AssessorMonitor;
}

const heartbeatEveryMs = 2_000;

/**
 * The assessor: a member of a consumer group on the items topic. Each batch (one partition, in
 * order) is assessed with at most `concurrency` assessment requests in flight across the instance,
 * and as many items uploading their images ahead of them — versions of one item one after another,
 * different items side by side. An outcome is published before its
 * offset can be committed: the bus commits a batch only when this handler resolves, so a crash
 * redelivers the unfinished items and loses none. A member told to stop (shutdown, or its partitions
 * moving) hands unfinished items back rather than failing them: it commits the finished start of the
 * batch and the rest is delivered again to the partition's next owner.
 */
export function createAssessor(deps: AssessorDeps) {
  const uploadSlots = pLimit(deps.concurrency);
  const assessSlots = pLimit(deps.concurrency);
  const monitor = deps.monitor ?? {};
  // Timed inside the slot: the wait for a slot is backpressure, not the stage's latency.
  const timed = <T>(stage: AssessorStage, work: () => Promise<T>) => async () => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      monitor.stage?.(stage, (performance.now() - started) / 1000);
    }
  };
  const stages: ItemStages = { upload: (work) => uploadSlots(timed('read_upload', work)), assess: (work) => assessSlots(timed('assess', work)) };
  const retry = deps.retry ?? defaultRetryPolicy;
  const log = deps.log ?? (() => {});

  async function deadLetter(letter: DeadLetter) {
    await deps.bus.publish(deps.topics.deadLetters, [{ key: letter.item_key ?? 'poison', value: JSON.stringify(letter) }]);
    monitor.deadLettered?.(letter);
  }

  async function handleMessage(message: ReceivedMessage, context: BatchContext): Promise<void> {
    monitor.inFlight?.(1);
    try {
      await assessMessage(message, context);
    } finally {
      monitor.inFlight?.(-1);
    }
  }

  async function assessMessage(message: ReceivedMessage, context: BatchContext): Promise<void> {
    let event: ItemDiscovered;
    try {
      event = itemDiscoveredSchema.parse(JSON.parse(message.value.toString('utf8')));
    } catch (error) {
      // A poison event must not block its partition: it is set aside with the reason.
      log('warn', 'poison event set aside', { item_key: message.key || null, partition: message.partition, offset: message.offset });
      await deadLetter(invalidEventLetter(message.value.toString('utf8'), message.key || null, error));
      return;
    }
    const outcome = await assessItem(event, {
      bucketFor: deps.bucketFor,
      gateway: deps.gateway,
      retry,
      signal: context.signal,
      stages,
      onRetry: (failure) => {
        log('info', 'retrying after a transient failure', { item_key: event.item_key, event_id: event.event_id, code: failure.code });
        monitor.retry?.(failure);
      },
    });
    await deps.bus.publish(deps.topics.outcomes, [{ key: event.item_key, value: JSON.stringify(outcome) }]);
    if (outcome.outcome === 'failed' && outcome.error) {
      await deadLetter({ reason: outcome.error.code, message: outcome.error.message, item_key: event.item_key, event, outcome });
    }
    const assessmentId = (outcome.assessment as { assessment_id?: unknown } | null)?.assessment_id;
    log(outcome.outcome === 'failed' ? 'warn' : 'info', `item ${outcome.outcome}`, {
      item_key: event.item_key,
      version: event.version,
      event_id: event.event_id,
      ...(typeof assessmentId === 'string' ? { assessment_id: assessmentId } : {}),
      ...(outcome.error ? { code: outcome.error.code } : {}),
      attempts: outcome.attempts,
    });
    deps.onOutcome?.(outcome);
  }

  async function handleBatch(batch: Batch, context: BatchContext): Promise<void> {
    // A batch can outlast the group's session timeout; heartbeats keep this member in the group.
    const heartbeat = setInterval(() => void context.heartbeat(), heartbeatEveryMs);
    try {
      // Messages of one key stay in order; different keys run side by side.
      const chains = new Map<string, Promise<void>>();
      const done = new Set<ReceivedMessage>();
      for (const message of batch.messages) {
        const previous = chains.get(message.key) ?? Promise.resolve();
        chains.set(message.key, previous.then(() => handleMessage(message, context)).then(() => void done.add(message)));
      }
      const unfinished = (await Promise.allSettled(chains.values())).find((result) => result.status === 'rejected');
      if (unfinished) {
        // Stopping (or a failed publish): keep what is finished, the longest run of done messages from
        // the batch's start, and hand the rest back to be delivered again.
        let finished: ReceivedMessage | undefined;
        for (const message of batch.messages) {
          if (!done.has(message)) break;
          finished = message;
        }
        if (finished) await context.commit(finished).catch(() => {});
        throw unfinished.reason;
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  return {
    /** Joins the group; resolves once this member has its first partitions. */
    start(): Promise<Subscription> {
      // As many partitions at once as items may be in flight: the limiter, not the partition count,
      // bounds the work, and a slow item in one partition does not idle the others.
      return deps.bus.subscribe({ group: deps.group, topics: [deps.topics.items], handler: handleBatch, concurrency: deps.concurrency });
    },
  };
}

export type Assessor = ReturnType<typeof createAssessor>;
