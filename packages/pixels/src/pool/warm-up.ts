import sharp from 'sharp';
import type { WorkerJobs } from './worker-job.ts';

/**
 * Each job once on a made-up photo (a rectangle and a disc on a table, as a card and a coin): the
 * first real photo then finds its code compiled and the image library initialised, which saves a
 * restarted service most of a second on its first item. What the jobs make of the photo does not matter.
 */
export async function warmUpJobs(jobs: WorkerJobs): Promise<void> {
  const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
    <rect width="1024" height="768" fill="#6b6e73"/>
    <rect x="160" y="120" width="300" height="420" rx="12" fill="#e8e4da"/><rect x="185" y="150" width="250" height="200" fill="#3d6f9e"/>
    <circle cx="720" cy="380" r="150" fill="#b08d57"/><circle cx="720" cy="380" r="110" fill="none" stroke="#8a6b3c" stroke-width="9"/>
  </svg>`;
  const photo = await sharp(Buffer.from(scene)).jpeg({ quality: 90 }).toBuffer();
  for (const job of Object.values(jobs)) await job.run(photo).catch(() => {});
}
