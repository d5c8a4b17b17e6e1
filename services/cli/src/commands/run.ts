import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { loadConfig } from '@assay/config';
import { createFileLogger } from '@assay/logger';
import { runBatch, type RunLogger, type RunProgress, type RunSummary } from '@assay/pipeline';
import { batchVisionWorkers, openBucket, openEngine, releaseFreedMemory } from '@assay/runtime';
import { UsageError, type CommandIo } from '../io.ts';
import { progressReporter } from '../progress.ts';

/** Exit codes of a stopped run, as shells report a process ended by that signal (128 + its number). */
const stoppedExitCode: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

export async function runCommand(args: string[], io: CommandIo): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      org: { type: 'string', default: 'local' },
      concurrency: { type: 'string', default: '4' },
      'settle-seconds': { type: 'string', default: '30' },
      workers: { type: 'string' },
      'max-failed-percent': { type: 'string', default: '0' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('run needs one location: a folder or s3://bucket/prefix');
  const concurrency = Number(values.concurrency);
  const settleSeconds = Number(values['settle-seconds']);
  const maxFailedPercent = Number(values['max-failed-percent']);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError('--concurrency must be a whole number of at least 1');
  if (!Number.isFinite(settleSeconds) || settleSeconds < 0) throw new UsageError('--settle-seconds must be 0 or more');
  if (!Number.isFinite(maxFailedPercent) || maxFailedPercent < 0 || maxFailedPercent > 100) throw new UsageError('--max-failed-percent must be a number from 0 to 100');
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 0)) throw new UsageError('--workers must be a whole number, 0 or more (0: analyse on the main thread)');

  const config = loadConfig();
  const location = positionals[0]!;
  const runId = randomUUID();
  const report = progressReporter(io.err as NodeJS.WriteStream);
  // The terminal shows progress and the summary; what the stages report, and what libraries print,
  // goes to the run's own log file.
  const logPath = join(config.dataDir, 'logs', `run-${runId}.log`);
  const runLog = createFileLogger({ level: config.logLevel, name: 'run' }, logPath);
  const log: RunLogger = (level, message, fields = {}) => runLog.logger[level]({ run_id: runId, ...fields }, message);
  // The run id comes first, so a run that is interrupted can still be looked up (`assay results --run`).
  report.line(`run ${runId} started on ${location} (log: ${logPath})`);

  // A first SIGINT or SIGTERM stops the run cleanly (no new items, in-flight ones finish); a second
  // one ends the process at once, and the next run finishes what was left.
  const stop = new AbortController();
  let stopSignal: 'SIGINT' | 'SIGTERM' | undefined;
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopSignal) {
      report.line(`${signal} again: exiting now; run assay run again to finish`);
      process.exit(stoppedExitCode[signal]);
    }
    stopSignal = signal;
    report.line(`${signal}: stopping — no new items; waiting up to ${Math.round(config.shutdownTimeoutMs / 1000)} s for the items in flight (${signal} again to exit now)`);
    stop.abort();
  };
  const onSigint = () => onSignal('SIGINT');
  const onSigterm = () => onSignal('SIGTERM');
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);

  const bucket = openBucket(location, config);
  try {
    // A bucket that cannot be used is said at once, not after the engine's start.
    await bucket.ready();
    // A new database imports the catalog first, which takes a while: say so rather than sit silent.
    report.line('opening the database, catalog and engines (a new database imports the catalog first: about a minute)');
    const engine = await openEngine(config, { visionWorkers: workers ?? batchVisionWorkers(config) });
    const stopReleasingMemory = releaseFreedMemory();
    try {
      const started = Date.now();
      const summary = await runBatch({
        engine,
        bucket,
        source: location,
        org: values.org,
        concurrency,
        settleMs: settleSeconds * 1000,
        runId,
        signal: stop.signal,
        log,
        shutdownTimeoutMs: config.shutdownTimeoutMs,
        onProgress: (progress) => report.progress(progressLine(progress, Date.now() - started)),
      });
      report.end();
      io.out.write(values.json ? `${JSON.stringify(pick(summary))}\n` : humanSummary(summary));
      log('info', 'run finished', { ...pick(summary) });
      if (summary.stopped) {
        io.err.write(`stopped: ${summary.items} done, ${summary.pending} pending — run again to finish\n`);
        return stoppedExitCode[stopSignal ?? 'SIGINT'];
      }
      return summary.failed > (summary.items * maxFailedPercent) / 100 ? 1 : 0;
    } finally {
      log('info', 'freed memory handed back to the system', { ...stopReleasingMemory() });
      await engine.close();
    }
  } finally {
    report.end();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
    await bucket.close();
    runLog.close();
  }
}

function progressLine({ total, done, scanning, settling }: RunProgress, elapsedMs: number): string {
  const rate = done / Math.max(elapsedMs / 1000, 0.001);
  const eta = !scanning && rate > 0 ? `, about ${Math.ceil((total - done) / rate)} s left` : '';
  const waiting = settling ? `; waiting for folders to settle: ${settling.folders}, ready in ${Math.max(0, Math.ceil((settling.readyAt.getTime() - Date.now()) / 1000))} s` : '';
  return `${done} of ${total}${scanning ? '+' : ''} items done (${rate.toFixed(1)}/s${eta})${waiting}`;
}

const pick = ({ run_id, items, assessed, rejected, failed, duration_ms, resumed, stopped, pending, not_items }: RunSummary) => ({
  run_id,
  items,
  assessed,
  rejected,
  failed,
  duration_ms,
  resumed,
  stopped,
  pending,
  not_items: not_items.length,
});

function humanSummary(summary: RunSummary): string {
  const lines = [
    `run ${summary.run_id}: ${summary.items} items in ${(summary.duration_ms / 1000).toFixed(1)} s`,
    `  assessed ${summary.assessed}, rejected ${summary.rejected}, failed ${summary.failed}`,
    ...Object.entries(summary.by_category).map(([category, counts]) => `  ${category}: ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}`),
  ];
  if (summary.resumed > 0) lines.push(`  ${summary.resumed} of them left unfinished by an earlier run that was stopped or died, finished now`);
  const issues = Object.entries(summary.issues_by_code).sort((a, b) => b[1] - a[1]);
  if (issues.length) lines.push('  issues:', ...issues.map(([code, n]) => `    ${code} ${n}`));
  if (summary.not_items.length) {
    lines.push('  folders that are not items (not assessed):', ...summary.not_items.map((notItem) => `    ${notItem.message}`));
  }
  if (summary.items === 0 && !summary.stopped) lines.push('  (no new item versions: items assessed by earlier runs are not assessed again)');
  return `${lines.join('\n')}\n`;
}
