import { describe, expect, it } from 'vitest';
import { PartitionLog } from './partition-log.ts';

const message = (n: number) => ({ key: `k${n}`, value: Buffer.from(String(n)), headers: {}, timestamp: new Date(0) });

function logOf(count: number): PartitionLog {
  const log = new PartitionLog();
  for (let n = 0; n < count; n++) log.append(message(n));
  return log;
}

describe('a partition log', () => {
  it('forgets consumed messages once they are at least as many as those left, so a caught-up group holds few', () => {
    const log = logOf(10);
    log.dropBefore(8);
    expect(log.start).toBe(8);
    expect(log.read(0, 10).map((m) => m.offset)).toEqual([8, 9]);
  });

  it('keeps a short consumed head in front of a long unconsumed tail (dropping it would copy the tail)', () => {
    const log = logOf(500);
    log.dropBefore(100);
    expect(log.start).toBe(0);
    log.dropBefore(250);
    expect(log.start).toBe(250);
    expect(log.end).toBe(500);
  });
});
