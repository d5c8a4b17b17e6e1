import type { VisionJob } from '../pool/vision-job.ts';
import { analyseToyPhoto } from './analyse-toy-photo.ts';

// One toy photo per job: decode, locate and describe its objects. Matching stays with the caller,
// which holds the references and weighs every image of a request together.
export const toyJob: VisionJob = {
  configure() {},
  run: (bytes) => analyseToyPhoto(bytes),
};
