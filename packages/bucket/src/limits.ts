import type { ListOptions } from './bucket.ts';

export function pageSizeOf(options: ListOptions): number {
  const size = options.pageSize ?? 1000;
  // S3 returns at most 1000 per request; a larger page would behave differently per adapter.
  if (!Number.isInteger(size) || size < 1 || size > 1000) throw new RangeError(`pageSize must be an integer from 1 to 1000, not ${size}`);
  return size;
}

export function assertMaxBytes(maxBytes: number | undefined): void {
  if (maxBytes !== undefined && (!Number.isInteger(maxBytes) || maxBytes < 0)) throw new RangeError(`maxBytes must be a non-negative integer, not ${maxBytes}`);
}

export function assertLength(length: number): void {
  if (!Number.isInteger(length) || length < 1) throw new RangeError(`length must be a positive integer, not ${length}`);
}
