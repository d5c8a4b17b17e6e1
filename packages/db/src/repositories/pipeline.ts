import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { jsonRows, selectRows } from './json-rows.ts';
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

/** Item counts by category and outcome, and issue counts by code, over current results. */
export interface ResultCounts {
  outcomes: { category: string; outcome: string; count: number }[];
  issues: { code: string; count: number }[];
}

function filterConditions(filter: ResultFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.runId) conditions.push(eq(pipelineOutcomes.runId, filter.runId));
  if (filter.since) conditions.push(gte(pipelineOutcomes.completedAt, filter.since));
  if (filter.category) conditions.push(eq(pipelineOutcomes.category, filter.category));
  return conditions;
}

export function createPipelineRepository(db: Database) {
  const repository = {
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
        const outcomeRows = records.map((r) => ({
          source_event_id: r.sourceEventId, org: r.org, item_key: r.itemKey, category: r.category, item_id: r.itemId, version: r.version,
          source: r.source, run_id: r.runId, external_id: r.externalId, outcome: r.outcome, assessment: r.assessment,
          assessment_id: assessmentIdOf(r.assessment), error: r.error, attempts: r.attempts, completed_at: r.completedAt,
        }));
        const inserted = await selectRows<{ source_event_id: string }>(tx, sql`
          insert into ${pipelineOutcomes} (source_event_id, org, item_key, category, item_id, version, source, run_id, external_id, outcome, assessment, assessment_id, error, attempts, completed_at)
          select * from json_to_recordset(${jsonRows(outcomeRows)}) as r(source_event_id uuid, org text, item_key text, category text, item_id text, version text,
            source text, run_id text, external_id text, outcome text, assessment jsonb, assessment_id uuid, error jsonb, attempts integer, completed_at timestamptz)
          on conflict do nothing
          returning source_event_id`);
        const fresh = new Set(inserted.map((row) => row.source_event_id));
        const stored = records.filter((r) => fresh.has(r.sourceEventId));
        const issueRows = stored.flatMap((r) => r.issues.map((issue, position) => ({ source_event_id: r.sourceEventId, position, ...issue })));
        if (issueRows.length > 0) {
          await tx.execute(sql`
            insert into ${pipelineIssues} (source_event_id, position, code, message, file, detail)
            select * from json_to_recordset(${jsonRows(issueRows)}) as r(source_event_id uuid, position integer, code text, message text, file text, detail jsonb)`);
        }

        // One row per item per statement: PostgreSQL refuses to update a row twice in one upsert.
        const latest = new Map<string, OutcomeRecord>();
        for (const r of stored) {
          const key = `${r.org}\u0000${r.itemKey}`;
          const seen = latest.get(key);
          if (!seen || seen.completedAt <= r.completedAt) latest.set(key, r);
        }
        if (latest.size > 0) {
          const itemRows = [...latest.values()].map((r) => ({ org: r.org, item_key: r.itemKey, category: r.category, current_event_id: r.sourceEventId, current_completed_at: r.completedAt }));
          await tx.execute(sql`
            insert into ${pipelineItems} as i (org, item_key, category, current_event_id, current_completed_at)
            select * from json_to_recordset(${jsonRows(itemRows)}) as r(org text, item_key text, category text, current_event_id uuid, current_completed_at timestamptz)
            on conflict (org, item_key) do update
              set current_event_id = excluded.current_event_id, current_completed_at = excluded.current_completed_at, updated_at = now()
              where excluded.current_completed_at >= i.current_completed_at`);
        }
        return stored.length;
      });
    },

    /**
     * One page of items' current outcomes with their issues, in item order (`item_key`, then
     * `org`); pass the last result's `{ itemKey, org }` as `after` for the next page.
     */
    async currentResultsPage(filter: ResultFilter = {}, page: { after?: { itemKey: string; org: string }; limit?: number } = {}): Promise<CurrentResult[]> {
      const conditions = filterConditions(filter);
      if (page.after) conditions.push(sql`(${pipelineItems.itemKey}, ${pipelineItems.org}) > (${page.after.itemKey}, ${page.after.org})`);
      const rows = await db
        .select({ outcome: pipelineOutcomes, catalogVersionId: assessments.catalogVersionId })
        .from(pipelineItems)
        .innerJoin(pipelineOutcomes, eq(pipelineOutcomes.sourceEventId, pipelineItems.currentEventId))
        .leftJoin(assessments, eq(assessments.id, pipelineOutcomes.assessmentId))
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(pipelineItems.itemKey, pipelineItems.org)
        .limit(page.limit ?? 500);
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

    /** Every matching item's current outcome, a page at a time, so memory does not grow with the inventory. */
    async *eachCurrentResult(filter: ResultFilter = {}, pageSize = 500): AsyncGenerator<CurrentResult> {
      let after: { itemKey: string; org: string } | undefined;
      for (;;) {
        const page = await repository.currentResultsPage(filter, { after, limit: pageSize });
        yield* page;
        if (page.length < pageSize) return;
        const last = page.at(-1)!;
        after = { itemKey: last.itemKey, org: last.org };
      }
    },

    /** All matching items' current outcomes at once: for small selections (tests, a single run's check). */
    async currentResults(filter: ResultFilter = {}): Promise<CurrentResult[]> {
      const all: CurrentResult[] = [];
      for await (const result of repository.eachCurrentResult(filter)) all.push(result);
      return all;
    },

    /** Counts of matching items by category and outcome, and of their issues by code, computed in SQL. */
    async resultCounts(filter: ResultFilter = {}): Promise<ResultCounts> {
      const conditions = filterConditions(filter);
      const where = conditions.length ? and(...conditions) : undefined;
      const outcomes = await db
        .select({ category: pipelineOutcomes.category, outcome: pipelineOutcomes.outcome, count: sql<number>`count(*)::int` })
        .from(pipelineItems)
        .innerJoin(pipelineOutcomes, eq(pipelineOutcomes.sourceEventId, pipelineItems.currentEventId))
        .where(where)
        .groupBy(pipelineOutcomes.category, pipelineOutcomes.outcome);
      const issues = await db
        .select({ code: pipelineIssues.code, count: sql<number>`count(*)::int` })
        .from(pipelineItems)
        .innerJoin(pipelineOutcomes, eq(pipelineOutcomes.sourceEventId, pipelineItems.currentEventId))
        .innerJoin(pipelineIssues, eq(pipelineIssues.sourceEventId, pipelineOutcomes.sourceEventId))
        .where(where)
        .groupBy(pipelineIssues.code);
      return { outcomes: outcomes.map((r) => ({ ...r, count: Number(r.count) })), issues: issues.map((r) => ({ ...r, count: Number(r.count) })) };
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
  return repository;
}

export type PipelineRepository = ReturnType<typeof createPipelineRepository>;

function assessmentIdOf(assessment: Record<string, unknown> | null): string | null {
  const id = assessment?.assessment_id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}
