import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import type { WorkerJobs } from './worker-job.ts';
import type { WorkerMessage, WorkerReply } from './worker-pool.ts';

/**
 * Serves `jobs` on this worker thread: the body of a worker script that `createWorkerPool` runs
 * (see WorkerMessage and WorkerReply). A script serving several categories' jobs lets one pool of
 * workers serve a batch of any mix.
 */
export function serveJobs(jobs: WorkerJobs): void {
  // One message at a time, in order: a job's settings always arrive before the jobs that need them,
  // and photos analysed side by side each hold their pixels at once. Interleaving them only overlapped
  // one photo's decoding with another's analysis: measured, the same throughput for 36 MB more.
  let previous = Promise.resolve();
  parentPort!.on('message', (message: WorkerMessage) => {
    previous = previous.then(() => handle(jobs, message));
  });
}

/** Why a job's settings could not be taken: its jobs answer with that instead of crashing the worker. */
const unusable = new Map<string, string>();

const reply = (message: WorkerReply) => parentPort!.postMessage(message);

async function handle(jobs: WorkerJobs, message: WorkerMessage): Promise<void> {
  if (message.type === 'warm') {
    await warmUp(jobs).catch(() => {});
    return reply({ type: 'done', id: message.id, ok: true, result: null });
  }
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
    if (!job) throw new Error(`no job named ${message.name}`);
    if (unusable.has(message.name)) throw new Error(unusable.get(message.name));
    const bytes = Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength);
    reply({ type: 'done', id: message.id, ok: true, result: await job.run(bytes) });
  } catch (error) {
    reply({ type: 'done', id: message.id, ok: false, message: (error as Error).message });
  }
}

/**
 * Each job once on a made-up photo (a rectangle and a disc on a table, as a card and a coin): the
 * first real photo then finds its code compiled and the image library initialised, which saves a
 * restarted service most of a second on its first item. What the jobs make of the photo does not matter.
 */
async function warmUp(jobs: WorkerJobs): Promise<void> {
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
    <rect width="1024" height="768" fill="#6b6e73"/>
    <rect x="160" y="120" width="300" height="420" rx="12" fill="#e8e4da"/><rect x="185" y="150" width="250" height="200" fill="#3d6f9e"/>
    <circle cx="720" cy="380" r="150" fill="#b08d57"/><circle cx="720" cy="380" r="110" fill="none" stroke="#8a6b3c" stroke-width="9"/>
  </svg>`;
  const photo = await sharp(Buffer.from(scene)).jpeg({ quality: 90 }).toBuffer();
  for (const job of Object.values(jobs)) await job.run(photo).catch(() => {});
}
