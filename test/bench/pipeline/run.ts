/**
 * `pnpm bench:pipeline [--json]`: the pipeline's throughput figures (see test/bench/README.md).
 * Progress on stderr; with --json exactly one JSON object on stdout.
 */
import { parseArgs } from 'node:util';
import { measureHttpAssessor } from './http-assessor.ts';
import { measureResultsWriter } from './results-writer.ts';

const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (line: string) => process.stderr.write(`bench:pipeline: ${line}\n`);

log('HTTP assessor: 3,000 items, concurrency 64, a stand-in service answering after 200 ms');
const httpAssessor = await measureHttpAssessor({ items: 3000, concurrency: 64, latencyMs: 200 });
log(`results writer: 50,000 outcomes into PostgreSQL (${adminUrl.replace(/\/\/[^@]*@/, '//')})`);
const resultsWriter = await measureResultsWriter({ items: 50_000, adminUrl });

const result = { http_assessor: httpAssessor, results_writer: resultsWriter, run_rss_mb: { 1000: null, 10000: null } };
if (values.json) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  process.stdout.write(`http_assessor   ${JSON.stringify(httpAssessor)}\nresults_writer  ${JSON.stringify(resultsWriter)}\nrun_rss_mb      not measured yet\n`);
}
