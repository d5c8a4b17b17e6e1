import { describe, expect, it } from 'vitest';
import { createLogger } from '@assay/logger';
import { closeOnSignals } from './shutdown.ts';

describe('closeOnSignals', () => {
  it('closes once, and stops listening for signals when closed', async () => {
    const before = { term: process.listenerCount('SIGTERM'), int: process.listenerCount('SIGINT') };
    let closed = 0;
    const close = closeOnSignals(async () => void closed++, 5_000, createLogger({ level: 'silent', name: 'test' }));
    expect(process.listenerCount('SIGTERM')).toBe(before.term + 1);
    await Promise.all([close(), close()]);
    expect(closed).toBe(1);
    expect({ term: process.listenerCount('SIGTERM'), int: process.listenerCount('SIGINT') }).toEqual(before);
  });
});
