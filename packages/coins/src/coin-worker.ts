// The worker script of a coin recognizer given no shared pool: coin analysis alone.
import { serveJobs } from '@assay/pixels';
import { coinJobs } from './coin-job.ts';

serveJobs(coinJobs);
