/**
 * `pnpm bench:accuracy [--json] [--requests N] [--only cards|coins|toys] [--answers FILE]`: the engine's accuracy on generated photos with a
 * reserved seed that no unit test or tuning uses (tuning uses seeds 1000–1999). Prints a table, or
 * with --json exactly one JSON object on stdout. Progress goes to stderr. See test/bench/README.md.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { AnswerSink } from './answers.ts';
import { measureCards } from './cards.ts';
import { measureCoins } from './coins.ts';
import { measureToys } from './toys.ts';

/** Reserved for this benchmark: never used by tests or tuning, so the figures are not fitted to it. */
export const accuracySeed = 20_261_122;

const { values } = parseArgs({
  options: { json: { type: 'boolean', default: false }, requests: { type: 'string', default: '120' }, only: { type: 'string' }, answers: { type: 'string' } },
});
const requests = Number(values.requests);
if (!Number.isInteger(requests) || requests < 1) {
  process.stderr.write(`bench:accuracy: --requests must be a whole number of at least 1\n`);
  process.exit(2);
}

const catalogDir = new URL('../../../catalog/sample/', import.meta.url).pathname;
const workDir = await mkdtemp(join(tmpdir(), 'assay-accuracy-'));
const progress = (line: string) => process.stderr.write(`bench:accuracy: ${line}\n`);
try {
  // --only CATEGORY measures one category (the others take minutes each on two cores).
  const wanted = (category: string) => !values.only || values.only === category;
  // --answers FILE: every request's answer as a JSON line, to compare two versions request by request.
  const answers = values.answers ? createWriteStream(values.answers) : null;
  const onAnswer: AnswerSink | undefined = answers ? (answer) => void answers.write(`${JSON.stringify(answer)}\n`) : undefined;
  const cards = wanted('cards') ? await measureCards({ catalogDir, seed: accuracySeed, requests, workDir: join(workDir, 'cards'), progress, onAnswer }) : undefined;
  const coins = wanted('coins') ? await measureCoins({ catalogDir, seed: accuracySeed, requests, workDir: join(workDir, 'coins'), progress, onAnswer }) : undefined;
  const toys = wanted('toys') ? await measureToys({ catalogDir, seed: accuracySeed, requests, workDir: join(workDir, 'toys'), progress, onAnswer }) : undefined;
  if (answers) await new Promise<void>((resolve, reject) => answers.end((error?: Error | null) => (error ? reject(error) : resolve())));
  const result = { cards, coins, toys };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    if (cards) printTable('cards', cards);
    if (coins) printTable('coins', coins);
    if (toys) printTable('toys', toys);
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

function printTable(category: string, figures: Record<string, unknown>) {
  const rows = Object.entries(figures).filter(([key]) => key !== 'counts');
  const width = Math.max(...rows.map(([key]) => key.length));
  process.stdout.write(`\n${category}\n`);
  for (const [key, value] of rows) {
    process.stdout.write(`  ${key.padEnd(width)}  ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}\n`);
  }
}
