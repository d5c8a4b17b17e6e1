/**
 * `pnpm bench:pipeline [--json] [--rss-items N,…|none] [--slabbed-cards]`: the pipeline's throughput figures (see test/bench/README.md).
 * Progress on stderr; with --json exactly one JSON object on stdout.
 */
import { parseArgs } from 'node:util';
import { measureHttpAssessor } from './http-assessor.ts';
import { measureResultsWriter } from './results-writer.ts';
import { measureRunRss } from './run-rss.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    // Batch sizes for the `assay run` memory figure; `--rss-items none` skips it (it takes a while).
    'rss-items': { type: 'string', default: '1000,10000' },
    // Half the batch's cards in grading companies' slabs, whose labels the text reader reads.
    'slabbed-cards': { type: 'boolean', default: false },
  },
});
const rssItems = values['rss-items'] === 'none' ? [] : values['rss-items'].split(',').map(Number);
if (rssItems.some((n) => !Number.isInteger(n) || n < 1)) {
  process.stderr.write('bench:pipeline: --rss-items must be comma-separated whole numbers, or none\n');
  process.exit(2);
}
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => process.stderr.write(`bench:pipeline: ${line}\n`);

log('HTTP assessor: 3,000 items, concurrency 64, a stand-in service answering after 200 ms');
const httpAssessor = await measureHttpAssessor({ items: 3000, concurrency: 64, latencyMs: 200 });
log(`results writer: 50,000 outcomes into PostgreSQL (${adminUrl.replace(/\/\/[^@]*@/, '//')})`);
const resultsWriter = await measureResultsWriter({ items: 50_000, adminUrl });

const runs: Awaited<ReturnType<typeof measureRunRss>>[] = [];
for (const items of rssItems) {
  const slabbed = values['slabbed-cards'] ? ', half the cards slabbed' : '';
  log(`assay run: ${items} items, cards, coins and toys in equal parts (two or three photos each${slabbed}), embedded database, concurrency 4`);
  runs.push(await measureRunRss({ items, concurrency: 4, slabbedCards: values['slabbed-cards'], log }));
}
const runRssMb = Object.fromEntries(runs.map((run) => [String(run.items), run.peak_rss_mb]));
// What each figure measured: the batch's categories and photos per item, and how long it took.
const runRssBatches = Object.fromEntries(runs.map((run) => [String(run.items), { ...run.batch, seconds: run.seconds, items_per_s: run.items_per_s, peak_at_s: run.peak_at_s, rss_median_mb: run.rss_median_mb, rss_p90_mb: run.rss_p90_mb }]));

const result = { http_assessor: httpAssessor, results_writer: resultsWriter, run_rss_mb: runRssMb, run_rss_batches: runRssBatches };
if (values.json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  process.stdout.write(`http_assessor   ${JSON.stringify(httpAssessor)}\nresults_writer  ${JSON.stringify(resultsWriter)}\n`);
  for (const run of runs) process.stdout.write(`assay_run       ${JSON.stringify(run)}\n`);
}
