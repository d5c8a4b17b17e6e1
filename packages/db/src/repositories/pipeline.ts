import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { assessments, pipelineIssues, pipelineItems, pipelineOutcomes } from '../schema/index.ts';

/** One item outcome as the results writer stores it (the `item.outcome` event, flattened). */
export interface OutcomeRecord {
  sourceEventId: string;
  org: string;
  itemKey: string;
  category: string;
  itemId: string;
  version: string;
  source: string;
  runId: string | null;
  externalId: string | null;
  outcome: string;
  assessment: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
  attempts: number;
  completedAt: Date;
  issues: { code: string; message: string; file: string | null; detail: Record<string, unknown> }[];
}

export interface CurrentResult extends Omit<OutcomeRecord, 'issues'> {
  issues: OutcomeRecord['issues'];
  /** The catalog version the assessment used, when it was made in this deployment (in-process). */
  catalogVersionId: number | null;
}

export interface ResultFilter {
  /** Items whose current outcome came from this run. */
  runId?: string;
  /** Items whose current outcome completed at or after this time. */
  since?: Date;
  category?: string;
}

export function createPipelineRepository(db: Database) {
  return {
    /**
     * Stores a batch of outcomes in one transaction. Idempotent: an outcome whose discovered event
     * is already stored changes nothing. Each item's current outcome becomes its latest completed one.
     * Returns how many outcomes were new.
     */
    async recordOutcomes(batch: readonly OutcomeRecord[]): Promise<number> {
      // A batch may carry the same outcome twice (a redelivery next to the original): keep one.
      const records = [...new Map(batch.map((r) => [r.sourceEventId, r])).values()];
      if (records.length === 0) return 0;
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(pipelineOutcomes)
          .values(records.map(({ issues: _issues, ...row }) => ({ ...row, assessmentId: assessmentIdOf(row.assessment) })))
          .onConflictDoNothing()
          .returning({ id: pipelineOutcomes.sourceEventId });
        const fresh = new Set(inserted.map((row) => row.id));
        const stored = records.filter((r) => fresh.has(r.sourceEventId));
        const issues = stored.flatMap((r) => r.issues.map((issue, position) => ({ sourceEventId: r.sourceEventId, position, ...issue })));
        for (let i = 0; i < issues.length; i += 1000) await tx.insert(pipelineIssues).values(issues.slice(i, i + 1000));

        // One row per item per statement: PostgreSQL refuses to update a row twice in one upsert.
        const latest = new Map<string, OutcomeRecord>();
        for (const r of stored) {
          const key = `${r.org}\u0000${r.itemKey}`;
          const seen = latest.get(key);
          if (!seen || seen.completedAt <= r.completedAt) latest.set(key, r);
        }
        if (latest.size > 0) {
          await tx
            .insert(pipelineItems)
            .values([...latest.values()].map((r) => ({ org: r.org, itemKey: r.itemKey, category: r.category, currentEventId: r.sourceEventId, currentCompletedAt: r.completedAt })))
            .onConflictDoUpdate({
              target: [pipelineItems.org, pipelineItems.itemKey],
              set: { currentEventId: sql`excluded.current_event_id`, currentCompletedAt: sql`excluded.current_completed_at`, updatedAt: sql`now()` },
              setWhere: sql`excluded.current_completed_at >= ${pipelineItems.currentCompletedAt}`,
            });
        }
        return stored.length;
      });
    },

    /** Each item's current outcome with its issues, optionally filtered. */
    async currentResults(filter: ResultFilter = {}): Promise<CurrentResult[]> {
      const conditions: SQL[] = [];
      if (filter.runId) conditions.push(eq(pipelineOutcomes.runId, filter.runId));
      if (filter.since) conditions.push(gte(pipelineOutcomes.completedAt, filter.since));
      if (filter.category) conditions.push(eq(pipelineOutcomes.category, filter.category));
      const rows = await db
        .select({ outcome: pipelineOutcomes, catalogVersionId: assessments.catalogVersionId })
        .from(pipelineItems)
        .innerJoin(pipelineOutcomes, eq(pipelineOutcomes.sourceEventId, pipelineItems.currentEventId))
        .leftJoin(assessments, eq(assessments.id, pipelineOutcomes.assessmentId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(pipelineItems.itemKey);
      const ids = rows.map((r) => r.outcome.sourceEventId);
      const issues = ids.length
        ? await db.select().from(pipelineIssues).where(inArray(pipelineIssues.sourceEventId, ids)).orderBy(pipelineIssues.sourceEventId, pipelineIssues.position)
        : [];
      const byEvent = new Map<string, OutcomeRecord['issues']>();
      for (const { sourceEventId, code, message, file, detail } of issues) {
        byEvent.set(sourceEventId, [...(byEvent.get(sourceEventId) ?? []), { code, message, file, detail }]);
      }
      return rows.map(({ outcome: { assessmentId: _a, createdAt: _c, ...row }, catalogVersionId }) => ({
        ...row,
        catalogVersionId,
        issues: byEvent.get(row.sourceEventId) ?? [],
      }));
    },

    /** Every stored outcome of one item, oldest first: its history. */
    async history(org: string, itemKey: string): Promise<Omit<OutcomeRecord, 'issues'>[]> {
      const rows = await db
        .select()
        .from(pipelineOutcomes)
        .where(and(eq(pipelineOutcomes.org, org), eq(pipelineOutcomes.itemKey, itemKey)))
        .orderBy(pipelineOutcomes.completedAt);
      return rows.map(({ assessmentId: _a, createdAt: _c, ...row }) => row);
    },
  };
}

export type PipelineRepository = ReturnType<typeof createPipelineRepository>;

function assessmentIdOf(assessment: Record<string, unknown> | null): string | null {
  const id = assessment?.assessment_id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}
