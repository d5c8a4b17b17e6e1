import { describe, expect, it } from 'vitest';
import { AssayError, type EngineResult } from '@assay/contract';
import { lazyEngine } from './lazy-engine.ts';

const result: EngineResult = { summary: {}, items: [], issues: [], catalogVersionId: 1 };

describe('a lazily loaded engine', () => {
  it('loads on the first assessment, once for requests arriving together, and closes what it loaded', async () => {
    let loads = 0;
    let closes = 0;
    const lazy = lazyEngine(async () => {
      loads++;
      return { engine: { assess: async () => result }, close: async () => void closes++ };
    });
    expect(loads).toBe(0);
    await Promise.all([lazy.engine.assess([], []), lazy.engine.assess([], [])]);
    await lazy.engine.assess([], []);
    expect(loads).toBe(1);
    await lazy.close();
    expect(closes).toBe(1);
    await expect(lazy.engine.assess([], [])).rejects.toThrow(/closed/);
  });

  it('tries a failed load again on the next assessment', async () => {
    let attempts = 0;
    const lazy = lazyEngine(async () => {
      if (++attempts === 1) throw new Error('database away');
      return { engine: { assess: async () => result }, close: async () => {} };
    });
    await expect(lazy.engine.assess([], [])).rejects.toThrow('database away');
    await expect(lazy.engine.assess([], [])).resolves.toBe(result);
    expect(attempts).toBe(2);
  });

  it('answers a load that cannot succeed (a non-retryable AssayError) without trying again', async () => {
    let attempts = 0;
    const lazy = lazyEngine(async () => {
      attempts++;
      throw new AssayError('UNAVAILABLE', 'references of an older features version; import it again');
    });
    await expect(lazy.engine.assess([], [])).rejects.toThrow('import it again');
    await expect(lazy.engine.assess([], [])).rejects.toThrow('import it again');
    expect(attempts).toBe(1);
  });

  it('preloads in the background; a failed preload is tried again on first use', async () => {
    let attempts = 0;
    const lazy = lazyEngine(async () => {
      if (++attempts === 1) throw new Error('not yet');
      return { engine: { assess: async () => result }, close: async () => {} };
    });
    lazy.preload();
    await new Promise((resolve) => setImmediate(resolve));
    expect(attempts).toBe(1);
    await expect(lazy.engine.assess([], [])).resolves.toBe(result);
    expect(attempts).toBe(2);
  });

  it('closes without loading when never used', async () => {
    let loads = 0;
    const lazy = lazyEngine(async () => {
      loads++;
      return { engine: { assess: async () => result }, close: async () => {} };
    });
    await lazy.close();
    expect(loads).toBe(0);
  });
});
