import { availableParallelism } from 'node:os';
import type { Config } from '@assay/config';

/**
 * Analysis workers for a batch run in one process (`assay run`, in-process `assay reprocess`): the
 * configured number, else one per core but one, at least one. The process's main thread runs the
 * pipeline and the embedded database, and each worker holds about 45 MB while it works: on two
 * cores a second worker took a batch run from about 315 to 370 MB (README, Memory settings).
 */
export function batchVisionWorkers(config: Config): number {
  return config.visionWorkers ?? Math.max(1, availableParallelism() - 1);
}
