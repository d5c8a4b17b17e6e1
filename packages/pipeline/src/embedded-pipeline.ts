import { setTimeout as sleep } from 'node:timers/promises';
import { createAssessor, createInProcessGateway } from '@assay/assessor';
import type { Bucket } from '@assay/bucket';
import { createMemoryBus, type Bus, type Subscription } from '@assay/bus';
import { operations, type ItemOutcome } from '@assay/contract';
import { createPipelineRepository } from '@assay/db';
import { createResultsWriter } from '@assay/results';
import type { Engine } from '@assay/runtime';

export const embeddedTopics = { items: 'assay.items', outcomes: 'assay.outcomes', deadLetters: 'assay.dead-letters' };

export interface EmbeddedPipeline {
  bus: Bus;
  /** Outcomes of `runId` stored so far. */
  done(): number;
  /** Resolves once `total` outcomes of the run are stored. */
  waitFor(total: number): Promise<void>;
  /**
   * Stops taking items, lets the items being assessed finish and their outcomes be stored, for
   * `drainMs` at most, then closes. Items not finished by then have no outcome; the next run takes
   * them up (see runBatch).
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** How often a closing pipeline looks whether the results writer has stored every outcome. */
const drainPollMs = 50;

/**
 * Assessor and results writer over an in-process bus, for `assay run` and `assay reprocess`:
 * whatever is published to the items topic ends as a stored outcome. The organization, when given,
 * is created with every operation enabled if it does not exist (the embedded default runs on one's
 * own machine); reprocessing passes none, its items' organizations exist already.
 */
export async function startEmbeddedPipeline(options: {
  engine: Engine;
  org?: string;
  runId: string;
  bucketFor: (source: string) => Bucket;
  concurrency: number;
  onStored?: (done: number) => void;
  log?: (level: 'error' | 'warn' | 'info', message: string, fields: Record<string, unknown>) => void;
}): Promise<EmbeddedPipeline> {
  const { engine } = options;
  if (options.org && !(await engine.accountsRepository.findOrganization(options.org))) {
    await engine.accountsRepository.upsertOrganization(options.org, [...operations]);
  }
  const bus = createMemoryBus();
  let done = 0;
  const waiting: { total: number; resolve: () => void }[] = [];
  const settle = () => {
    for (const waiter of waiting.filter((w) => done >= w.total)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const results: Subscription = await createResultsWriter({
    bus,
    repository: createPipelineRepository(engine.database.db),
    topic: embeddedTopics.outcomes,
    deadLetters: embeddedTopics.deadLetters,
    group: 'results',
    log: options.log,
    onStored: (outcomes: ItemOutcome[]) => {
      done += outcomes.filter((o) => o.run_id === options.runId).length;
      options.onStored?.(done);
      settle();
    },
  }).start();
  const gateway = createInProcessGateway({ uploads: engine.uploads, assessments: engine.assessments, accounts: engine.accountsRepository });
  let assessor: Subscription;
  try {
    assessor = await createAssessor({ bus, topics: embeddedTopics, group: 'assessors', gateway, bucketFor: options.bucketFor, concurrency: options.concurrency, log: options.log }).start();
  } catch (error) {
    await results.close();
    await bus.close();
    throw error;
  }
  const outcomesStored = async () => {
    while ((await bus.lag('results', [embeddedTopics.outcomes])).some((partition) => partition.lag > 0)) await sleep(drainPollMs);
  };
  return {
    bus,
    done: () => done,
    waitFor: (total) =>
      new Promise<void>((resolve) => {
        waiting.push({ total, resolve });
        settle();
      }),
    async close({ drainMs = 10_000 } = {}) {
      // The assessor first: closing it finishes the items being assessed and hands back the rest.
      const drained = (async () => {
        await assessor.close();
        await outcomesStored();
      })();
      const deadline = new AbortController();
      await Promise.race([drained, sleep(drainMs, undefined, { signal: deadline.signal }).catch(() => {})]);
      deadline.abort();
      await results.close();
      await bus.close();
    },
  };
}
