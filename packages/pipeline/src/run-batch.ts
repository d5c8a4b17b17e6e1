import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createAssessor, createInProcessGateway } from '@assay/assessor';
import type { Bucket } from '@assay/bucket';
import { createMemoryBus } from '@assay/bus';
import { operations, type ItemOutcome } from '@assay/contract';
import { createIngestRepository, createPipelineRepository } from '@assay/db';
import { createIngest } from '@assay/ingest';
import { createResultsWriter } from '@assay/results';
import type { Engine } from '@assay/runtime';
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

const topics = { items: 'assay.items', outcomes: 'assay.outcomes', deadLetters: 'assay.dead-letters' };

/**
 * `assay run`: ingest, assessor and results in one process over an in-process bus. Scans the
 * bucket until no folder is still settling, waits until every published item has its outcome
 * stored, and summarises the run. Items published by earlier runs are not assessed again.
 */
export async function runBatch(options: RunBatchOptions): Promise<RunSummary> {
  const started = Date.now();
  const runId = randomUUID();
  const { engine } = options;
  const db = engine.database.db;
  if (!(await engine.accountsRepository.findOrganization(options.org))) {
    await engine.accountsRepository.upsertOrganization(options.org, [...operations]);
  }

  const bus = createMemoryBus();
  let total = 0;
  let done = 0;
  let scanning = true;
  let finished: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  const report = () => {
    options.onProgress?.({ total, done, scanning });
    if (!scanning && done >= total) finished();
  };
  try {
    const pipeline = createPipelineRepository(db);
    const results = await createResultsWriter({
      bus,
      repository: pipeline,
      topic: topics.outcomes,
      deadLetters: topics.deadLetters,
      group: 'results',
      onStored: (outcomes: ItemOutcome[]) => {
        done += outcomes.filter((o) => o.run_id === runId).length;
        report();
      },
    }).start();
    const gateway = createInProcessGateway({ uploads: engine.uploads, assessments: engine.assessments, accounts: engine.accountsRepository });
    const assessor = await createAssessor({ bus, topics, group: 'assessors', gateway, bucketFor: () => options.bucket, concurrency: options.concurrency }).start();

    const ingest = createIngest({
      bucket: options.bucket,
      bus,
      repository: createIngestRepository(db),
      topic: topics.items,
      org: options.org,
      source: options.source,
      settleMs: options.settleMs,
      runId,
    });
    for (;;) {
      const scan = await ingest.scanOnce();
      total += scan.itemsPublished;
      report();
      if (scan.itemsSettling === 0) break;
      // Folders still changing (or too recent) are scanned again once they may have settled.
      await sleep(Math.min(options.settleMs, 5_000));
    }
    scanning = false;
    report();
    await allDone;
    await assessor.close();
    await results.close();
  } finally {
    await bus.close();
  }
  return summarise(runId, await createPipelineRepository(db).currentResults({ runId }), Date.now() - started);
}
