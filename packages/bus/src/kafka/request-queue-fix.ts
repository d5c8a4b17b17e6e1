import { createRequire } from 'node:module';

interface RequestQueue {
  pending: unknown[];
  throttledUntil: number;
}

let applied = false;

/**
 * kafkajs 2.2.4 re-arms a timer with a negative delay after every request even when nothing is
 * queued: a 1 ms loop per broker connection that costs CPU (about half of an idle consumer's) and,
 * on Node 24, prints TimeoutNegativeWarning (tulios/kafkajs#1704 and #1751, fixed in unmerged pull
 * requests; the project is in maintenance mode). This skips the re-arm when no request waits and
 * no throttle is in force; a request that has to wait still schedules its own check. Does nothing
 * if a kafkajs release changes the internals it relies on.
 */
export function fixRequestQueueTimer(): void {
  if (applied) return;
  applied = true;
  let RequestQueueClass: { prototype: Record<string, unknown> } | undefined;
  try {
    RequestQueueClass = createRequire(import.meta.url)('kafkajs/src/network/requestQueue/index.js');
  } catch {
    return;
  }
  const original = RequestQueueClass?.prototype.scheduleCheckPendingRequests;
  if (typeof original !== 'function' || RequestQueueClass === undefined) return;
  RequestQueueClass.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueue): unknown {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return undefined;
    return original.call(this);
  };
}
