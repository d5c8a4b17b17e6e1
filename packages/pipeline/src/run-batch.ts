import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Bucket } from '@assay/bucket';
import { AssayError } from '@assay/contract';
import { createIngestRepository, createPipelineRepository } from '@assay/db';
import { createIngest, type NotAnItem } from '@assay/ingest';
import type { Engine } from '@assay/runtime';
import { embeddedTopics, startEmbeddedPipeline } from './embedded-pipeline.ts';
import { summarise, type RunSummary } from './summary.ts';

export interface RunProgress {
  /** Item versions this run has sent to be assessed so far. */
  total: number;
  /** Of those, how many have their outcome stored. */
  done: number;
  /** Whether the location is still being scanned (more items may come). */
  scanning: boolean;
  /** Folders without item.json that changed within the settle time, and when the first may be ready. */
  settling: { folders: number; readyAt: Date } | null;
}

export interface RunBatchOptions {
  engine: Engine;
  bucket: Bucket;
  /** The bucket's URL, as ingest records it. */
  source: string;
  /** Organization the items are assessed for; created with every operation enabled if missing. */
  org: string;
  /** Items assessed at once. */
  concurrency: number;
  /** How long a folder without item.json must be unchanged to be ready. */
  settleMs: number;
  /** The run's id (default: a new UUID), so a caller can show it before the run ends. */
  runId?: string;
  /**
   * Stops the run when aborted: nothing new is sent to be assessed, items being assessed finish and
   * their outcomes are stored, and items not started yet are left to the next run. The run then
   * resolves with `stopped` set.
   */
  signal?: AbortSignal;
  /** How long a stop may wait for the items in flight (default 10 s); those left are finished by the next run. */
  shutdownTimeoutMs?: number;
  onProgress?: (progress: RunProgress) => void;
  /** Where ingest, the assessor and the results writer report what they do (the run's log file). */
  log?: RunLogger;
}

/** One log line of the run's stages. */
export type RunLogger = (level: 'error' | 'warn' | 'info' | 'debug', message: string, fields?: Record<string, unknown>) => void;

/**
 * Items published ahead of their stored outcomes at most: the in-process bus keeps its backlog in
 * memory, so the scan waits beyond this and a run's memory does not grow with its batch.
 */
const maxBacklog = 1000;

/** Longest pause between two scans while folders settle: a folder that settles sooner is seen soon after. */
const rescanEveryMs = 5_000;

/**
 * `assay run`: ingest, assessor and results in one process over an in-process bus. Scans the
 * bucket until no folder is still settling, waits until every published item has its outcome
 * stored, and summarises the run. Items finished by earlier runs are not assessed again.
 *
 * Crash safety: the in-process bus holds published items in memory only, so a run that dies (a
 * signal, SIGKILL, the OOM killer) leaves item versions recorded as published without an outcome.
 * Each run starts by forgetting those and by listing the whole location from its start, so they
 * are published again (under their old event ids, which the results writer deduplicates on) and
 * every ready item version ends with exactly one outcome. Only one run may work on a location at a
 * time: the embedded database allows one process; on PostgreSQL a lock per location is held.
 * @throws AssayError UNAVAILABLE when another run is working on the same location.
 */
export async function runBatch(options: RunBatchOptions): Promise<RunSummary> {
  const started = Date.now();
  const runId = options.runId ?? randomUUID();
  const { signal } = options;
  const database = options.engine.database;
  const releaseLocation = await database.tryHoldLock(`assay run ${options.source}`);
  if (!releaseLocation) {
    throw new AssayError('UNAVAILABLE', `another assay run is working on ${options.source}; wait for it to finish or stop it first`, { context: { source: options.source } });
  }
  try {
    const ingestRepository = createIngestRepository(database.db);
    const resumed = await ingestRepository.forgetUnfinished(options.source);
    if (resumed > 0) options.log?.('info', 'item versions an earlier run left unfinished are taken up again', { source: options.source, resumed });
    // Forgotten versions may sit anywhere in the listing, so this run's pass starts at the beginning.
    const cursor = await ingestRepository.loadCursor(options.source);
    await ingestRepository.saveCursor(options.source, { ...cursor, startAfter: null });

    let total = 0;
    let scanning = true;
    let settling: RunProgress['settling'] = null;
    const notItems = new Map<string, NotAnItem>();
    const pipeline = await startEmbeddedPipeline({
      engine: options.engine,
      org: options.org,
      runId,
      bucketFor: () => options.bucket,
      concurrency: options.concurrency,
      log: options.log,
      onStored: (done) => options.onProgress?.({ total, done, scanning, settling }),
    });
    const progress = () => options.onProgress?.({ total, done: pipeline.done(), scanning, settling });
    let scanComplete = false;
    let stopped = true;
    try {
      const ingest = createIngest({
        bucket: options.bucket,
        bus: pipeline.bus,
        repository: ingestRepository,
        topic: embeddedTopics.items,
        org: options.org,
        source: options.source,
        settleMs: options.settleMs,
        runId,
        log: options.log,
        onPublished: (events) => {
          total += events.length;
          progress();
        },
        // A stop while waiting ends the scan before the page goes out (scanOnce rejects with the abort).
        beforePage: async () => {
          await untilAborted(pipeline.waitFor(total - maxBacklog), signal);
          signal?.throwIfAborted();
        },
      });
      while (!signal?.aborted) {
        const scan = await ingest.scanOnce({ signal }).catch((error: unknown) => {
          if (signal?.aborted) return null;
          throw error;
        });
        if (!scan || signal?.aborted) break;
        // Each full pass lists every folder again: what it found wrong is the current picture.
        notItems.clear();
        for (const notItem of scan.notItems) notItems.set(notItem.path, notItem);
        settling = scan.itemsSettling > 0 && scan.firstSettledAt ? { folders: scan.itemsSettling, readyAt: scan.firstSettledAt } : null;
        progress();
        if (scan.passCompleted && scan.itemsSettling === 0) {
          scanComplete = true;
          break;
        }
        // Folders still changing (or too recent) are scanned again once they may have settled.
        const untilSettled = settling ? settling.readyAt.getTime() - Date.now() : 0;
        await sleep(Math.max(250, Math.min(untilSettled, options.settleMs, rescanEveryMs)), undefined, { signal }).catch(() => {});
      }
      scanning = false;
      settling = null;
      progress();
      await untilAborted(pipeline.waitFor(total), signal);
      stopped = !scanComplete || pipeline.done() < total;
    } finally {
      await pipeline.close({ drainMs: options.shutdownTimeoutMs ?? 10_000 });
    }
    const counts = await createPipelineRepository(database.db).resultCounts({ runId });
    const summary = summarise(runId, counts, Date.now() - started);
    return { ...summary, resumed, stopped, pending: stopped ? Math.max(0, total - summary.items) : 0, not_items: [...notItems.values()] };
  } finally {
    await releaseLocation();
  }
}

/** Resolves when `work` does or when `signal` aborts, whichever is first. */
function untilAborted(work: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return work;
  if (signal.aborted) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => resolve();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
