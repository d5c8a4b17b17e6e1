import { randomUUID } from 'node:crypto';
import type { Bucket } from '@assay/bucket';
import type { Bus } from '@assay/bus';
import type { ItemDiscovered } from '@assay/contract';
import { createPipelineRepository, type CurrentResult, type Database, type ResultFilter } from '@assay/db';
import { rediscoverItem } from '@assay/ingest';

export interface ReprocessFilter extends ResultFilter {
  /** Items assessed with this catalog version. */
  catalogVersion?: number;
  /** Assessed items whose identity confidence is below this (0 to 1). */
  belowConfidence?: number;
}

/** The items a reprocess selects: current results matching every filter given. */
export async function selectForReprocess(db: Database, filter: ReprocessFilter): Promise<CurrentResult[]> {
  const results = await createPipelineRepository(db).currentResults(filter);
  return results.filter((result) => {
    if (filter.catalogVersion !== undefined && result.catalogVersionId !== filter.catalogVersion) return false;
    if (filter.belowConfidence !== undefined) {
      const confidence = lowestIdentityConfidence(result);
      if (confidence === null || confidence >= filter.belowConfidence) return false;
    }
    return true;
  });
}

function lowestIdentityConfidence(result: CurrentResult): number | null {
  const items = ((result.assessment?.assessment as { items?: { identity?: { confidence?: unknown } }[] } | undefined)?.items ?? []);
  const values = items.map((item) => item.identity?.confidence).filter((c): c is number => typeof c === 'number');
  return values.length ? Math.min(...values) : null;
}

/**
 * Publishes a fresh `item.discovered` event (new event id, the folder as it is now) for each
 * selected item, under one new run id; returns the run id and the events. Items whose folder is gone
 * are skipped and listed.
 */
export async function republish(
  results: readonly CurrentResult[],
  options: { bus: Bus; topic: string; bucketFor: (source: string) => Bucket; runId?: string },
): Promise<{ runId: string; events: ItemDiscovered[]; missing: string[] }> {
  const runId = options.runId ?? randomUUID();
  const events: ItemDiscovered[] = [];
  const missing: string[] = [];
  for (const result of results) {
    const event = await rediscoverItem(options.bucketFor(result.source), result.itemKey, { org: result.org, source: result.source, runId });
    if (event) events.push(event);
    else missing.push(result.itemKey);
  }
  for (let i = 0; i < events.length; i += 500) {
    await options.bus.publish(options.topic, events.slice(i, i + 500).map((event) => ({ key: event.item_key, value: JSON.stringify(event) })));
  }
  return { runId, events, missing };
}
