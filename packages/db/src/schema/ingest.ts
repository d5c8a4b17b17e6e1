import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Where ingest's current listing pass over one watched location stands. A pass lists the whole
 * location in key order; `start_after` is the last key of the last item folder it finished, so a
 * restarted ingest resumes the pass there instead of listing everything again. Null between passes.
 */
export const ingestCursors = pgTable('ingest_cursors', {
  /** The watched bucket URL (the `source` of the events). */
  source: text('source').primaryKey(),
  startAfter: text('start_after'),
  passesCompleted: integer('passes_completed').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdAt: createdAt(),
});

/**
 * Every item version ingest has published, so that no version goes out twice, also across restarts
 * and when a folder changes back to an earlier content. Written after the publish is acknowledged.
 */
export const ingestPublishedVersions = pgTable(
  'ingest_published_versions',
  {
    source: text('source').notNull(),
    /** `<category>/<item_id>`, the event's key. */
    itemKey: text('item_key').notNull(),
    /** Digest of the folder's (file, ETag) list. */
    version: text('version').notNull(),
    /** The `event_id` of the event that carried it, to trace a result back to its event. */
    eventId: uuid('event_id').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  // The primary key's leading (source, item_key) columns serve the lookup by item as well.
  (table) => [primaryKey({ columns: [table.source, table.itemKey, table.version] })],
);
