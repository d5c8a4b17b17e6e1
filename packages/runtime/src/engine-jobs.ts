import { cardJobs } from '@assay/cards/jobs';
import { coinJobs } from '@assay/coins/jobs';
import { toyJobs } from '@assay/toys/jobs';

/**
 * Every category's photo analysis, by job name: what the engine's workers serve, on worker threads
 * (engine-worker.ts) or on the calling thread (createEngineWorkers(0)). Each category's `jobs`
 * entry loads its analysis and nothing else.
 */
export const engineJobs = { ...cardJobs, ...coinJobs, ...toyJobs };
