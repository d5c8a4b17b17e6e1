export { createIngest, defaultSettleMs, type Ingest, type IngestOptions, type ScanOptions, type WatchOptions } from './create-ingest.ts';
export type { IngestLogger } from './logger.ts';
export type { ScanSummary } from './scan-summary.ts';
export { rediscoverItem, type RediscoverOptions } from './rediscover.ts';
export { followBucketEvents, type FollowBucketEventsOptions } from './follow-bucket-events.ts';
export { itemKeysOfBucketEvent, BucketEventInvalidError, type WatchedLocation } from './bucket-events.ts';
export { type NotAnItem, type NotAnItemProblem } from './not-an-item.ts';
