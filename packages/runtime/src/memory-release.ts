import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How often a batch run hands freed memory back (see releaseFreedMemory). Each hand-back took about
 * 100 ms on a 2-core machine with the engines loaded (2 % of a core at this rate). Over 600 coin-only
 * items of the bench's batch (2 photos each; README, Memory settings), `assay run` peaked at 353–360
 * MB (median 326–332) without, 335 MB (median 305) every 10 s, 331 MB (median 296) every 5 s, and
 * 325 MB (median 297) every 5 s when over `releaseAboveBytes`, in 122–139 s against 109–135 s.
 */
const releaseEveryMs = 5_000;
/**
 * Below this the process holds little worth handing back: a run over cards alone stays at 250–300
 * MB, live, and a hand-back there would cost its 100 ms for next to nothing. Not measured finely:
 * at 300 MB, 17 hand-backs in 123 s over the same coins, against 24 with none.
 */
const releaseAboveBytes = 300 * 2 ** 20;

/** What the hand-backs cost, for the run's log. */
export interface MemoryReleaseStats {
  releases: number;
  totalMs: number;
}

export interface ReleaseFreedMemoryOptions {
  everyMs?: number;
  aboveBytes?: number;
  /** The process's resident set, in bytes (the process's own by default). */
  residentBytes?: () => number;
  /** Collects garbage and returns what it freed to the system (V8's last-resort collection by default). */
  release?: () => void;
}

/**
 * Every `everyMs`, while the process holds more than `aboveBytes`, collects garbage the way V8 does
 * when memory runs out: freed pages go back to the system rather than staying with the process for
 * later. V8 otherwise keeps memory it has freed, and a batch that analyses photos on its main thread
 * frees tens of MB a second: over 1,000 coin items the resident set stood 60–100 MB above what was
 * live (README, Memory settings). An ordinary full collection (`gc()`) frees the same objects but
 * keeps their pages, so it does not help. Asked for after each analysis instead, this collection
 * cost a run 19–45 % of its time; on a timer it costs about 2 %. Returns a function that stops it
 * and says what it cost.
 */
export function releaseFreedMemory({ everyMs = releaseEveryMs, aboveBytes = releaseAboveBytes, residentBytes = process.memoryUsage.rss, release = lastResortCollection() }: ReleaseFreedMemoryOptions = {}): () => MemoryReleaseStats {
  const stats: MemoryReleaseStats = { releases: 0, totalMs: 0 };
  const timer = setInterval(() => {
    if (residentBytes() <= aboveBytes) return;
    const started = performance.now();
    release();
    stats.totalMs += performance.now() - started;
    stats.releases++;
  }, everyMs);
  // A run that has finished its work exits; the timer does not keep it alive.
  timer.unref();
  return () => {
    clearInterval(timer);
    return { releases: stats.releases, totalMs: Math.round(stats.totalMs) };
  };
}

/**
 * V8's last-resort collection (what the `gc` function exposed by --expose-gc does when asked for
 * `flavor: 'last-resort'`), without the process having to start with that flag: the flag set now
 * installs `gc` in contexts created after it.
 */
function lastResortCollection(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options: { type: 'major'; flavor: 'last-resort' }) => void;
  return () => gc({ type: 'major', flavor: 'last-resort' });
}
