import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageStore } from './store.ts';

function sample(): { bytes: Buffer; sha256: string } {
  const bytes = randomBytes(2048); // unique per test, so runs and adapters never see each other's data
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The behaviour every ImageStore adapter must have; each adapter's test calls this once. */
export function describeImageStore(name: string, open: () => Promise<{ store: ImageStore; cleanup(): Promise<void> }>): void {
  describe(`ImageStore conformance: ${name}`, () => {
    let store: ImageStore;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      ({ store, cleanup } = await open());
      await store.ready();
    });

    afterAll(async () => {
      await store.close();
      await cleanup();
    });

    it('gives back exactly what was put', async () => {
      const { bytes, sha256 } = sample();
      await store.put(sha256, bytes, 'image/png');
      expect((await store.get(sha256))?.equals(bytes)).toBe(true);
      expect(await store.has(sha256)).toBe(true);
    });

    it('answers null and false for a key never stored', async () => {
      const { sha256 } = sample();
      expect(await store.get(sha256)).toBeNull();
      expect(await store.has(sha256)).toBe(false);
    });

    it('takes the same image twice, also at once', async () => {
      const { bytes, sha256 } = sample();
      await Promise.all([store.put(sha256, bytes, 'image/jpeg'), store.put(sha256, bytes, 'image/jpeg')]);
      await store.put(sha256, bytes, 'image/jpeg');
      expect((await store.get(sha256))?.equals(bytes)).toBe(true);
    });

    it('keeps images apart', async () => {
      const [a, b] = [sample(), sample()];
      await store.put(a.sha256, a.bytes, 'image/png');
      await store.put(b.sha256, b.bytes, 'image/png');
      expect((await store.get(a.sha256))?.equals(a.bytes)).toBe(true);
      expect((await store.get(b.sha256))?.equals(b.bytes)).toBe(true);
    });

    it('stores an image of the largest accepted size', async () => {
      const bytes = randomBytes(10_000_000);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await store.put(sha256, bytes, 'image/tiff');
      expect((await store.get(sha256))?.equals(bytes)).toBe(true);
    });

    it('refuses keys that are not SHA-256 hex digests', async () => {
      for (const key of ['../../etc/passwd', 'ABC', `${'a'.repeat(64)}/x`, 'A'.repeat(64)]) {
        await expect(store.get(key)).rejects.toThrow(RangeError);
        await expect(store.put(key, Buffer.from('x'), 'image/png')).rejects.toThrow(RangeError);
      }
    });
  });
}
