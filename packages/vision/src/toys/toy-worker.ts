import { parentPort } from 'node:worker_threads';
import { analyseToyPhoto } from './analyse-toy-photo.ts';

// One toy photo per message: decode, locate and describe its objects. Matching stays with the
// caller, which holds the references and weighs every image of a request together.
parentPort!.on('message', async ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    const result = await analyseToyPhoto(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    parentPort!.postMessage({ id, ok: true, result });
  } catch (error) {
    parentPort!.postMessage({ id, ok: false, message: (error as Error).message });
  }
});
