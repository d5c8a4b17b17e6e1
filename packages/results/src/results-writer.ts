import type { Batch, Bus, Subscription } from '@assay/bus';
import { invalidEventLetter, itemOutcomeSchema, type ItemOutcome } from '@assay/contract';
import type { OutcomeRecord, PipelineRepository } from '@assay/db';

export interface ResultsWriterDeps {
  bus: Bus;
  repository: PipelineRepository;
  /** `item.outcome` events in. */
  topic: string;
  /** Where outcome events that do not parse are set aside. */
  deadLetters: string;
  group: string;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown>) => void;
  /**
   * Called after each batch is stored, with its outcomes (new or already stored), how many were new,
   * and how long the write took (metrics).
   */
  onStored?: (outcomes: ItemOutcome[], stats: { stored: number; seconds: number }) => void;
}

/** The outcome event, flattened into the row the pipeline tables keep. */
export function toRecord(outcome: ItemOutcome): OutcomeRecord {
  return {
    sourceEventId: outcome.source_event_id,
    org: outcome.org,
    itemKey: outcome.item_key,
    category: outcome.category,
    itemId: outcome.item_id,
    version: outcome.version,
    source: outcome.source,
    runId: outcome.run_id,
    externalId: outcome.external_id,
    outcome: outcome.outcome,
    assessment: outcome.assessment,
    error: outcome.error,
    attempts: outcome.attempts,
    completedAt: new Date(outcome.completed_at),
    issues: outcome.issues.map((issue) => ({
      code: issue.code,
      message: issue.message,
      file: 'file' in issue ? issue.file : null,
      detail: issue as Record<string, unknown>,
    })),
  };
}

/**
 * The results writer: stores each batch of outcomes in one transaction, idempotently, so a
 * redelivered batch changes nothing. When the database refuses, the handler fails and the bus
 * delivers the batch again later; nothing is committed before it is stored.
 */
export function createResultsWriter(deps: ResultsWriterDeps) {
  const log = deps.log ?? (() => {});

  async function handleBatch(batch: Batch): Promise<void> {
    const outcomes: ItemOutcome[] = [];
    for (const message of batch.messages) {
      try {
        outcomes.push(itemOutcomeSchema.parse(JSON.parse(message.value.toString('utf8'))));
      } catch (error) {
        log('warn', 'unreadable outcome set aside', { item_key: message.key || null, partition: batch.partition, offset: message.offset });
        await deps.bus.publish(deps.deadLetters, [{ key: message.key || 'poison', value: JSON.stringify(invalidEventLetter(message.value.toString('utf8'), message.key || null, error)) }]);
      }
    }
    const records = outcomes.map(toRecord);
    const started = performance.now();
    const stored = await deps.repository.recordOutcomes(records);
    const seconds = (performance.now() - started) / 1000;
    const { partition, messages } = batch;
    log('info', 'outcomes stored', { received: records.length, new: stored, partition, offsets: `${messages[0]?.offset}-${messages.at(-1)?.offset}` });
    deps.onStored?.(outcomes, { stored, seconds });
  }

  return {
    /** Joins the group; resolves once this member has its first partitions. */
    start(): Promise<Subscription> {
      // Partitions are written side by side, each batch in its own transaction on its own connection.
      return deps.bus.subscribe({ group: deps.group, topics: [deps.topic], handler: handleBatch, concurrency: 4 });
    },
  };
}

export type ResultsWriter = ReturnType<typeof createResultsWriter>;
