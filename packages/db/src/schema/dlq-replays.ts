import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Dead letters already replayed (`assay dlq replay`), so that none is replayed twice. Keyed by the
 * dead-lettered event's id rather than the letter's place on the topic: the assessor may
 * dead-letter one event twice (at-least-once delivery), and both copies are one replay.
 */
export const dlqReplays = pgTable('dlq_replays', {
  letterEventId: uuid('letter_event_id').primaryKey(),
  itemKey: text('item_key').notNull(),
  reason: text('reason').notNull(),
  /** The fresh `item.discovered` event it went out as. */
  replayEventId: uuid('replay_event_id').notNull(),
  /** The run id the replay published under (`assay results --run` shows its outcomes). */
  runId: text('run_id').notNull(),
  replayedAt: timestamp('replayed_at', { withTimezone: true, mode: 'date' }).notNull(),
  createdAt: createdAt(),
});
