import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Bucket } from '@assay/bucket';
import { createIngestRepository, createPipelineRepository } from '@assay/db';
import { createIngest } from '@assay/ingest';
import type { Engine } from '@assay/runtime';
import { embeddedTopics, startEmbeddedPipeline } from './embedded-pipeline.ts';
import { summarise, type RunSummary } from './summary.ts';

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
  onProgress?: (progress: { total: number; done: number; scanning: boolean }) => void;
}

/**
 * Items published ahead of their stored outcomes at most: the in-process bus keeps its backlog in
 * memory, so the scan waits beyond this and a run's memory does not grow with its batch.
 */
const maxBacklog = 1000;

/**
 * `assay run`: ingest, assessor and results in one process over an in-process bus. Scans the
 * bucket until no folder is still settling, waits until every published item has its outcome
 * stored, and summarises the run. Items published by earlier runs are not assessed again.
 */
export async function runBatch(options: RunBatchOptions): Promise<RunSummary> {
  const started = Date.now();
  const runId = randomUUID();
  const db = options.engine.database.db;
  let total = 0;
  let scanning = true;
  const pipeline = await startEmbeddedPipeline({
    engine: options.engine,
    org: options.org,
    runId,
    bucketFor: () => options.bucket,
    concurrency: options.concurrency,
    onStored: (done) => options.onProgress?.({ total, done, scanning }),
  });
  try {
    const ingest = createIngest({
      bucket: options.bucket,
      bus: pipeline.bus,
      repository: createIngestRepository(db),
      topic: embeddedTopics.items,
      org: options.org,
      source: options.source,
      settleMs: options.settleMs,
      runId,
      onPublished: (events) => {
        total += events.length;
        options.onProgress?.({ total, done: pipeline.done(), scanning });
      },
      beforePage: () => pipeline.waitFor(total - maxBacklog),
    });
    for (;;) {
      const scan = await ingest.scanOnce();
      if (scan.itemsSettling === 0) break;
      // Folders still changing (or too recent) are scanned again once they may have settled.
      await sleep(Math.min(options.settleMs, 5_000));
    }
    scanning = false;
    options.onProgress?.({ total, done: pipeline.done(), scanning });
    await pipeline.waitFor(total);
  } finally {
    await pipeline.close();
  }
  return summarise(runId, await createPipelineRepository(db).resultCounts({ runId }), Date.now() - started);
}
