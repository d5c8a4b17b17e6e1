import { setTimeout as sleep } from 'node:timers/promises';
import type { Bucket } from '@assay/bucket';
import type { Bus } from '@assay/bus';
import type { ItemDiscovered } from '@assay/contract';
import type { IngestRepository } from '@assay/db';
import type { ItemFolder } from './item-folder.ts';
import { listFolders, readItemFolder } from './list-folders.ts';
import { silentLogger, type IngestLogger } from './logger.ts';
import { publishReady, type PublishContext } from './publish-ready.ts';
import { readinessOf } from './readiness.ts';
import { emptySummary, type ScanSummary } from './scan-summary.ts';
import { strayReport, type LoggedNotItems } from './stray-report.ts';

/** How long a folder without item.json must stay unchanged before it is ready. */
export const defaultSettleMs = 30_000;

export interface IngestOptions {
  /** The watched location: its root (folder, or S3 bucket and prefix) holds `<category>/<item_id>/`. */
  bucket: Bucket;
  bus: Bus;
  repository: IngestRepository;
  /** Topic of the `item.discovered` events. */
  topic: string;
  /** Organization the items are assessed for. */
  org: string;
  /** The bucket's URL, put into events and naming this location's cursor and published versions. */
  source: string;
  /** Default `defaultSettleMs`. */
  settleMs?: number;
  now?: () => Date;
  /** The `assay run` the events belong to; null (the default) for a long-running service. */
  runId?: string | null;
  log?: IngestLogger;
  /** Objects per listed page (1-1000, default 1000); the cursor is saved after each page. */
  pageSize?: number;
  /** Called with each group of events once the bus has acknowledged them (metrics). */
  onPublished?: (events: readonly ItemDiscovered[]) => void;
  /**
   * Awaited before each listed page is published: lets a caller hold the scan back while consumers
   * catch up, so a bus that keeps its backlog in memory holds a bounded one however large the batch.
   */
  beforePage?: () => Promise<void>;
}

export interface ScanOptions {
  /** Stops the scan after the current page, its progress saved in the cursor. */
  signal?: AbortSignal;
}

export interface WatchOptions {
  /** Pause between the end of one scan and the start of the next. */
  intervalMs: number;
  /** Ends the watch; `watch` resolves once the scan in progress (if any) has stopped. */
  signal: AbortSignal;
}

export interface Ingest {
  /**
   * Lists the location once (resuming an interrupted pass where its cursor stands) and publishes
   * every ready item version not published before. Scans of one instance run one at a time.
   * @throws the bucket's, bus's or database's errors; progress up to the failing page is kept.
   */
  scanOnce(options?: ScanOptions): Promise<ScanSummary>;
  /** Scans until `signal` aborts. A failed scan is logged and retried after the interval. */
  watch(options: WatchOptions): Promise<void>;
  /**
   * Looks at the named item folders only (what a bucket event points at) and publishes those ready
   * and not published before; `settlesAt` says when the earliest folder still settling may be ready.
   * Runs in turn with scans, so the two never publish one version twice.
   */
  scanItems(itemKeys: readonly string[]): Promise<ScanSummary & { settling: { itemKey: string; settlesAt: Date }[] }>;
}

/**
 * Ingest: watches a bucket for item folders and publishes one `item.discovered` event per ready
 * item version. Run one instance per watched location: two would publish the same versions twice.
 *
 * Why full passes with a stored version table rather than a forward-only cursor: a `startAfter`
 * cursor never sees keys added below it, and a new photo in an item folder seen before is exactly
 * such a key. So every scan lists the whole location, and the table of published versions (not
 * the cursor) is what keeps a listed item from going out again; relisting a published item costs a
 * listing row and a lookup, never a read or a publish. The durable cursor only marks how far the
 * current pass got, so a restart in the middle of a long pass resumes it rather than starting over.
 * @throws RangeError for an empty `org`, `source` or `topic`, or a negative `settleMs`.
 */
export function createIngest(options: IngestOptions): Ingest {
  const settleMs = options.settleMs ?? defaultSettleMs;
  for (const name of ['org', 'source', 'topic'] as const) {
    if (options[name] === '') throw new RangeError(`ingest needs a non-empty ${name}`);
  }
  if (!Number.isFinite(settleMs) || settleMs < 0) throw new RangeError(`settleMs must be 0 or more, not ${settleMs}`);
  const log = options.log ?? silentLogger;
  const context: PublishContext = { ...options, settleMs, now: options.now ?? (() => new Date()), runId: options.runId ?? null, log };
  const { repository, source } = options;
  const loggedNotItems: LoggedNotItems = new Map();

  async function scan(signal: AbortSignal | undefined): Promise<ScanSummary> {
    const summary = emptySummary();
    const strays = strayReport(summary, log, loggedNotItems);
    const cursor = await repository.loadCursor(source);
    for await (const page of listFolders(options.bucket, { startAfter: cursor.startAfter, pageSize: options.pageSize })) {
      strays.add(page.strays);
      await options.beforePage?.();
      await publishReady(context, page.folders, summary);
      const done = page.resumeAfter === undefined;
      const next = done ? { startAfter: null, passesCompleted: cursor.passesCompleted + 1 } : { ...cursor, startAfter: page.resumeAfter ?? null };
      await repository.saveCursor(source, next);
      summary.passCompleted = done;
      if (signal?.aborted) break;
    }
    strays.log();
    // Only a pass from the start has seen the whole location; a resumed one saw part of it.
    if (summary.passCompleted && cursor.startAfter === null) {
      const seenAt = context.now();
      await repository.replaceNotItems(source, summary.notItems.map((notItem) => ({ ...notItem, runId: context.runId, seenAt })));
    }
    return summary;
  }

  // Two scans at once would both publish what neither has recorded yet.
  let queue: Promise<unknown> = Promise.resolve();
  function scanOnce(scanOptions: ScanOptions = {}): Promise<ScanSummary> {
    const run = queue.then(() => scan(scanOptions.signal));
    queue = run.catch(() => {});
    return run;
  }

  function scanItems(itemKeys: readonly string[]) {
    const run = queue.then(async () => {
      const summary = emptySummary();
      const folders: ItemFolder[] = [];
      for (const itemKey of new Set(itemKeys)) {
        const folder = await readItemFolder(options.bucket, itemKey);
        if (folder) folders.push(folder);
      }
      const now = context.now();
      const settling = folders.flatMap((folder) => {
        const readiness = readinessOf(folder.files, now, settleMs);
        return readiness.ready ? [] : [{ itemKey: folder.itemKey, settlesAt: readiness.settlesAt }];
      });
      await publishReady(context, folders, summary);
      summary.passCompleted = true;
      return { ...summary, settling };
    });
    queue = run.catch(() => {});
    return run;
  }

  async function watch({ intervalMs, signal }: WatchOptions): Promise<void> {
    while (!signal.aborted) {
      try {
        log('debug', 'scan finished', { ...(await scanOnce({ signal })) });
      } catch (error) {
        log('error', 'scan failed; retrying after the interval', { error });
      }
      await sleep(intervalMs, undefined, { signal }).catch(() => {});
    }
  }

  return { scanOnce, watch, scanItems };
}
