import { parentPort } from 'node:worker_threads';
import { decodeHeif } from './heif.ts';

// Entry of the HEIF decoding thread: one request at a time, answered with the pixels or the error's name.
parentPort!.on('message', ({ id, bytes }: { id: number; bytes: Uint8Array }) => {
  try {
    const image = decodeHeif(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    parentPort!.postMessage({ id, image }, [image.data.buffer as ArrayBuffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: { name: (error as Error).name, message: (error as Error).message } });
  }
});
