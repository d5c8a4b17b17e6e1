// The worker script of a card recognizer given no shared pool: card analysis alone.
import { serveJobs } from '@assay/pixels';
import { cardJobs } from './card-job.ts';

serveJobs(cardJobs);
