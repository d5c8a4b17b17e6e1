import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** One row per `assay catalog import`: every import is a new version; assessments name the one they used. */
export const catalogVersions = pgTable('catalog_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** Folder the catalog was imported from, for operators. */
  source: text('source').notNull(),
  /** SHA-256 over the catalog's files: the same content imported twice has the same digest. */
  digest: text('digest').notNull(),
  entryCounts: jsonb('entry_counts').$type<Record<string, number>>().notNull(),
  createdAt: createdAt(),
});

/** One catalog entry of one version: its validated manifest and the image features the recognizer needs. */
export const catalogEntries = pgTable(
  'catalog_entries',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => catalogVersions.id),
    category: text('category').notNull(),
    entryId: text('entry_id').notNull(),
    /** The entry.json content, as validated at import. */
    manifest: jsonb('manifest').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.category, table.entryId] })],
);

/**
 * Precomputed recognizer references of a version: one JSON document per category, stored as its
 * text in parts of about 256 KB (see the catalog repository). A part is all the database ever holds
 * of a document at once: the embedded database's memory only grows, and a document read or built
 * whole (the sample catalog's coin references are 10.6 MB) would stay in it for the whole run.
 */
export const catalogReferenceParts = pgTable(
  'catalog_reference_parts',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => catalogVersions.id),
    category: text('category').notNull(),
    /** 0, 1, 2 …: the document is the parts' text joined in this order. */
    part: integer('part').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.category, table.part] })],
);
