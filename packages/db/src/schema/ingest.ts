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

/**
 * What the last full listing pass over a location found outside the item layout: one row per
 * folder whose files are in no item folder (an unknown category, loose files, nested folders), so
 * a results export accounts for every folder, not only the items. Replaced at the end of each pass.
 */
export const ingestNotItems = pgTable(
  'ingest_not_items',
  {
    source: text('source').notNull(),
    /** The folder relative to the location, ending in `/` (`''`: the location itself). */
    path: text('path').notNull(),
    /** `unknown-category`, `loose-files` or `nested-folders`. */
    problem: text('problem').notNull(),
    files: integer('files').notNull(),
    example: text('example').notNull(),
    message: text('message').notNull(),
    /** The `assay run` whose pass found it; null for a long-running ingest. */
    runId: text('run_id'),
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.path] })],
);
