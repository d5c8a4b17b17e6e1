import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { ingestCursors, ingestPublishedVersions } from '../schema/index.ts';

/** Progress of the listing pass over one watched location. */
export interface IngestCursor {
  /** Resume the pass after this key; null to start a new pass at the beginning. */
  startAfter: string | null;
  passesCompleted: number;
}

/** One item version that went out as an `item.discovered` event. */
export interface PublishedVersion {
  itemKey: string;
  version: string;
  eventId: string;
  publishedAt: Date;
}

// Keeps each statement well under PostgreSQL's 65,535 parameters.
const batchSize = 500;

export function createIngestRepository(db: Database) {
  return {
    /** The stored cursor of `source`, or a fresh one (no pass started) if there is none. */
    async loadCursor(source: string): Promise<IngestCursor> {
      const [row] = await db
        .select({ startAfter: ingestCursors.startAfter, passesCompleted: ingestCursors.passesCompleted })
        .from(ingestCursors)
        .where(eq(ingestCursors.source, source));
      return row ?? { startAfter: null, passesCompleted: 0 };
    },

    async saveCursor(source: string, cursor: IngestCursor): Promise<void> {
      const values = { startAfter: cursor.startAfter, passesCompleted: cursor.passesCompleted, updatedAt: new Date() };
      await db
        .insert(ingestCursors)
        .values({ source, ...values })
        .onConflictDoUpdate({ target: ingestCursors.source, set: values });
    },

    /** The versions of these items already published from `source` (any number per item). */
    async publishedVersions(source: string, itemKeys: readonly string[]): Promise<PublishedVersion[]> {
      const found: PublishedVersion[] = [];
      for (let i = 0; i < itemKeys.length; i += batchSize) {
        const rows = await db
          .select({
            itemKey: ingestPublishedVersions.itemKey,
            version: ingestPublishedVersions.version,
            eventId: ingestPublishedVersions.eventId,
            publishedAt: ingestPublishedVersions.publishedAt,
          })
          .from(ingestPublishedVersions)
          .where(and(eq(ingestPublishedVersions.source, source), inArray(ingestPublishedVersions.itemKey, itemKeys.slice(i, i + batchSize))));
        found.push(...rows);
      }
      return found;
    },

    /**
     * Records published versions. A version recorded already keeps its first event: recording is
     * idempotent, so a retry after a crash between publish and record is harmless here.
     */
    async recordPublished(source: string, versions: readonly PublishedVersion[]): Promise<void> {
      for (let i = 0; i < versions.length; i += batchSize) {
        await db
          .insert(ingestPublishedVersions)
          .values(versions.slice(i, i + batchSize).map((version) => ({ source, ...version })))
          .onConflictDoNothing();
      }
    },

    /** How many versions `source` has published; for operators and tests. */
    async countPublished(source: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(ingestPublishedVersions)
        .where(eq(ingestPublishedVersions.source, source));
      return row?.count ?? 0;
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
