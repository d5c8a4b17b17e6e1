import { parentPort } from 'node:worker_threads';
import type { WorkerMessage, WorkerReply } from '../worker-pool.ts';

/**
 * A worker for the pool's tests: a job answers with the settings its worker holds for it; a job whose
 * first byte is 255 ends the worker instead, as a crash would.
 */
const settings = new Map<string, unknown>();
const reply = (message: WorkerReply) => parentPort!.postMessage(message);
parentPort!.on('message', (message: WorkerMessage) => {
  if (message.type === 'configure') settings.set(message.name, message.settings);
  else if (message.type === 'warm') reply({ type: 'done', id: message.id, ok: true, result: null });
  else if (message.bytes[0] === 255) process.exit(3);
  else reply({ type: 'done', id: message.id, ok: true, result: settings.get(message.name) ?? null });
});
