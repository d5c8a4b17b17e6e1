import type { EachBatchPayload } from 'kafkajs';
import { describe, expect, it, vi } from 'vitest';
import type { BatchHandler } from '../bus.ts';
import { deliverKafkaBatch } from './kafka-batch.ts';

/** A kafkajs batch payload with offsets 10..14, recording what the adapter resolves and commits. */
function fakePayload(heartbeat: () => Promise<void> = async () => {}) {
  const commits: string[] = [];
  const resolved: string[] = [];
  const messages = [10, 11, 12, 13, 14].map((offset) => ({
    offset: String(offset),
    key: Buffer.from('k'),
    value: Buffer.from(`v${offset}`),
    headers: {},
    timestamp: String(Date.now()),
    attributes: 0,
    size: 0,
  }));
  const payload = {
    batch: { topic: 't', partition: 2, messages },
    resolveOffset: (offset: string) => void resolved.push(offset),
    commitOffsetsIfNecessary: async (offsets: { topics: { partitions: { offset: string }[] }[] }) => void commits.push(offsets.topics[0]!.partitions[0]!.offset),
    heartbeat,
  } as unknown as EachBatchPayload;
  return { payload, commits, resolved };
}

function run(payload: EachBatchPayload, handler: BatchHandler, log = vi.fn()) {
  const controller = new AbortController();
  const done = deliverKafkaBatch(payload, controller, { group: 'g', handler, heartbeatIntervalMs: 5, retryDelayMs: 20, log });
  return { done, controller, log };
}

describe('deliverKafkaBatch', () => {
  it('commits the offset after the last message once the handler resolves', async () => {
    const { payload, commits, resolved } = fakePayload();
    await run(payload, async () => {}).done;
    expect(commits).toEqual(['15']);
    expect(resolved).toEqual(['14']);
  });

  it('commits progress as told, never backwards, and the rest at the end', async () => {
    const { payload, commits } = fakePayload();
    await run(payload, async (batch, { commit }) => {
      await commit(batch.messages[2]!);
      await commit(batch.messages[0]!);
    }).done;
    expect(commits).toEqual(['13', '15']);
  });

  it('commits nothing more when the handler fails, so kafkajs fetches the rest again', async () => {
    const { payload, commits, resolved } = fakePayload();
    const { done, log } = run(payload, async (batch, { commit }) => {
      await commit(batch.messages[1]!);
      throw new Error('database down');
    });
    await done;
    expect(commits).toEqual(['12']);
    expect(resolved).toEqual(['11']);
    expect(log).toHaveBeenCalledWith('error', expect.stringContaining('failed'), expect.objectContaining({ offset: '10' }));
  });

  it('turns a rebalance seen by a heartbeat into an aborted signal, and a stop into no failure', async () => {
    const rebalancing = Object.assign(new Error('The group is rebalancing'), { type: 'REBALANCE_IN_PROGRESS' });
    const { payload, commits } = fakePayload(async () => Promise.reject(rebalancing));
    const { done, log } = run(payload, async (_batch, { heartbeat, signal }) => {
      await heartbeat();
      expect(signal.aborted).toBe(true);
      throw signal.reason;
    });
    await done;
    expect(commits).toEqual([]);
    expect(log).not.toHaveBeenCalled();
  });

  it('refuses to commit a message from another batch, or after the handler settled', async () => {
    const { payload } = fakePayload();
    let late: (() => Promise<void>) | undefined;
    await run(payload, async (batch, { commit }) => {
      await expect(commit({ ...batch.messages[0]!, partition: 3 })).rejects.toThrow(RangeError);
      await expect(commit({ ...batch.messages[0]!, offset: '99' })).rejects.toThrow(RangeError);
      late = () => commit(batch.messages[4]!);
    }).done;
    await expect(late!()).rejects.toThrow(RangeError);
  });
});
