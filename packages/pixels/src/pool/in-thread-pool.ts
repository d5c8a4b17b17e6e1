import { warmUpJobs } from './warm-up.ts';
import { configureJob, type WorkerJob, type WorkerJobs } from './worker-job.ts';
import type { WorkerPool } from './worker-pool.ts';

/**
 * Which in-thread pool's settings each job holds. A job keeps its settings in its module, which
 * every pool of a thread shares: a pool whose settings a job does not hold gives them again first.
 */
const settledBy = new WeakMap<WorkerJob, object>();

/** Where a pool has its settings for a job from, as the worker pool keeps them (see WorkerPool.configure). */
type SettingsSource = { kept: unknown } | { reload: () => Promise<unknown> };

/**
 * A WorkerPool that runs its jobs on the calling thread, one at a time, in order, as one worker
 * would. For a process whose cores are spoken for: a worker thread holds its own heap and its own
 * copies of the code and the references (about 40 MB: `assay run` over 300 mixed items peaked at
 * 396 MB with one worker and 356–360 MB without, README, Memory settings), and on two cores it
 * gained little speed (114 s against 121–123 s), the image decoding and the text reader's models
 * running on native threads either way.
 * `loadJobs` is called on first use. A job's results are the job's own objects, not copies.
 */
export function createInThreadPool(loadJobs: () => Promise<WorkerJobs>): WorkerPool {
  const self = {};
  const settings = new Map<string, SettingsSource>();
  /** Why a job's settings could not be taken: its runs answer with that until it is configured again. */
  const unusable = new Map<string, string>();
  let jobs: Promise<WorkerJobs> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const inTurn = <T>(work: (jobs: WorkerJobs) => Promise<T>): Promise<T> => {
    const loaded = (jobs ??= loadJobs());
    const turn = queue.then(async () => work(await loaded));
    queue = turn.catch(() => undefined);
    return turn;
  };
  const settle = (name: string, job: WorkerJob, value: unknown) => {
    if (configureJob(name, job, value, unusable)) settledBy.set(job, self);
    else settledBy.delete(job);
  };
  return {
    configure(name, value, reload) {
      if (closed) return;
      const source: SettingsSource = reload ? { reload } : { kept: value };
      settings.set(name, source);
      void inTurn(async (all) => {
        const job = all[name];
        // A later configure() has replaced these settings: it gives its own in its turn.
        if (job && settings.get(name) === source) settle(name, job, value);
      });
    },
    run<Result>(name: string, bytes: Buffer) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return inTurn(async (all) => {
        const job = all[name];
        if (!job) throw new Error(`no job named ${name}`);
        const source = settings.get(name);
        if (source && settledBy.get(job) !== self) {
          const value = 'kept' in source ? source.kept : await source.reload().catch((error: Error) => {
            throw new Error(`the ${name} job could not be given its settings: ${error.message}`);
          });
          settle(name, job, value);
        }
        if (unusable.has(name)) throw new Error(unusable.get(name));
        return (await job.run(bytes)) as Result;
      });
    },
    async warm() {
      if (closed) return;
      await inTurn((all) => warmUpJobs(all).catch(() => {}));
    },
    async close() {
      if (closed) return;
      closed = true;
      await queue;
    },
  };
}
