import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, nullableTimestamp } from './columns.ts';
import { organizations } from './organizations.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    /** Public part of the key, shown in listings and used to revoke it. */
    id: text('id').primaryKey(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id),
    /** SHA-256 of the secret part, hex; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: nullableTimestamp('revoked_at'),
  },
  (table) => [index('api_keys_org_idx').on(table.orgId)],
);
