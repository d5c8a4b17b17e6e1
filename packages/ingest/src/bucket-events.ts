import { z } from 'zod';
import { placeOf } from './key-place.ts';

/**
 * One record of an S3 event notification, as AWS S3 and MinIO both send them (MinIO's Kafka target
 * wraps the records in `{"EventName", "Key", "Records"}`; AWS sends `{"Records"}`). Only the fields
 * ingest reads are checked.
 */
const eventRecordSchema = z.object({
  eventName: z.string(),
  s3: z.object({ bucket: z.object({ name: z.string() }), object: z.object({ key: z.string() }) }),
});
const notificationSchema = z.union([
  z.object({ Records: z.array(eventRecordSchema) }),
  // AWS sends one of these when notifications are configured: nothing to do.
  z.object({ Event: z.literal('s3:TestEvent') }),
]);

/** The location ingest watches, as `s3://bucket/prefix` names it. */
export interface WatchedLocation {
  bucket: string;
  /** Without leading or trailing slashes; empty for the whole bucket. */
  prefix: string;
}

/** A notification that is not an S3 event in a format ingest knows. */
export class BucketEventInvalidError extends Error {
  override name = 'BucketEventInvalidError';
}

/**
 * The item folders a bucket event notification concerns: keys created or removed under the watched
 * location, as `<category>/<item_id>` item keys (each once). Events of other buckets, other
 * prefixes, keys outside an item folder and other event kinds concern none.
 * @throws BucketEventInvalidError when the message is not JSON or not an S3 event notification.
 */
export function itemKeysOfBucketEvent(message: string, watched: WatchedLocation): string[] {
  let parsed: z.infer<typeof notificationSchema>;
  try {
    parsed = notificationSchema.parse(JSON.parse(message));
  } catch (error) {
    throw new BucketEventInvalidError(`not an S3 event notification: ${error instanceof SyntaxError ? 'not JSON' : (error as Error).message.slice(0, 500)}`);
  }
  if (!('Records' in parsed)) return [];
  const prefix = watched.prefix === '' ? '' : `${watched.prefix}/`;
  const itemKeys = new Set<string>();
  for (const record of parsed.Records) {
    if (!/^(s3:)?Object(Created|Removed):/.test(record.eventName)) continue;
    if (record.s3.bucket.name !== watched.bucket) continue;
    const key = decodeObjectKey(record.s3.object.key);
    if (key === null || !key.startsWith(prefix)) continue;
    const place = placeOf(key.slice(prefix.length));
    if (place.kind === 'item-file') itemKeys.add(`${place.category}/${place.itemId}`);
  }
  return [...itemKeys];
}

/** Event keys are URL-encoded with `+` for spaces (form encoding); null if the encoding is broken. */
function decodeObjectKey(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded.replaceAll('+', ' '));
  } catch {
    return null;
  }
}
