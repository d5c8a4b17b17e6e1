import { timestamp } from 'drizzle-orm/pg-core';

/** Every table's creation time, in UTC with time zone, set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const nullableTimestamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
