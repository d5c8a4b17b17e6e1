// The worker script of a toy recognizer given no shared pool: toy analysis alone.
import { serveJobs } from '@assay/pixels';
import { toyJobs } from './toy-job.ts';

serveJobs(toyJobs);
