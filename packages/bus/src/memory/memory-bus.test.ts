import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ReceivedMessage } from '../bus.ts';
import { createMemoryBus } from '../index.ts';
import { partitionForKey } from './partition-for-key.ts';

describe('memory bus', () => {
  it('forgets what every group has committed; a group that comes later starts at the oldest kept message', async () => {
    const bus = createMemoryBus({ partitions: 1, maxBatchSize: 500 });
    let early = 0;
    await bus.subscribe({ group: 'early', topics: ['t'], handler: async (batch) => void (early += batch.messages.length) });
    await bus.publish('t', Array.from({ length: 3000 }, (_, i) => ({ key: 'k', value: `v${i}` })));
    while (early < 3000) await sleep(5);
    await bus.publish('t', [{ key: 'k', value: 'late' }]);
    const late: ReceivedMessage[] = [];
    await bus.subscribe({ group: 'late', topics: ['t'], handler: async (batch) => void late.push(...batch.messages) });
    while (late.at(-1)?.value.toString() !== 'late') await sleep(5);
    expect(Number(late[0]!.offset)).toBeGreaterThanOrEqual(1024);
    await bus.close();
  });

  it('spreads keys over the partitions, the same way every time', () => {
    const partitions = Array.from({ length: 100 }, (_, i) => partitionForKey(`key-${i}`, 4));
    expect(new Set(partitions)).toEqual(new Set([0, 1, 2, 3]));
    expect(Array.from({ length: 100 }, (_, i) => partitionForKey(`key-${i}`, 4))).toEqual(partitions);
    expect(partitionForKey('', 4)).toBe(partitionForKey('', 4));
  });
});
