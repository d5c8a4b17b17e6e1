import { parseArgs } from 'node:util';
import { loadConfig } from '@assay/config';
import { runBatch, type RunSummary } from '@assay/pipeline';
import { batchVisionWorkers, openBucket, openEngine } from '@assay/runtime';
import { UsageError, type CommandIo } from '../io.ts';

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
    },
  });
  if (positionals.length !== 1) throw new UsageError('run needs one location: a folder or s3://bucket/prefix');
  const concurrency = Number(values.concurrency);
  const settleSeconds = Number(values['settle-seconds']);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError('--concurrency must be a whole number of at least 1');
  if (!Number.isFinite(settleSeconds) || settleSeconds < 0) throw new UsageError('--settle-seconds must be 0 or more');
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1)) throw new UsageError('--workers must be a whole number of at least 1');

  const config = loadConfig();
  const location = positionals[0]!;
  const bucket = openBucket(location, config);
  const engine = await openEngine(config, { visionWorkers: workers ?? batchVisionWorkers(config) });
  const progress = io.err as NodeJS.WriteStream;
  const live = !values.json && progress.isTTY === true;
  const started = Date.now();
  try {
    await bucket.ready();
    const summary = await runBatch({
      engine,
      bucket,
      source: location,
      org: values.org,
      concurrency,
      settleMs: settleSeconds * 1000,
      onProgress: live ? ({ total, done, scanning }) => progress.write(`\r${progressLine(total, done, scanning, Date.now() - started)}\u001b[K`) : undefined,
    });
    if (live) progress.write('\n');
    io.out.write(values.json ? `${JSON.stringify(pick(summary))}\n` : humanSummary(summary));
    return summary.failed > 0 ? 1 : 0;
  } finally {
    await engine.close();
    await bucket.close();
  }
}

function progressLine(total: number, done: number, scanning: boolean, elapsedMs: number): string {
  const rate = done / Math.max(elapsedMs / 1000, 0.001);
  const eta = !scanning && rate > 0 ? `, about ${Math.ceil((total - done) / rate)} s left` : '';
  return `${done} of ${total}${scanning ? '+' : ''} items done (${rate.toFixed(1)}/s${eta})`;
}

const pick = ({ run_id, items, assessed, rejected, failed, duration_ms }: RunSummary) => ({ run_id, items, assessed, rejected, failed, duration_ms });

function humanSummary(summary: RunSummary): string {
  const lines = [
    `run ${summary.run_id}: ${summary.items} items in ${(summary.duration_ms / 1000).toFixed(1)} s`,
    `  assessed ${summary.assessed}, rejected ${summary.rejected}, failed ${summary.failed}`,
    ...Object.entries(summary.by_category).map(([category, counts]) => `  ${category}: ${Object.entries(counts).map(([k, n]) => `${k} ${n}`).join(', ')}`),
  ];
  const issues = Object.entries(summary.issues_by_code).sort((a, b) => b[1] - a[1]);
  if (issues.length) lines.push('  issues:', ...issues.map(([code, n]) => `    ${code} ${n}`));
  if (summary.items === 0) lines.push('  (no new item versions: items assessed by earlier runs are not assessed again)');
  return `${lines.join('\n')}\n`;
}
