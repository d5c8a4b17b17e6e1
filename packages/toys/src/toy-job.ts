import { createWorkerPool, type WorkerJob, type WorkerJobs, type WorkerPool } from '@assay/pixels';
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

/** Workers serving toy analysis alone (a tool, a test, a recognizer given no shared pool); `close` ends them. */
export function createToyWorkers(size?: number): WorkerPool {
  return createWorkerPool(new URL('./toy-worker.ts', import.meta.url), size);
}

/** Toy photos analysed on `pool`, whose workers serve `toyJobs`: decoded, objects located and described. */
export function toyAnalysis(pool: WorkerPool): (bytes: Buffer) => Promise<ToyPhotoAnalysis> {
  return (bytes) => pool.run(name, bytes);
}
