import type { Bucket } from '@assay/bucket';
import { isAssayError, itemJsonSchema, limits, type IngestIssue, type ItemJson } from '@assay/contract';
import { sniffFormat } from '@assay/images';
import { z } from 'zod';
import { itemJsonName, type ItemFile, type ItemFolder } from './item-folder.ts';

export interface ItemImage {
  key: string;
  etag: string;
  size: number;
}

export type Inspection =
  | { kind: 'inspected'; images: ItemImage[]; itemJson: ItemJson | null; issues: IngestIssue[] }
  /** A file changed or vanished since it was listed: the folder is a version nobody will see again. */
  | { kind: 'changed'; file: string };

/** item.json holds two short fields; anything this large is not one. */
const maxItemJsonBytes = 64 * 1024;

type FileOutcome = { image: ItemImage } | { itemJson: ItemJson | null } | { issue: IngestIssue } | 'changed';

const issue = (code: IngestIssue['code'], file: string, message: string): { issue: IngestIssue } => ({ issue: { code, file, message } });

/**
 * Reads an item folder's files to sort images from everything else, by content: every file is an
 * image, the item.json, or an issue, so nothing is silently dropped. Files are read one at a time,
 * and only as far as the limits allow, to bound memory.
 * @throws the bucket's retryable `UNAVAILABLE` errors; the caller's next scan retries the item.
 */
export async function inspectItem(bucket: Bucket, folder: ItemFolder): Promise<Inspection> {
  const images: ItemImage[] = [];
  const issues: IngestIssue[] = [];
  let itemJson: ItemJson | null = null;
  for (const file of folder.files) {
    const outcome = file.name === itemJsonName ? await readItemJson(bucket, file) : await inspectFile(bucket, file);
    if (outcome === 'changed') return { kind: 'changed', file: file.name };
    if ('image' in outcome) images.push(outcome.image);
    else if ('issue' in outcome) issues.push(outcome.issue);
    else itemJson = outcome.itemJson;
  }
  return { kind: 'inspected', images, itemJson, issues };
}

async function inspectFile(bucket: Bucket, file: ItemFile): Promise<FileOutcome> {
  if (file.size === 0) return issue('FILE_EMPTY', file.name, 'the file is empty');
  if (file.size > limits.imageBytes) return issue('FILE_TOO_LARGE', file.name, `the file has ${file.size} bytes; images may have ${limits.imageBytes}`);
  // The format shows in the first bytes: the rest is the service's to read (and the memory's to spare).
  const content = await read(bucket, file, { start: sniffBytes });
  if (content === 'changed' || 'issue' in content) return content;
  if (sniffFormat(content.bytes) === null) return issue('FILE_NOT_IMAGE', file.name, 'the file is not an image of an accepted format');
  return { image: { key: file.key, etag: file.etag, size: file.size } };
}

async function readItemJson(bucket: Bucket, file: ItemFile): Promise<FileOutcome> {
  // An invalid item.json is reported and the item still goes out, assessed with the defaults.
  const invalid = (why: string) => issue('ITEM_JSON_INVALID', file.name, `item.json ${why}`);
  if (file.size > maxItemJsonBytes) return invalid(`has ${file.size} bytes; at most ${maxItemJsonBytes} are read`);
  const content = await read(bucket, file, { maxBytes: maxItemJsonBytes });
  if (content === 'changed' || 'issue' in content) return content;
  let json: unknown;
  try {
    json = JSON.parse(content.bytes.toString('utf8'));
  } catch (error) {
    return invalid(`is not JSON: ${(error as Error).message}`);
  }
  const parsed = itemJsonSchema.safeParse(json);
  return parsed.success ? { itemJson: parsed.data } : invalid(`does not match the schema: ${z.prettifyError(parsed.error)}`);
}

/** Enough of a file to tell its format: ISO-BMFF (HEIC) lists its brands in the first box. */
const sniffBytes = 4096;

/**
 * The listed file's bytes (at most `maxBytes`, or only its first `start`), or 'changed' when the
 * bucket now holds other bytes (or none) under its key.
 */
async function read(bucket: Bucket, file: ItemFile, size: { maxBytes: number } | { start: number }): Promise<{ bytes: Buffer } | { issue: IngestIssue } | 'changed'> {
  try {
    const content = 'start' in size ? await bucket.readStart(file.key, size.start) : await bucket.get(file.key, size);
    return content === null || content.etag !== file.etag ? 'changed' : { bytes: content.bytes };
  } catch (error) {
    // Listed at most maxBytes, so a refusal means it was replaced by a larger file meanwhile.
    if (isAssayError(error) && error.code === 'IMAGE_TOO_LARGE') return 'changed';
    // The port lists only keys it accepts, so this is a defence should an adapter ever differ.
    if (error instanceof RangeError) return issue('KEY_INVALID', file.name, `the bucket refuses the key: ${error.message}`);
    throw error;
  }
}
