import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CardPhotoAnalysis } from '../analyse-card-photo.ts';
import type { CardFeatures } from '../features/card-features.ts';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './vision-worker.ts';

/** Runs per-photo analysis on worker threads, so every core decodes and measures at once. */
export interface VisionPool {
  /**
   * Analyses one photo (decode → locate → rectify → features and measurements) on the least busy
   * worker. Rejects if the photo cannot be analysed or the pool is closed; jobs never block each other.
   */
  analyse(bytes: Buffer): Promise<CardPhotoAnalysis>;
  /** Waits for running jobs, then ends the workers; queued and later calls reject. Safe to call twice. */
  close(): Promise<void>;
}

export interface VisionPoolOptions {
  /** Worker threads; defaults to the cores available. */
  size?: number;
  /** Features of known cards (fronts and backs), to pick each photo's card outline by (see analyseCardPhoto). */
  references?: CardFeatures[];
}

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve(r: CardPhotoAnalysis): void; reject(e: Error): void }>;
}

export function createVisionPool(options: VisionPoolOptions = {}): VisionPool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const slots: Slot[] = [];
  let nextId = 1;
  let closed = false;
  // Started lazily: a process that never analyses a card pays nothing.
  const start = () => {
    for (let i = 0; i < size; i++) {
      const setup: WorkerSetup = { references: options.references ?? [] };
      const worker = new Worker(new URL('./vision-worker.ts', import.meta.url), { workerData: setup });
      const slot: Slot = { worker, pending: new Map() };
      worker.on('message', (reply: WorkerReply) => {
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
      worker.unref();
      slots.push(slot);
    }
  };
  return {
    analyse(bytes) {
      if (closed) return Promise.reject(new Error('the vision pool is closed'));
      if (slots.length === 0) start();
      const slot = slots.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = nextId++;
      return new Promise<CardPhotoAnalysis>((resolve, reject) => {
        slot.pending.set(id, { resolve, reject });
        if (slot.pending.size === 1) slot.worker.ref();
        const copy = new Uint8Array(bytes);
        const request: WorkerRequest = { id, bytes: copy };
        slot.worker.postMessage(request, [copy.buffer]);
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
