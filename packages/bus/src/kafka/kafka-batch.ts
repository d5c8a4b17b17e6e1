import { setTimeout as sleep } from 'node:timers/promises';
import type { EachBatchPayload } from 'kafkajs';
import { indexInBatch } from '../batch-message.ts';
import type { Batch, BatchContext, BatchHandler, BusLogger } from '../bus.ts';
import { isGroupChange, unavailable } from './kafka-errors.ts';
import { nextOffset, toReceivedMessage } from './received-message.ts';

export interface BatchSettings {
  group: string;
  handler: BatchHandler;
  heartbeatIntervalMs: number;
  retryDelayMs: number;
  log: BusLogger;
}

/**
 * Runs the handler on one kafkajs batch. Offsets are resolved (kafkajs's local position) and
 * committed (the group's) together and only for finished messages, so a batch that fails, or that
 * is abandoned for a rebalance or a close, is fetched again from its first unfinished message.
 */
export async function deliverKafkaBatch(payload: EachBatchPayload, controller: AbortController, settings: BatchSettings): Promise<void> {
  const { group, log } = settings;
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
  let committedIndex = -1; // so that a late commit() of an earlier message never moves the group back
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
      const index = indexInBatch(batch, message);
      if (!open) throw new RangeError('commit() after the handler settled: the batch is over');
      if (index <= committedIndex) return;
      committedIndex = index;
      await commitThrough(message.offset);
    },
  };

  let failure: { error: unknown } | undefined;
  try {
    await settings.handler(batch, context);
  } catch (error) {
    failure = { error };
  } finally {
    open = false;
  }
  if (!failure) {
    const last = batch.messages.at(-1);
    if (last && committedIndex < batch.messages.length - 1) await commitThrough(last.offset).catch((error: unknown) => log('warn', 'a handled batch could not be committed and may be delivered again', { ...where, error }));
    return;
  }
  if (controller.signal.aborted) return;
  log('error', 'a batch handler failed; the partition is delivered again after a delay', { ...where, offset: batch.messages[0]?.offset, error: failure.error });
  // Wait in heartbeat-sized steps, so that the delay never costs this member its partitions.
  const until = Date.now() + settings.retryDelayMs;
  while (!controller.signal.aborted && Date.now() < until) {
    await sleep(Math.min(settings.heartbeatIntervalMs, until - Date.now()), undefined, { signal: controller.signal }).catch(() => {});
    await context.heartbeat();
  }
}
