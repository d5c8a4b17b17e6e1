/**
 * Counts how the card engine's grades compare with the truth (packages/cards/src/grade/grade-confusion.json),
 * which the stated grade confidence is drawn from (gradeConfidence): generated card requests in both
 * photo worlds, each with its own catalog and a calibration seed that neither the benchmark nor any
 * tuning uses, run as bench:accuracy runs cards; for every request given a grade, that grade against
 * the generator's true grade of the card shown.
 * Usage: pnpm exec node tools/fit-card-grade-confidence.ts [requests per world=240]
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { measureCards } from '../test/bench/accuracy/cards.ts';
import { overCalibrationRuns, requestsPerWorld } from './calibration-runs.ts';

const root = new URL('../', import.meta.url).pathname;
const requests = requestsPerWorld(process.argv[2]);

/** Given grade → true grade → cards. */
const confusion: Record<string, Record<string, number>> = {};
const runs = await overCalibrationRuns(requests, 'graded', async (run) => {
  let graded = 0;
  await measureCards({
    ...run,
    onRequest: (request, item) => {
      const front = request.photos.find((p) => p.face === 'front');
      if (!item?.grade || !front) return;
      graded++;
      const truths = (confusion[item.grade.grade] ??= {});
      truths[String(front.grade)] = (truths[String(front.grade)] ?? 0) + 1;
    },
  });
  return graded;
});

// Grades are whole-number keys, which JSON objects keep in ascending order.
const counted = { source: { command: `pnpm exec node tools/fit-card-grade-confidence.ts ${requests}`, runs }, confusion };
// A given grade to a line: the file is read in review.
await writeFile(join(root, 'packages/cards/src/grade/grade-confusion.json'), `${JSON.stringify(counted, null, 2).replace(/\{\s+("\d+": \d+(?:,\s+"\d+": \d+)*)\s+\}/g, (_, row: string) => `{ ${row.split(/,\s+/).join(', ')} }`)}\n`);
process.stdout.write(`${JSON.stringify(counted)}\n`);
