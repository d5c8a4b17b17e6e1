import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { catalogVersions } from './catalog.ts';
import { organizations } from './organizations.ts';

export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    category: text('category').notNull(),
    externalId: text('external_id'),
    status: text('status').notNull(),
    /** Category-level fields of `assessment` other than items (coins: presentation). */
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    catalogVersionId: integer('catalog_version_id').references(() => catalogVersions.id),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('assessments_org_idx').on(table.orgId, table.createdAt)],
);

/** One assessed item: its result sections as the response shows them. */
export const assessmentItems = pgTable(
  'assessment_items',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id),
    itemIndex: integer('item_index').notNull(),
    sections: jsonb('sections').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [index('assessment_items_assessment_idx').on(table.assessmentId)],
);

export const assessmentIssues = pgTable(
  'assessment_issues',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    severity: text('severity').notNull(),
    message: text('message').notNull(),
    section: text('section'),
    imageIndex: integer('image_index'),
    itemIndex: integer('item_index'),
  },
  (table) => [index('assessment_issues_assessment_idx').on(table.assessmentId)],
);

/** The images an assessment looked at, by content address in the image store. */
export const assessmentImages = pgTable(
  'assessment_images',
  {
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id),
    imageIndex: integer('image_index').notNull(),
    sha256: text('sha256').notNull(),
    format: text('format').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    filename: text('filename'),
  },
  (table) => [index('assessment_images_assessment_idx').on(table.assessmentId)],
);
