import { describe, expect, it } from 'vitest';
import { createWorkerPool } from './worker-pool.ts';

const echoWorker = new URL('./test-support/settings-echo-worker.ts', import.meta.url);
const crash = Buffer.from([255]);
const job = Buffer.from([1]);

describe('the worker pool', () => {
  it('gives a worker that replaces a stopped one kept settings, or settings read again when it can reload them', async () => {
    const pool = createWorkerPool(echoWorker, 1);
    let reloads = 0;
    try {
      pool.configure('kept', { faces: 1 });
      pool.configure('reloaded', { faces: 2 }, async () => ({ faces: 2, reload: ++reloads }));
      expect(await pool.run('reloaded', job)).toEqual({ faces: 2 });
      expect(reloads).toBe(0);
      await expect(pool.run('kept', crash)).rejects.toThrow(/exit code 3/);
      expect(await pool.run('kept', job)).toEqual({ faces: 1 });
      expect(await pool.run('reloaded', job)).toEqual({ faces: 2, reload: 1 });
    } finally {
      await pool.close();
    }
  });

  it('fails the jobs of a replacement worker whose settings cannot be read, with why, and tries again on the next job', async () => {
    const pool = createWorkerPool(echoWorker, 1);
    let unavailable = true;
    try {
      pool.configure('reloaded', { faces: 2 }, async () => {
        if (unavailable) throw new Error('the database is not reachable');
        return { faces: 2, again: true };
      });
      await expect(pool.run('reloaded', crash)).rejects.toThrow(/exit code 3/);
      await expect(pool.run('reloaded', job)).rejects.toThrow('a worker could not be given its settings: the database is not reachable');
      unavailable = false;
      expect(await pool.run('reloaded', job)).toEqual({ faces: 2, again: true });
    } finally {
      await pool.close();
    }
  });

  it('sends settings configured again to a replacement worker, not what an earlier reload read', async () => {
    const pool = createWorkerPool(echoWorker, 1);
    try {
      pool.configure('reloaded', { version: 1 }, async () => ({ version: 1, reloaded: true }));
      pool.configure('reloaded', { version: 2 }, async () => ({ version: 2, reloaded: true }));
      await expect(pool.run('reloaded', crash)).rejects.toThrow(/exit code 3/);
      expect(await pool.run('reloaded', job)).toEqual({ version: 2, reloaded: true });
    } finally {
      await pool.close();
    }
  });
});
