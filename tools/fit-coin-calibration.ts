/**
 * Fits the coins engine's identity confidences (packages/coins/src/identify/confidence-calibration.json):
 * generated coin requests in both photo worlds, each with its own catalog and a calibration seed that
 * neither the benchmark nor any tuning uses, scored as bench:accuracy scores coins; every answered
 * identity's recognizer probability against whether what it stated was true, fitted isotonically,
 * named and unnamed identities apart (the probability of a match and of none are different quantities).
 * Usage: pnpm exec node tools/fit-coin-calibration.ts [requests per world=240]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fitCalibration, type CalibrationSample } from '@assay/coins/diagnostics';
import type { PhotoWorld } from '@assay/generator';
import { measureCoins } from '../test/bench/accuracy/coins.ts';

const root = new URL('../', import.meta.url).pathname;
/**
 * The calibration's samples: one seed per world, neither the benchmark's (20261122, 92430214; earlier reserved seeds 66025704, 33550998, 59289433) nor a
 * development seed (1000–1999). Drawing them afresh refits the map on new photos.
 */
const calibrationRuns: { world: PhotoWorld; catalog: string; seed: number }[] = [
  { world: 'tuning', catalog: 'catalog/sample', seed: 61_803_398 },
  { world: 'held_out', catalog: 'catalog/held-out', seed: 27_182_818 },
];
const requests = Number(process.argv[2] ?? 240);
if (!Number.isInteger(requests) || requests < 1) throw new Error('requests per world must be a whole number of at least 1');

const samples = { named: [] as CalibrationSample[], unnamed: [] as CalibrationSample[] };
const runs = [];
for (const run of calibrationRuns) {
  const workDir = await mkdtemp(join(tmpdir(), 'assay-coin-calibration-'));
  let answers = 0;
  try {
    await measureCoins({
      catalogDir: join(root, run.catalog),
      world: run.world,
      seed: run.seed,
      requests,
      workDir,
      progress: (line) => process.stderr.write(`${line}\n`),
      onCalibrationSample: ({ named, raw, right }) => {
        answers++;
        samples[named ? 'named' : 'unnamed'].push({ raw, right });
      },
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  runs.push({ ...run, requests, answers });
}

const out = join(root, 'packages/coins/src/identify/confidence-calibration.json');
const fitted = {
  source: { command: `pnpm exec node tools/fit-coin-calibration.ts ${requests}`, runs, named_answers: samples.named.length, unnamed_answers: samples.unnamed.length },
  named: fitCalibration(samples.named),
  unnamed: fitCalibration(samples.unnamed),
};
// A point to a line: the file is read in review.
await writeFile(out, `${JSON.stringify(fitted, null, 2).replace(/\[\s+(-?[\d.e-]+),\s+(-?[\d.e-]+)\s+\]/g, '[$1, $2]')}\n`);
process.stdout.write(`${JSON.stringify(fitted)}\n`);
