import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PhotoWorld } from '@assay/generator';

/**
 * The photos confidences are calibrated on (tools/fit-coin-calibration.ts, tools/fit-card-grade-confidence.ts):
 * one seed per photo world, each world with its own catalog, neither the benchmark's seeds (20261122,
 * 89789059; earlier reserved seeds 86420368, 12759205, 89119842, 69739824, 21236362, 57088597, 70710678, 21987321, 92430214, 66025704, 33550998, 59289433) nor a development seed (1000–1999).
 * Drawing them afresh calibrates on new photos.
 */
export const calibrationRuns: { world: PhotoWorld; catalog: string; seed: number }[] = [
  { world: 'tuning', catalog: 'catalog/sample', seed: 61_803_398 },
  { world: 'held_out', catalog: 'catalog/held-out', seed: 27_182_818 },
];

/** Requests per world, from the command line's first argument (240 by default). */
export function requestsPerWorld(argument: string | undefined): number {
  const requests = Number(argument ?? 240);
  if (!Number.isInteger(requests) || requests < 1) throw new Error('requests per world must be a whole number of at least 1');
  return requests;
}

/** A calibration run as a measurement takes it: the catalog folder resolved, and a fresh work folder for its photos. */
export interface CalibrationRun {
  world: PhotoWorld;
  catalogDir: string;
  seed: number;
  requests: number;
  workDir: string;
  progress: (line: string) => void;
}

/**
 * Runs `measure` on every calibration run, each in a work folder of its own removed afterwards; what
 * each run was and how many samples it gave (`measure`'s count, under the name `counted`), for the
 * fitted file's `source`.
 */
export async function overCalibrationRuns(requests: number, counted: string, measure: (run: CalibrationRun) => Promise<number>) {
  const root = new URL('../', import.meta.url).pathname;
  const runs = [];
  for (const run of calibrationRuns) {
    const workDir = await mkdtemp(join(tmpdir(), 'assay-calibration-'));
    try {
      const samples = await measure({ world: run.world, catalogDir: join(root, run.catalog), seed: run.seed, requests, workDir, progress: (line) => process.stderr.write(`${line}\n`) });
      runs.push({ ...run, requests, [counted]: samples });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }
  return runs;
}
