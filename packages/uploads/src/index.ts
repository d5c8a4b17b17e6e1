export { createUploads, type Uploads, type UploadsDeps, type ResolvedImage } from './uploads.ts';
