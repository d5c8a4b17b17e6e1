import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { organizations } from './organizations.ts';

/** One row per upload: the ref is bound to the account; the bytes live content-addressed in the image store. */
export const images = pgTable(
  'images',
  {
    ref: text('ref').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    sha256: text('sha256').notNull(),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteLength: integer('byte_length').notNull(),
    filename: text('filename'),
    createdAt: createdAt(),
  },
  (table) => [index('images_org_idx').on(table.orgId)],
);
