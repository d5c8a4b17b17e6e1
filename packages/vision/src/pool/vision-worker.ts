import { parentPort } from 'node:worker_threads';
import { coinJob } from '../coins/coin-job.ts';
import { toyJob } from '../toys/toy-job.ts';
import { cardJob } from './card-job.ts';
import type { VisionJob } from './vision-job.ts';
import type { WorkerMessage, WorkerReply } from './worker-pool.ts';

/** Every category's photo analysis, so one pool of workers serves a batch of any mix. */
const jobs: Record<string, VisionJob> = { cards: cardJob, coins: coinJob, toys: toyJob };

/** Why a job's settings could not be taken: its jobs answer with that instead of crashing the worker. */
const unusable = new Map<string, string>();

const reply = (message: WorkerReply) => parentPort!.postMessage(message);

// Messages are handled in order: a job's settings always arrive before the jobs that need them.
parentPort!.on('message', async (message: WorkerMessage) => {
  const job = jobs[message.name];
  if (message.type === 'configure') {
    try {
      job?.configure(message.settings);
      unusable.delete(message.name);
    } catch (error) {
      unusable.set(message.name, `the ${message.name} settings could not be used: ${(error as Error).message}`);
    }
    return;
  }
  try {
    if (!job) throw new Error(`no vision job named ${message.name}`);
    if (unusable.has(message.name)) throw new Error(unusable.get(message.name));
    const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
    reply({ type: 'done', id: message.id, ok: true, result: await job.run(bytes) });
  } catch (error) {
    reply({ type: 'done', id: message.id, ok: false, message: (error as Error).message });
  }
});
reply({ type: 'ready' });
