import { z } from 'zod';
import { errorCodes } from './errors.ts';
import { issueSchema } from './issues.ts';
import { categories } from './operations.ts';

/*
 * Events between the pipeline's services. Every event carries its `type` and a `schema_version`;
 * a consumer refuses versions it does not know (the event goes to the dead-letter topic) rather
 * than guessing. Adding optional fields keeps the version; anything else is a new version.
 */

const itemJsonSchema = z.strictObject({
  external_id: z.string().min(1).max(256).optional(),
  include: z.array(z.enum(['identity', 'grade', 'valuation'])).min(1).optional(),
});

export const ingestIssueSchema = z.strictObject({
  code: z.enum([
    'FILE_NOT_IMAGE',
    'FILE_EMPTY',
    'FILE_TOO_LARGE',
    'FILE_MISSING',
    'FILE_REJECTED',
    'ITEM_JSON_INVALID',
    'ITEM_TOO_MANY_IMAGES',
    'KEY_INVALID',
  ]),
  message: z.string(),
  /** Object key (relative to the item folder) the issue concerns, if one. */
  file: z.string().nullable(),
});

/** What every item event says about its item version. */
const itemFields = {
  schema_version: z.literal(1),
  event_id: z.uuid(),
  /** The run that discovered it (`assay run`), or null for a long-running ingest service. */
  run_id: z.string().nullable(),
  /** The organization whose operations and account the assessment runs under. */
  org: z.string().min(1),
  /** `<category>/<item_id>`, relative to the watched prefix: the event key, so one item stays on one partition. */
  item_key: z.string().min(1),
  category: z.enum(categories),
  item_id: z.string().min(1),
  /** Digest of the folder's (file, ETag) list: a changed folder is a new version. */
  version: z.string().min(1),
  /** Where the images are: a bucket URL (`s3://bucket/prefix` or a folder). */
  source: z.string().min(1),
};

/** One ready item version found in the bucket: `<prefix>/<category>/<item_id>/`. */
export const itemDiscoveredSchema = z.strictObject({
  type: z.literal('item.discovered'),
  ...itemFields,
  /** The item's images in file-name order, as keys relative to `source`. */
  images: z.array(z.strictObject({ key: z.string(), etag: z.string(), size: z.int().min(0) })),
  item_json: itemJsonSchema.nullable(),
  /** Files of the folder that will not be assessed, and why. */
  issues: z.array(ingestIssueSchema),
  discovered_at: z.iso.datetime(),
});

export type ItemDiscovered = z.infer<typeof itemDiscoveredSchema>;
export type IngestIssue = z.infer<typeof ingestIssueSchema>;
export type ItemJson = z.infer<typeof itemJsonSchema>;
export { itemJsonSchema };

/**
 * Failures on the way to a remote assessment service where no answer carried one of the spec's
 * codes: the connection failed, no answer in time, or an answer that is not the spec's.
 */
export const transportFailureCodes = ['NETWORK', 'TIMEOUT', 'BAD_RESPONSE'] as const;
export type TransportFailureCode = (typeof transportFailureCodes)[number];

/**
 * Why an item was rejected or failed: an error code of the spec (the service's answer), a transport
 * failure, or the pipeline's own finding that nothing in the item could be assessed.
 */
export const itemFailureCodes = [...errorCodes, ...transportFailureCodes, 'ITEM_NO_USABLE_IMAGES'] as const;
export type ItemFailureCode = (typeof itemFailureCodes)[number];

export const itemOutcomes = ['assessed', 'rejected', 'failed'] as const;
export type ItemOutcomeKind = (typeof itemOutcomes)[number];

/**
 * What became of one item version: `assessed` carries the spec's assessment response; `rejected`
 * means the item itself is unusable (no images, none decodable, …) and says why; `failed` means
 * Assay could not finish it (retries exhausted, an unexpected error) — such items also go to the
 * dead-letter topic so they can be replayed.
 */
export const itemOutcomeSchema = z.strictObject({
  type: z.literal('item.outcome'),
  ...itemFields,
  /** The `item.discovered` event this answers: one outcome is kept per discovered event, however often redelivered. */
  source_event_id: z.uuid(),
  external_id: z.string().nullable(),
  outcome: z.enum(itemOutcomes),
  /** The assessment response, for `assessed`. */
  assessment: z.record(z.string(), z.unknown()).nullable(),
  /** Ingest issues of the item's files, then the assessment's issues. */
  issues: z.array(z.union([ingestIssueSchema, issueSchema])),
  /** Why the item was rejected or failed: a stable code and a message. */
  error: z.strictObject({ code: z.enum(itemFailureCodes), message: z.string() }).nullable(),
  attempts: z.int().min(1),
  completed_at: z.iso.datetime(),
});

export type ItemOutcome = z.infer<typeof itemOutcomeSchema>;

/** Why an event was set aside on the dead-letter topic: its item failed, or the event itself is not valid. */
export const deadLetterReasons = [...itemFailureCodes, 'EVENT_INVALID'] as const;
export type DeadLetterReason = (typeof deadLetterReasons)[number];

/**
 * A dead letter: an event the pipeline set aside, with the reason, so it can be listed and, once the
 * cause is mended, replayed. `event` is the `item.discovered` event when the item failed, or the raw
 * text (cut to 100,000 characters) of an event that was not valid; `outcome` is the failed item's
 * outcome, null for an invalid event.
 */
export const deadLetterSchema = z.strictObject({
  reason: z.enum(deadLetterReasons),
  message: z.string(),
  item_key: z.string().nullable(),
  event: z.unknown(),
  outcome: itemOutcomeSchema.nullable(),
});

export type DeadLetter = z.infer<typeof deadLetterSchema>;

/** The dead letter of an event that is not valid (poison): it can be listed, never replayed. */
export function invalidEventLetter(raw: string, itemKey: string | null, error: unknown): DeadLetter {
  const message = error instanceof Error ? error.message : String(error);
  return { reason: 'EVENT_INVALID', message: message.slice(0, 2000), item_key: itemKey, event: raw.slice(0, 100_000), outcome: null };
}
