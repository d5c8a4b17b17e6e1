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

/** The items a reprocess selects: current results matching every filter given, a page at a time. */
export async function* selectForReprocess(db: Database, filter: ReprocessFilter): AsyncGenerator<CurrentResult> {
  for await (const result of createPipelineRepository(db).eachCurrentResult(filter)) {
    if (filter.catalogVersion !== undefined && result.catalogVersionId !== filter.catalogVersion) continue;
    if (filter.belowConfidence !== undefined) {
      const confidence = lowestIdentityConfidence(result);
      if (confidence === null || confidence >= filter.belowConfidence) continue;
    }
    yield result;
  }
}

function lowestIdentityConfidence(result: CurrentResult): number | null {
  const items = ((result.assessment?.assessment as { items?: { identity?: { confidence?: unknown } }[] } | undefined)?.items ?? []);
  const values = items.map((item) => item.identity?.confidence).filter((c): c is number => typeof c === 'number');
  return values.length ? Math.min(...values) : null;
}

/**
 * Publishes a fresh `item.discovered` event (new event id, the folder as it is now) for each
 * selected item, under one new run id, 500 at a time so memory does not grow with the selection.
 * Items whose folder is gone are skipped and listed.
 */
export async function republish(
  results: AsyncIterable<CurrentResult> | Iterable<CurrentResult>,
  options: { bus: Bus; topic: string; bucketFor: (source: string) => Bucket; runId?: string },
): Promise<{ runId: string; selected: number; published: number; missing: string[] }> {
  const runId = options.runId ?? randomUUID();
  const missing: string[] = [];
  let selected = 0;
  let published = 0;
  let pending: ItemDiscovered[] = [];
  const flush = async () => {
    await options.bus.publish(options.topic, pending.map((event) => ({ key: event.item_key, value: JSON.stringify(event) })));
    published += pending.length;
    pending = [];
  };
  for await (const result of results) {
    selected++;
    const event = await rediscoverItem(options.bucketFor(result.source), result.itemKey, { org: result.org, source: result.source, runId });
    if (event) pending.push(event);
    else missing.push(result.itemKey);
    if (pending.length === 500) await flush();
  }
  if (pending.length > 0) await flush();
  return { runId, selected, published, missing };
}
