import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Jobs on worker threads: each job goes to the least busy worker; replies settle their job. Jobs
 * are named, so one pool serves every kind of work its script knows.
 */
export interface WorkerPool {
  /**
   * Settings for the jobs named `name` (a category's references): sent to every worker ahead of its
   * next job, starting the workers if none runs. A worker started later (one replacing a worker that
   * stopped) gets them first: from `reload` when given, so the pool need not keep settings the main
   * thread has no other use for (a catalog's coin faces are about 10 MB of heap), else kept ones.
   */
  configure(name: string, settings: unknown, reload?: () => Promise<unknown>): void;
  /** Runs the job `name` on `bytes` on the least busy worker; rejects if it fails or the pool is closed. */
  run<Result>(name: string, bytes: Buffer): Promise<Result>;
  /**
   * Starts the workers now and has each run its script's warm-up (see WorkerMessage), so a first
   * job waits neither for a worker nor for code that has never run. Resolves once all are done.
   */
  warm(): Promise<void>;
  /** Waits for running jobs, then ends the workers; later calls reject. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * What the pool sends a worker: settings for a kind of job, one job, or a warm-up (the script runs
 * its jobs once on work of its own, then answers `done` with that id).
 */
export type WorkerMessage =
  | { type: 'configure'; name: string; settings: unknown }
  | { type: 'run'; id: number; name: string; bytes: Uint8Array }
  | { type: 'warm'; id: number };
/** What a worker sends back: one job's (or warm-up's) outcome. */
export type WorkerReply = { type: 'done'; id: number; ok: true; result: unknown } | { type: 'done'; id: number; ok: false; message: string };

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve(r: unknown): void; reject(e: Error): void }>;
  /**
   * Whether the worker has been sent every job's settings (false: they could not be had, and the
   * worker is gone); its jobs are posted once this settles.
   */
  configured: Promise<boolean>;
}

/** Where a job's settings come from for a worker started after `configure`. */
type SettingsSource = { kept: unknown } | { reload: () => Promise<unknown> };

/**
 * A pool of `size` workers running `script` (see WorkerMessage and WorkerReply), started on first
 * use or on `warm()`.
 */
export function createWorkerPool(script: URL, size = availableParallelism()): WorkerPool {
  const slots: Slot[] = [];
  const settings = new Map<string, SettingsSource>();
  let nextId = 1;
  let closed = false;
  const post = (slot: Slot, message: WorkerMessage, transfer: ArrayBuffer[] = []) => slot.worker.postMessage(message, transfer);
  const spawn = (): Slot => {
    const worker = new Worker(script);
    const slot: Slot = { worker, pending: new Map(), configured: Promise.resolve(true) };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.pending.get(reply.id);
      if (!job) return;
      slot.pending.delete(reply.id);
      if (reply.ok) job.resolve(reply.result);
      else job.reject(new Error(reply.message));
    });
    // A worker that dies takes only its own jobs with it: the next job starts a replacement.
    const fail = (error: Error) => {
      for (const job of slot.pending.values()) job.reject(error);
      slot.pending.clear();
      const at = slots.indexOf(slot);
      if (at >= 0) slots.splice(at, 1);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`a worker stopped (exit code ${code})`)));
    // An idle pool must not keep the process alive.
    worker.unref();
    slot.configured = Promise.all(
      [...settings].map(async ([name, source]) => {
        const value = 'kept' in source ? source.kept : await source.reload();
        // configure() may have sent newer settings while these were read.
        if (settings.get(name) === source) post(slot, { type: 'configure', name, settings: value });
      }),
    ).then(
      () => true,
      (error: Error) => {
        // Without its settings the worker is of no use: its jobs fail with the reason, and the next
        // job starts another worker, which tries again.
        fail(new Error(`a worker could not be given its settings: ${error.message}`));
        void worker.terminate();
        return false;
      },
    );
    return slot;
  };
  /** Sends `slot` a message awaiting its `done` reply; the worker keeps the process alive meanwhile. */
  const request = <Result>(slot: Slot, message: (id: number) => WorkerMessage, transfer: ArrayBuffer[] = []) => {
    const id = nextId++;
    return new Promise<Result>((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
      if (slot.pending.size === 1) slot.worker.ref();
      void slot.configured.then((ready) => ready && post(slot, message(id), transfer));
    }).finally(() => {
      if (slot.pending.size === 0) slot.worker.unref();
    });
  };
  const fill = () => {
    while (slots.length < Math.max(1, size)) slots.push(spawn());
  };
  return {
    configure(name, value, reload) {
      // Workers started here take this value below, not from `reload`.
      if (!closed) fill();
      const source: SettingsSource = reload ? { reload } : { kept: value };
      settings.set(name, source);
      for (const slot of slots) post(slot, { type: 'configure', name, settings: value });
    },
    run<Result>(name: string, bytes: Buffer) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      fill();
      const slot = slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const copy = new Uint8Array(bytes);
      return request<Result>(slot, (id) => ({ type: 'run', id, name, bytes: copy }), [copy.buffer]);
    },
    async warm() {
      if (closed) return;
      fill();
      // Posted at once: a worker takes its messages in order, once its script has loaded.
      await Promise.all(slots.map((slot) => request(slot, (id) => ({ type: 'warm', id }))));
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled(slots.flatMap((s) => [...s.pending.values()].map((job) => new Promise<void>((done) => {
        const { resolve, reject } = job;
        job.resolve = (r) => (resolve(r), done());
        job.reject = (e) => (reject(e), done());
      }))));
      await Promise.all(slots.map((s) => s.worker.terminate()));
      slots.length = 0;
    },
  };
}
