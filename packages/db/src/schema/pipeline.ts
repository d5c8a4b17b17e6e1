import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * What the pipeline made of each item version it was sent: one row per `item.discovered` event
 * (the idempotency key), so redelivered outcomes change nothing and re-assessments add history.
 */
export const pipelineOutcomes = pgTable(
  'pipeline_outcomes',
  {
    sourceEventId: uuid('source_event_id').primaryKey(),
    org: text('org').notNull(),
    itemKey: text('item_key').notNull(),
    category: text('category').notNull(),
    itemId: text('item_id').notNull(),
    version: text('version').notNull(),
    /** The bucket the item's images are in, so the item can be found again to reprocess it. */
    source: text('source').notNull().default(''),
    runId: text('run_id'),
    externalId: text('external_id'),
    outcome: text('outcome').notNull(),
    /** The spec's assessment response, for assessed items. */
    assessment: jsonb('assessment').$type<Record<string, unknown>>(),
    assessmentId: uuid('assessment_id'),
    error: jsonb('error').$type<{ code: string; message: string }>(),
    attempts: integer('attempts').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('pipeline_outcomes_item_idx').on(table.org, table.itemKey, table.completedAt), index('pipeline_outcomes_run_idx').on(table.runId)],
);

/** Each item's issues, per outcome: ingest issues of its files and the assessment's issues. */
export const pipelineIssues = pgTable(
  'pipeline_issues',
  {
    sourceEventId: uuid('source_event_id')
      .notNull()
      .references(() => pipelineOutcomes.sourceEventId),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    message: text('message').notNull(),
    file: text('file'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.sourceEventId, table.position] }), index('pipeline_issues_code_idx').on(table.code)],
);

/** Every item once, pointing at its current (latest completed) outcome. */
export const pipelineItems = pgTable(
  'pipeline_items',
  {
    org: text('org').notNull(),
    itemKey: text('item_key').notNull(),
    category: text('category').notNull(),
    currentEventId: uuid('current_event_id')
      .notNull()
      .references(() => pipelineOutcomes.sourceEventId),
    currentCompletedAt: timestamp('current_completed_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.org, table.itemKey] })],
);
