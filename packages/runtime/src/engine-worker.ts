// The worker script of `createEngineWorkers`: every category's photo analysis, so one pool of
// workers serves a batch of any mix. Each category's `jobs` entry loads its analysis and nothing else.
import { cardJobs } from '@assay/cards/jobs';
import { coinJobs } from '@assay/coins/jobs';
import { serveJobs } from '@assay/pixels';
import { toyJobs } from '@assay/toys/jobs';

serveJobs({ ...cardJobs, ...coinJobs, ...toyJobs });
