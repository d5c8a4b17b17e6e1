// The worker script of `createEngineWorkers`: every category's photo analysis, so one pool of
// workers serves a batch of any mix.
import { serveJobs } from '@assay/pixels';
import { engineJobs } from './engine-jobs.ts';

serveJobs(engineJobs);
