// The worker script of `createCardWorkers`: card analysis alone.
import { serveJobs } from '@assay/pixels';
import { cardJobs } from './card-job.ts';

serveJobs(cardJobs);
