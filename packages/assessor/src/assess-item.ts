import { randomUUID } from 'node:crypto';
import type { Bucket } from '@assay/bucket';
import { limits, type IngestIssue, type ItemDiscovered, type ItemFailureCode, type ItemOutcome } from '@assay/contract';
import type { AssessmentGateway, GatewayFailure } from './gateway.ts';
import { withRetries, type RetryPolicy } from './retry.ts';

export interface AssessItemDeps {
  bucketFor: (source: string) => Bucket;
  gateway: AssessmentGateway;
  retry: RetryPolicy;
  signal?: AbortSignal;
  now?: () => Date;
  /**
   * Runs each stage of the item in a slot of its own (the assessor bounds each with p-limit), so the
   * next items' uploads overlap the current items' assessments. Without it, stages run at once.
   */
  stages?: ItemStages;
  /** Called before each retry (metrics). */
  onRetry?: (failure: GatewayFailure) => void;
}

/** Slot wrappers for the two stages of an item: reading and uploading its images, and assessing. */
export interface ItemStages {
  upload<T>(work: () => Promise<T>): Promise<T>;
  assess<T>(work: () => Promise<T>): Promise<T>;
}

const atOnce: ItemStages = { upload: (work) => work(), assess: (work) => work() };

const maxImages = { coins: limits.coinImages.max, cards: limits.cardImages, toys: limits.toyImages } as const;

// Failures that say something about Assay, its peers or its configuration (the account) rather
// than about the item: the item fails and is dead-lettered, to be replayed once that is mended.
const ourFailures = new Set<ItemFailureCode>([
  'INTERNAL',
  'UNAVAILABLE',
  'NETWORK',
  'TIMEOUT',
  'BAD_RESPONSE',
  'RATE_LIMITED',
  'AUTH_TOKEN_MISSING',
  'AUTH_TOKEN_INVALID',
  'OPERATION_NOT_ENABLED',
  // The category is not served by this deployment (yet).
  'NOT_FOUND',
]);

/**
 * The item was not finished because its consumer is stopping (shutdown, or its partition moving to
 * another member): no outcome is made, and the item is delivered again to the partition's next owner.
 */
export class ItemHandedBackError extends Error {
  override name = 'ItemHandedBackError';
}

// A stopping consumer must not turn an unfinished item into a failure: it hands the item back.
function handBackIfStopping(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ItemHandedBackError('the consumer is stopping; the item goes back to the group');
}

/**
 * Takes one discovered item version to its outcome: reads its images from the bucket, uploads
 * them, requests the assessment, retrying what may pass later. A file the service refuses becomes
 * an issue and the rest goes on; an item with nothing usable is rejected; what Assay could not
 * finish is failed, with the reason.
 * @throws ItemHandedBackError when `signal` aborts before the item is done.
 */
export async function assessItem(event: ItemDiscovered, deps: AssessItemDeps): Promise<ItemOutcome> {
  const issues: ItemOutcome['issues'] = [...event.issues];
  let attempts = 1;
  const finish = (outcome: ItemOutcome['outcome'], assessment: Record<string, unknown> | null, error: GatewayFailure | { code: ItemFailureCode; message: string } | null): ItemOutcome => ({
    type: 'item.outcome',
    schema_version: 1,
    event_id: randomUUID(),
    source_event_id: event.event_id,
    run_id: event.run_id,
    org: event.org,
    item_key: event.item_key,
    category: event.category,
    item_id: event.item_id,
    version: event.version,
    source: event.source,
    external_id: event.item_json?.external_id ?? null,
    outcome,
    assessment,
    issues,
    error: error ? { code: error.code, message: error.message } : null,
    attempts,
    completed_at: (deps.now?.() ?? new Date()).toISOString(),
  });
  const retry = async <T>(work: () => Promise<T>) => {
    const result = await withRetries(work, deps.retry, { signal: deps.signal, onRetry: deps.onRetry && ((failure) => deps.onRetry!(failure)) });
    attempts = Math.max(attempts, result.attempts);
    return result;
  };
  const fileIssue = (code: IngestIssue['code'], message: string, file: string | null) => issues.push({ code, message, file });

  const bucket = deps.bucketFor(event.source);
  const wanted = event.images.slice(0, maxImages[event.category]);
  if (event.images.length > wanted.length) {
    fileIssue('ITEM_TOO_MANY_IMAGES', `only the first ${wanted.length} of ${event.images.length} images are assessed`, null);
  }
  const stages = deps.stages ?? atOnce;
  const uploaded = await stages.upload(async (): Promise<{ refs: string[] } | { failure: GatewayFailure }> => {
    handBackIfStopping(deps.signal);
    const refs: string[] = [];
    for (const image of wanted) {
      const file = image.key.split('/').pop() ?? image.key;
      const read = await retry(() => bucket.get(image.key, { maxBytes: limits.imageBytes }));
      if (!read.ok) {
        if (read.failure.retryable || ourFailures.has(read.failure.code)) return { failure: read.failure };
        fileIssue('FILE_TOO_LARGE', read.failure.message, file);
        continue;
      }
      if (!read.value) {
        fileIssue('FILE_MISSING', `${file} was deleted before it could be assessed`, file);
        continue;
      }
      const upload = await retry(() => deps.gateway.upload(event.org, read.value!.bytes, file));
      if (upload.ok) refs.push(upload.value);
      else if (ourFailures.has(upload.failure.code) || upload.failure.retryable) return { failure: upload.failure };
      else fileIssue('FILE_REJECTED', `${file}: ${upload.failure.message} (${upload.failure.code})`, file);
    }
    return { refs };
  });
  if ('failure' in uploaded) {
    handBackIfStopping(deps.signal);
    return finish('failed', null, uploaded.failure);
  }
  const { refs } = uploaded;
  if (refs.length === 0) {
    return finish('rejected', null, { code: 'ITEM_NO_USABLE_IMAGES', message: 'the item has no image that could be assessed' });
  }

  const request = {
    images: refs.map((image_ref) => ({ image_ref })),
    ...(event.item_json?.external_id ? { external_id: event.item_json.external_id } : {}),
    ...(event.item_json?.include ? { include: event.item_json.include } : {}),
  };
  const assessed = await stages.assess(() => {
    handBackIfStopping(deps.signal);
    return retry(() => deps.gateway.assess(event.org, event.category, request));
  });
  if (assessed.ok) {
    issues.push(...((assessed.value.issues as ItemOutcome['issues']) ?? []));
    return finish('assessed', assessed.value, null);
  }
  const { failure } = assessed;
  const failed = failure.retryable || ourFailures.has(failure.code);
  if (failed) handBackIfStopping(deps.signal);
  return finish(failed ? 'failed' : 'rejected', null, failure);
}
