import { describe, expect, it } from 'vitest';
import { createInThreadPool } from './in-thread-pool.ts';
import type { WorkerJob, WorkerJobs } from './worker-job.ts';

/** A job that answers with the settings it holds, after `delay` ms; settings {broken: true} cannot be used. */
function echoJob(delay = 0, log: string[] = []): WorkerJob {
  let held: unknown = null;
  return {
    configure(settings) {
      if ((settings as { broken?: boolean }).broken) throw new Error('no faces in these settings');
      held = settings;
    },
    async run(bytes) {
      log.push(`start ${bytes[0]}`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      log.push(`end ${bytes[0]}`);
      return held;
    },
  };
}

const photo = (n: number) => Buffer.from([n]);

describe('the in-thread pool', () => {
  it('runs jobs sent all at once one after another, in the order sent', async () => {
    const log: string[] = [];
    const pool = createInThreadPool(async () => ({ echo: echoJob(5, log) }));
    pool.configure('echo', { faces: 1 });
    const answers = await Promise.all([1, 2, 3].map((n) => pool.run('echo', photo(n))));
    expect(answers).toEqual([{ faces: 1 }, { faces: 1 }, { faces: 1 }]);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    await pool.close();
  });

  it('answers the jobs whose settings cannot be used with why, and an unknown job by its name, and serves the others', async () => {
    const pool = createInThreadPool(async () => ({ coins: echoJob(), cards: echoJob() }));
    pool.configure('coins', { broken: true });
    pool.configure('cards', { quads: 1 });
    await expect(pool.run('coins', photo(1))).rejects.toThrow('the coins settings could not be used: no faces in these settings');
    await expect(pool.run('stamps', photo(1))).rejects.toThrow('no job named stamps');
    expect(await pool.run('cards', photo(1))).toEqual({ quads: 1 });
    pool.configure('coins', { faces: 2 });
    expect(await pool.run('coins', photo(1))).toEqual({ faces: 2 });
    await pool.close();
  });

  it('gives each of two pools on one thread its own settings, though their jobs share one module', async () => {
    const shared: WorkerJobs = { coins: echoJob() };
    let reloads = 0;
    const first = createInThreadPool(async () => shared);
    const second = createInThreadPool(async () => shared);
    first.configure('coins', { catalog: 'a' });
    second.configure('coins', { catalog: 'b' }, async () => ({ catalog: 'b', reload: ++reloads }));
    expect(await first.run('coins', photo(1))).toEqual({ catalog: 'a' });
    expect(await second.run('coins', photo(1))).toEqual({ catalog: 'b', reload: 1 });
    expect(await second.run('coins', photo(1))).toEqual({ catalog: 'b', reload: 1 });
    expect(await first.run('coins', photo(1))).toEqual({ catalog: 'a' });
    await Promise.all([first.close(), second.close()]);
  });

  it('fails a job whose settings cannot be read again with why, and reads them on the next job', async () => {
    const shared: WorkerJobs = { coins: echoJob() };
    let unavailable = true;
    const first = createInThreadPool(async () => shared);
    const second = createInThreadPool(async () => shared);
    first.configure('coins', { catalog: 'a' });
    second.configure('coins', { catalog: 'b' }, async () => {
      if (unavailable) throw new Error('the database is not reachable');
      return { catalog: 'b', again: true };
    });
    expect(await first.run('coins', photo(1))).toEqual({ catalog: 'a' });
    await expect(second.run('coins', photo(1))).rejects.toThrow('the coins job could not be given its settings: the database is not reachable');
    unavailable = false;
    expect(await second.run('coins', photo(1))).toEqual({ catalog: 'b', again: true });
    await Promise.all([first.close(), second.close()]);
  });

  it('finishes the jobs sent before close(), then rejects work', async () => {
    const log: string[] = [];
    const pool = createInThreadPool(async () => ({ echo: echoJob(5, log) }));
    const sent = [pool.run('echo', photo(1)), pool.run('echo', photo(2))];
    await pool.close();
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(await Promise.all(sent)).toEqual([null, null]);
    await expect(pool.run('echo', photo(3))).rejects.toThrow(/closed/);
  });
});
