/**
 * Fits the coins engine's identity confidences (packages/coins/src/identify/confidence-calibration.json):
 * generated coin requests in both photo worlds, each with its own catalog and a calibration seed that
 * neither the benchmark nor any tuning uses, scored as bench:accuracy scores coins; every answered
 * identity's recognizer probability against whether what it stated was true, fitted isotonically,
 * named and unnamed identities apart (the probability of a match and of none are different quantities);
 * and, for coins whose date was not read, how often the closest of their design's coins was the coin.
 * Usage: pnpm exec node tools/fit-coin-calibration.ts [requests per world=240]
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fitCalibration, type CalibrationSample } from '@assay/coins/diagnostics';
import { measureCoins } from '../test/bench/accuracy/coins.ts';
import { overCalibrationRuns, requestsPerWorld } from './calibration-runs.ts';

const root = new URL('../', import.meta.url).pathname;
const requests = requestsPerWorld(process.argv[2]);

const samples = { named: [] as CalibrationSample[], unnamed: [] as CalibrationSample[], closest: [] as CalibrationSample[] };
const runs = await overCalibrationRuns(requests, 'answers', async (run) => {
  let answers = 0;
  await measureCoins({
    ...run,
    onCalibrationSample: ({ map, raw, right }) => {
      if (map !== 'closest') answers++;
      samples[map].push({ raw, right });
    },
  });
  return answers;
});

const out = join(root, 'packages/coins/src/identify/confidence-calibration.json');
const fitted = {
  source: { command: `pnpm exec node tools/fit-coin-calibration.ts ${requests}`, runs, named_answers: samples.named.length, unnamed_answers: samples.unnamed.length, unread_dates_of_listed_designs: samples.closest.length },
  named: fitCalibration(samples.named),
  unnamed: fitCalibration(samples.unnamed),
  closest: fitCalibration(samples.closest),
};
// A point to a line: the file is read in review.
await writeFile(out, `${JSON.stringify(fitted, null, 2).replace(/\[\s+(-?[\d.e-]+),\s+(-?[\d.e-]+)\s+\]/g, '[$1, $2]')}\n`);
process.stdout.write(`${JSON.stringify(fitted)}\n`);
