import { parentPort, workerData } from 'node:worker_threads';
import { analyseCardPhoto } from '../analyse-card-photo.ts';
import type { CardFeatures } from '../features/card-features.ts';
import { matchable } from '../features/match-features.ts';

/** One analysis job per message; replies carry the job id so the pool can settle the right promise. */
export interface WorkerRequest {
  id: number;
  bytes: Uint8Array;
}

export type WorkerReply = { id: number; ok: true; result: Awaited<ReturnType<typeof analyseCardPhoto>> } | { id: number; ok: false; message: string };

/** What the pool hands every worker at start. */
export interface WorkerSetup {
  references: CardFeatures[];
}

// Decoded once per worker: every photo's outline choice compares against all of them.
const references = ((workerData as WorkerSetup | undefined)?.references ?? []).map(matchable);

parentPort!.on('message', async ({ id, bytes }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { id, ok: true, result: await analyseCardPhoto(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { references }) };
  } catch (error) {
    reply = { id, ok: false, message: (error as Error).message };
  }
  parentPort!.postMessage(reply);
});
