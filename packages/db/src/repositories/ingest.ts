import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { ingestCursors, ingestNotItems, ingestPublishedVersions, pipelineOutcomes } from '../schema/index.ts';

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

/** A folder a listing pass found outside the item layout (see the `ingest_not_items` table). */
export interface StoredNotItem {
  source: string;
  path: string;
  problem: string;
  files: number;
  example: string;
  message: string;
  runId: string | null;
  seenAt: Date;
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

    /**
     * Forgets the versions of `source` that were published but have no stored outcome, so the next
     * scan publishes them again (under the same event ids, which the results writer deduplicates
     * on); returns how many. Only for a bus that loses what it holds when its process dies (the
     * embedded run's in-process bus), and only while nothing else works on `source`: Kafka keeps
     * published events, and a live consumer may be assessing these very versions.
     */
    async forgetUnfinished(source: string): Promise<number> {
      const forgotten = await db
        .delete(ingestPublishedVersions)
        .where(
          and(
            eq(ingestPublishedVersions.source, source),
            notExists(db.select({ one: sql`1` }).from(pipelineOutcomes).where(eq(pipelineOutcomes.sourceEventId, ingestPublishedVersions.eventId))),
          ),
        )
        .returning({ itemKey: ingestPublishedVersions.itemKey });
      return forgotten.length;
    },

    /** Replaces what `source` holds outside the item layout with what a full pass has just found. */
    async replaceNotItems(source: string, found: readonly Omit<StoredNotItem, 'source'>[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(ingestNotItems).where(eq(ingestNotItems.source, source));
        for (let i = 0; i < found.length; i += batchSize) {
          await tx.insert(ingestNotItems).values(found.slice(i, i + batchSize).map((notItem) => ({ source, ...notItem })));
        }
      });
    },

    /** Folders outside the item layout, as the last full pass over each location found them; of one run with `runId`. */
    async notItems(filter: { runId?: string } = {}): Promise<StoredNotItem[]> {
      return db
        .select()
        .from(ingestNotItems)
        .where(filter.runId === undefined ? undefined : eq(ingestNotItems.runId, filter.runId))
        .orderBy(ingestNotItems.source, ingestNotItems.path);
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
