// The worker script of `createToyWorkers`: toy analysis alone.
import { serveJobs } from '@assay/pixels';
import { toyJobs } from './toy-job.ts';

serveJobs(toyJobs);
