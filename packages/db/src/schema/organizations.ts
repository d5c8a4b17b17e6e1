import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** Enabled operations such as `coins.grade`; validated against the contract when read. */
  operations: text('operations').array().notNull(),
  createdAt: createdAt(),
});
