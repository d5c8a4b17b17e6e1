/**
 * `pnpm bench:accuracy [--json] [--requests N] [--only cards|coins|toys] [--split held_out|tuning] [--answers FILE]`:
 * the engine's accuracy on generated photos, in two splits (see `splits`): held out, which the
 * targets apply to, and tuning. Prints a table, or with --json exactly one JSON object on stdout:
 * the held-out figures at the top level, `tuning` with the same names, their `gap`, and
 * `by_condition`. Progress goes to stderr. See test/bench/README.md.
 */
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PhotoWorld } from '@assay/generator';
import type { AnswerSink } from './answers.ts';
import { measureCards } from './cards.ts';
import { measureCoins } from './coins.ts';
import { measureToys } from './toys.ts';

/**
 * The tuning split's seed: the benchmark's own since it began, drawn in the tuning world from the
 * sample catalog. Tests and tuning use seeds 1000–1999.
 */
export const accuracySeed = 20_261_122;
/**
 * The held-out split's reserved seed. Nothing is tuned on the held-out split; when its figures drive
 * a change, the commit says so and this seed is drawn afresh (test/bench/README.md).
 */
export const heldOutSeed = 89_789_059;

const root = new URL('../../../', import.meta.url).pathname;
/** The held-out split: another catalog, the held-out world's photo conditions, a reserved seed. */
const splits = {
  held_out: { catalogDir: join(root, 'catalog/held-out'), world: 'held_out', seed: heldOutSeed },
  tuning: { catalogDir: join(root, 'catalog/sample'), world: 'tuning', seed: accuracySeed },
} as const satisfies Record<string, { catalogDir: string; world: PhotoWorld; seed: number }>;
type Split = keyof typeof splits;

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    requests: { type: 'string', default: '120' },
    only: { type: 'string' },
    split: { type: 'string' },
    answers: { type: 'string' },
  },
});
const requests = Number(values.requests);
if (!Number.isInteger(requests) || requests < 1) fail('--requests must be a whole number of at least 1');
if (values.only && !['cards', 'coins', 'toys'].includes(values.only)) fail('--only takes cards, coins or toys');
if (values.split && !(values.split in splits)) fail('--split takes held_out or tuning');
const wantedSplits = (values.split ? [values.split] : ['held_out', 'tuning']) as Split[];
for (const split of wantedSplits) {
  if (!existsSync(join(splits[split].catalogDir, 'catalog.json'))) fail(`the ${split} split's catalog is missing: ${splits[split].catalogDir}`);
}

const workDir = await mkdtemp(join(tmpdir(), 'assay-accuracy-'));
const progress = (line: string) => process.stderr.write(`bench:accuracy: ${line}\n`);
try {
  // --only CATEGORY measures one category (the others take minutes each on two cores).
  const wanted = (category: string) => !values.only || values.only === category;
  // --answers FILE: every request's answer as a JSON line, to compare two versions request by request.
  const answers = values.answers ? createWriteStream(values.answers) : null;
  const measured: Partial<Record<Split, SplitFigures>> = {};
  for (const split of wantedSplits) {
    const { catalogDir, world, seed } = splits[split];
    progress(`${split} split: ${catalogDir}, ${world} world, seed ${seed}`);
    const onAnswer: AnswerSink | undefined = answers ? (answer) => void answers.write(`${JSON.stringify({ split, ...answer })}\n`) : undefined;
    const options = { catalogDir, world, seed, requests, progress, onAnswer };
    measured[split] = {
      cards: wanted('cards') ? await measureCards({ ...options, workDir: join(workDir, split, 'cards') }) : undefined,
      coins: wanted('coins') ? await measureCoins({ ...options, workDir: join(workDir, split, 'coins') }) : undefined,
      toys: wanted('toys') ? await measureToys({ ...options, workDir: join(workDir, split, 'toys') }) : undefined,
    };
  }
  if (answers) await new Promise<void>((resolve, reject) => answers.end((error?: Error | null) => (error ? reject(error) : resolve())));
  // Targets apply to the held-out split: its figures keep the top-level names.
  const heldOut = measured.held_out;
  const tuning = measured.tuning;
  const result = {
    ...heldOut,
    ...(tuning ? { tuning } : {}),
    ...(heldOut && tuning ? { gap: gapOf(tuning, heldOut) } : {}),
    ...(heldOut ? { by_condition: byConditionOf(heldOut) } : {}),
  };
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } else {
    for (const [split, figures] of Object.entries(measured)) {
      for (const [category, values] of Object.entries(figures)) if (values) printTable(`${category} (${split} split)`, values);
    }
    if (result.gap) printTable('gap (tuning minus held out)', result.gap);
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

type SplitFigures = {
  cards: Awaited<ReturnType<typeof measureCards>> | undefined;
  coins: Awaited<ReturnType<typeof measureCoins>> | undefined;
  toys: Awaited<ReturnType<typeof measureToys>> | undefined;
};

/** Each fraction the two splits share: tuning minus held out, so a positive gap is what the engine remembers. */
function gapOf(tuning: SplitFigures, heldOut: SplitFigures) {
  const skip = new Set(['seed', 'samples', 'requests', 'median_ms_per_image']);
  const gap: Record<string, Record<string, number>> = {};
  for (const category of ['cards', 'coins', 'toys'] as const) {
    const [t, h] = [tuning[category] as Record<string, unknown> | undefined, heldOut[category] as Record<string, unknown> | undefined];
    if (!t || !h) continue;
    for (const [name, value] of Object.entries(t)) {
      const other = h[name];
      if (skip.has(name) || typeof value !== 'number' || typeof other !== 'number') continue;
      (gap[category] ??= {})[name] = Math.round((value - other) * 10_000) / 10_000;
    }
  }
  return gap;
}

/**
 * Figures broken down by the conditions photos were taken under: `cards`, `coins` and `toys` are
 * each category's identity (as they always were); the other card figures follow under their own
 * names, each counted under the conditions of the photo it is about.
 */
function byConditionOf(figures: SplitFigures) {
  const cards = figures.cards;
  return {
    cards: cards?.identity_by_condition,
    coins: figures.coins?.identity_by_condition,
    coins_location_recall: figures.coins?.location_recall_by_condition,
    coins_quality_recall: figures.coins?.quality_recall_by_condition,
    coins_quality_false_rate: figures.coins?.quality_false_rate_by_condition,
    coins_location_precision: figures.coins?.location_precision_by_condition,
    toys: figures.toys?.identity_all_images_by_condition,
    cards_centering_within_2pt: cards?.centering_by_condition,
    cards_cert_ocr_exact: cards?.cert_ocr_by_condition,
    cards_holder_company_exact: cards?.holder_company_by_condition,
    cards_quality_recall: cards?.quality_recall_by_condition,
    cards_quality_false_rate: cards?.quality_false_rate_by_condition,
    cards_quality_precision: cards?.quality_precision_by_condition,
  };
}

function fail(message: string): never {
  process.stderr.write(`bench:accuracy: ${message}\n`);
  process.exit(2);
}

function printTable(category: string, figures: Record<string, unknown>) {
  const rows = Object.entries(figures).filter(([key]) => key !== 'counts');
  const width = Math.max(...rows.map(([key]) => key.length));
  process.stdout.write(`\n${category}\n`);
  for (const [key, value] of rows) {
    process.stdout.write(`  ${key.padEnd(width)}  ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}\n`);
  }
}
