/**
 * Toy accuracy on a DEVELOPMENT seed (tuning seeds 1000–1999 only), scored as bench:accuracy scores toys:
 * first-image top-1, all-images top-1, top-1 on requests with a packaging/model-number/maker-mark photo,
 * the median ms per image and the quality flags raised; every miss is listed with what the recognizer saw, so misses can be
 * sorted by cause before anything is changed. The set is generated once into `dir` and reused.
 * Usage: pnpm exec node tools/evaluate-toys.ts [seed=1300] [requests=150] [dir=/tmp/assay-toys-<seed>-<requests>]
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog, type ToyEntry } from '@assay/catalog';
import type { EngineImage } from '@assay/contract';
import { generateToySet, type ToySetRequest } from '@assay/generator';
import { computeToyReferences, createCatalogToyRecognizer, createToysEngine, type ToyRecognition, type ToyRecognizer } from '@assay/toys';
import { requestImages } from '../test/bench/accuracy/request-images.ts';

const [seed, requests] = [Number(process.argv[2] ?? 1300), Number(process.argv[3] ?? 150)];
if (!(seed >= 1000 && seed <= 1999)) throw new Error('tune only on seeds 1000–1999');
const dir = process.argv[4] ?? `/tmp/assay-toys-${seed}-${requests}`;
const catalog = await loadCatalog(new URL('../catalog/sample/', import.meta.url).pathname);
if (!existsSync(join(dir, 'truth.json'))) await generateToySet({ catalog, seed, count: requests, outDir: dir });
const truth = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as ToySetRequest[];

const recognizer = createCatalogToyRecognizer(await computeToyReferences(catalog));
let last: ToyRecognition | null = null;
const recording: ToyRecognizer = { recognizeToy: async (images) => (last = await recognizer.recognizeToy(images)), close: () => recognizer.close() };
const entries = new Map<string, ToyEntry>(catalog.toys.map((toy) => [toy.id, toy]));
const engine = createToysEngine({ recognizer: recording, entries, catalogVersionId: 0 });
const packagingShots = new Set(['packaging', 'model_number', 'maker_mark']);

/** Runs the images through the engine as the bench does; the answer (null: nothing named) and the recognition behind it. */
async function answer(images: EngineImage[]) {
  const started = performance.now();
  const result = await engine.assess(images, ['identity', 'valuation']);
  const ms = performance.now() - started;
  const recognition = last!;
  return { answered: result.items.length > 0 ? (recognition.identity?.entryId ?? null) : null, recognition, ms };
}

/** One line on what an image showed the recognizer, with the true entry's rank among its candidates. */
function describe(recognition: ToyRecognition, request: ToySetRequest, index: number): string {
  const image = recognition.images[index]!;
  const photo = request.photos[index]!;
  const rank = image.candidates.findIndex((c) => c.entryId === request.entry_id);
  const top = image.candidates.slice(0, 3).map((c) => `${c.entryId}:${c.score}`).join(' ');
  const text = image.text.map((t) => `${t.kind}=${t.entryId}`).join(',');
  return `  [${index}] ${photo.shot}${photo.toy_count > 1 ? '+2nd' : ''} ${photo.file} kind=${image.kind} objects=${image.objectCount} truth-rank=${rank < 0 ? '-' : rank + 1} ${top}${text ? ` text ${text}` : ''}`;
}

const tally = { first: [0, 0], all: [0, 0], packaging: [0, 0] };
const causes = new Map<string, number>();
const msPerImage: number[] = [];
const flags = { photos: 0, raised: new Map<string, number>() };
for (const request of truth) {
  const images = await requestImages(dir, request.photos);
  const first = await answer(images.slice(0, 1));
  const all = await answer(images);
  msPerImage.push(all.ms / images.length);
  // The generator draws no shadow or glare over toys: every such flag is a false alarm.
  for (const image of all.recognition.images) {
    flags.photos++;
    for (const issue of image.qualityIssues) flags.raised.set(issue, (flags.raised.get(issue) ?? 0) + 1);
  }
  const withPackaging = request.photos.some((p) => packagingShots.has(p.shot));
  const hit = (pass: number[], right: boolean) => (pass[0]! += right ? 1 : 0, pass[1]!++);
  hit(tally.first, first.answered === request.entry_id);
  hit(tally.all, all.answered === request.entry_id);
  if (withPackaging) hit(tally.packaging, all.answered === request.entry_id);
  for (const [pass, result] of [['first', first], ['all', all]] as const) {
    if (result.answered === request.entry_id) continue;
    const cause = causeOf(result.recognition, request, pass);
    causes.set(`${pass}: ${cause}`, (causes.get(`${pass}: ${cause}`) ?? 0) + 1);
    const identity = result.recognition.identity;
    process.stdout.write(`miss ${pass} ${request.id} ${request.entry_id} -> ${identity ? `${identity.entryId} @${identity.confidence}` : 'none'} (${cause})${withPackaging ? ' [packaging]' : ''}\n`);
    for (const index of result.recognition.images.keys()) process.stdout.write(`${describe(result.recognition, request, index)}\n`);
  }
}
await recording.close();

/** Why a request was missed, from the first image's view: the kind of photo and where the truth ranked. */
function causeOf(recognition: ToyRecognition, request: ToySetRequest, pass: string): string {
  const photo = request.photos[0]!;
  const image = recognition.images[0]!;
  const shown = photo.toy_count > 1 ? 'two-toys' : photo.shot === 'packaging' ? 'boxed' : 'one-toy';
  if (recognition.identity?.entryId === request.entry_id) return `${shown}, right but under the confidence floor`;
  const rank = image.candidates.findIndex((c) => c.entryId === request.entry_id);
  const where = image.kind === 'other' ? 'first image not a known toy' : rank < 0 ? 'truth not in top 5' : `truth ranked ${rank + 1}`;
  const text = pass === 'all' && recognition.images.some((i) => i.text.some((t) => t.entryId === request.entry_id)) ? ', text named it' : '';
  return `${shown}, ${where}${text}`;
}

const share = ([hits, total]: number[]) => `${hits}/${total} = ${(hits! / total!).toFixed(4)}`;
const sorted = msPerImage.toSorted((a, b) => a - b);
process.stdout.write(`\nseed ${seed}, ${truth.length} requests\n`);
process.stdout.write(`first image     ${share(tally.first)}\nall images      ${share(tally.all)}\nwith packaging  ${share(tally.packaging)}\n`);
process.stdout.write(`median ms/image ${sorted[sorted.length >> 1]!.toFixed(1)}\n`);
process.stdout.write(`quality flags on ${flags.photos} photos: ${JSON.stringify(Object.fromEntries(flags.raised))}\n`);
for (const [cause, n] of [...causes].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${n} × ${cause}\n`);
