import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseFreedMemory } from './memory-release.ts';

describe('releasing freed memory during a batch', () => {
  afterEach(() => vi.useRealTimers());

  it('hands memory back on its interval only while the process holds more than the floor, until stopped', () => {
    vi.useFakeTimers();
    let resident = 200;
    const release = vi.fn();
    const stop = releaseFreedMemory({ everyMs: 1000, aboveBytes: 300, residentBytes: () => resident, release });
    vi.advanceTimersByTime(3000);
    expect(release).not.toHaveBeenCalled();
    resident = 350;
    vi.advanceTimersByTime(2000);
    expect(release).toHaveBeenCalledTimes(2);
    const stats = stop();
    expect(stats.releases).toBe(2);
    vi.advanceTimersByTime(5000);
    expect(release).toHaveBeenCalledTimes(2);
  });

  it("by default collects with V8's last-resort collection, without --expose-gc", async () => {
    // vitest's workers start without the flag; a collection that could not be had would throw here.
    vi.useFakeTimers();
    const stop = releaseFreedMemory({ everyMs: 10, aboveBytes: 0 });
    vi.advanceTimersByTime(10);
    const stats = stop();
    expect(stats.releases).toBe(1);
    expect(stats.totalMs).toBeGreaterThanOrEqual(0);
  });
});
