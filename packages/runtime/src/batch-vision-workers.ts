import { availableParallelism } from 'node:os';
import type { Config } from '@assay/config';

/**
 * Analysis workers for a batch run in one process (`assay run`, in-process `assay reprocess`): the
 * configured number, else one per core but one, and none on two cores or fewer (the analyses then
 * run on the main thread, beside the pipeline and the embedded database). A worker holds its own
 * heap and copies of the code and the references: on this 2-core machine, `assay run` over 300
 * mixed items peaked at 396 MB in 114 s with one worker and at 356–360 MB in 121–123 s with none
 * (quiet machine, 2026-11-27; README, Memory settings). Image decoding and the text reader run on
 * native threads either way, so the second core is not left idle.
 */
export function batchVisionWorkers(config: Config, cores = availableParallelism()): number {
  return config.visionWorkers ?? (cores <= 2 ? 0 : cores - 1);
}
