import { parentPort } from 'node:worker_threads';
import { analyseCardPhoto } from '../analyse-card-photo.ts';

/** One analysis job per message; replies carry the job id so the pool can settle the right promise. */
export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
}

export type WorkerReply = { id: number; ok: true; result: Awaited<ReturnType<typeof analyseCardPhoto>> } | { id: number; ok: false; message: string };

parentPort!.on('message', async ({ id, bytes }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { id, ok: true, result: await analyseCardPhoto(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    reply = { id, ok: false, message: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
