// The worker script of `createCoinWorkers`: coin analysis alone.
import { serveJobs } from '@assay/pixels';
import { coinJobs } from './coin-job.ts';

serveJobs(coinJobs);
