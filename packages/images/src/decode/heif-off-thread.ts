import { Worker } from 'node:worker_threads';
import { CorruptImageError } from './corrupt-image-error.ts';
import { HeifCodecMissingError } from './heif.ts';
import type { RawImage } from './raw-image.ts';

/*
 * libheif's wasm decoder is synchronous and takes about 1.5 s for a 12-megapixel phone photo: on the
 * main thread that would stall every other request. Decoding runs on one lazily started thread
 * instead, which does not keep the process alive and is replaced if it dies.
 */
let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (image: RawImage) => void; reject: (error: Error) => void }>();

function thread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./heif-worker.ts', import.meta.url));
  started.unref();
  started.on('message', ({ id, image, error }: { id: number; image?: RawImage; error?: { name: string; message: string } }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (!waiting) return;
    if (image) waiting.resolve({ ...image, data: Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength) });
    else waiting.reject(rehydrate(error!));
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const [, waiting] of pending) waiting.reject(new CorruptImageError(`the HEIF decoder stopped: ${error.message}`));
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  worker = started;
  return started;
}

function rehydrate(error: { name: string; message: string }): Error {
  if (error.name === 'HeifCodecMissingError') return new HeifCodecMissingError(error.message);
  if (error.name === 'CorruptImageError') return new CorruptImageError(error.message);
  return new Error(error.message);
}

/** decodeHeif on the decoding thread; the same results and errors, without blocking this one. */
export function decodeHeifOffThread(bytes: Buffer): Promise<RawImage> {
  const id = nextId++;
  return new Promise<RawImage>((resolve, reject) => {
    const target = thread();
    pending.set(id, { resolve, reject });
    target.ref();
    target.postMessage({ id, bytes });
  }).finally(() => {
    if (pending.size === 0) worker?.unref();
  });
}
