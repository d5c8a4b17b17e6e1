import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Jobs on worker threads: each job goes to the least busy worker; replies settle their job. */
export interface WorkerPool<Result> {
  /** Runs one job on the least busy worker; rejects if it fails or the pool is closed. */
  run(bytes: Buffer): Promise<Result>;
  /** Waits for running jobs, then ends the workers; later calls reject. Safe to call twice. */
  close(): Promise<void>;
}

type Reply<Result> = { id: number; ok: true; result: Result } | { id: number; ok: false; message: string };

interface Slot<Result> {
  worker: Worker;
  pending: Map<number, { resolve(r: Result): void; reject(e: Error): void }>;
}

/**
 * A pool of `size` workers running `script` (which answers `{ id, bytes }` messages with
 * `{ id, ok, result | message }`), each given `setup` as its workerData. Started on first use.
 */
export function createWorkerPool<Result>(script: URL, setup: unknown, size = availableParallelism()): WorkerPool<Result> {
  const slots: Slot<Result>[] = [];
  let nextId = 1;
  let closed = false;
  const start = () => {
    for (let i = 0; i < Math.max(1, size); i++) {
      const worker = new Worker(script, { workerData: setup });
      const slot: Slot<Result> = { worker, pending: new Map() };
      worker.on('message', (reply: Reply<Result>) => {
        const job = slot.pending.get(reply.id);
        if (!job) return;
        slot.pending.delete(reply.id);
        if (reply.ok) job.resolve(reply.result);
        else job.reject(new Error(reply.message));
      });
      worker.on('error', (error) => {
        for (const job of slot.pending.values()) job.reject(error);
        slot.pending.clear();
      });
      // An idle pool must not keep the process alive.
      worker.unref();
      slots.push(slot);
    }
  };
  return {
    run(bytes) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      if (slots.length === 0) start();
      const slot = slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<Result>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        if (slot.pending.size === 1) slot.worker.ref();
        const copy = new Uint8Array(bytes);
        slot.worker.postMessage({ id, bytes: copy }, [copy.buffer]);
      }).finally(() => {
        if (slot.pending.size === 0) slot.worker.unref();
      });
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
