import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';

/**
 * Rows for a bulk insert, sent as one JSON parameter and expanded by `json_to_recordset` in the
 * database. Building a multi-row VALUES list through the query builder costs more CPU than the
 * database spends storing the rows; one parameter costs one `JSON.stringify`.
 */
export function jsonRows(rows: readonly Record<string, unknown>[]): SQL {
  let json = JSON.stringify(rows);
  // PostgreSQL text holds neither NUL nor lone surrogates (JSON.stringify escapes both): an odd
  // file name or external id must not fail the whole batch, so such strings are repaired first.
  if (/\\u(0000|d[89a-f])/i.test(json)) json = JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'string' ? value.toWellFormed().replaceAll('\0', '\uFFFD') : value));
  return sql`${json}::json`;
}

/** The rows a raw statement returns; node-postgres and PGlite both answer with `rows`. */
export async function selectRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
