import type { WorkerJob, WorkerJobs, WorkerPool } from '@assay/pixels';
import { analyseToyPhoto, type ToyPhotoAnalysis } from './analyse-toy-photo.ts';

/** The toy job's name on a worker pool. */
const name = 'toys';

// One toy photo per job: decode, locate and describe its objects. Matching stays with the caller,
// which holds the references and weighs every image of a request together.
const toyJob: WorkerJob = {
  configure() {},
  run: (bytes) => analyseToyPhoto(bytes),
};

/**
 * The jobs a worker script serves for toys (see `serveJobs`): a script serving other categories'
 * jobs beside them lets one pool of workers serve a batch of any mix.
 */
export const toyJobs: WorkerJobs = { [name]: toyJob };

/** Toy photos analysed on `pool`, whose workers serve `toyJobs`: decoded, objects located and described. */
export function toyAnalysis(pool: WorkerPool): (bytes: Buffer) => Promise<ToyPhotoAnalysis> {
  return (bytes) => pool.run(name, bytes);
}
