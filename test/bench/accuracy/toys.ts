import { readFile } from 'node:fs/promises';
import { loadCatalog, type ToyEntry } from '@assay/catalog';
import type { EngineImage } from '@assay/contract';
import { generateToySet, type PhotoWorld, type ToySetRequest } from '@assay/generator';
import { computeToyReferences, confidenceWord, createCatalogToyRecognizer, createToysEngine, type ToyRecognition, type ToyRecognizer } from '@assay/toys';
import { answerOf, type AnswerSink } from './answers.ts';
import { boxOverlap, sameBoxOverlap } from '../../support/locations.ts';
import { requestImages } from './request-images.ts';
import { conditionQualityTally, conditionTally, count, fraction, median, rate, type Rate } from './stats.ts';

export interface ToyAccuracyOptions {
  catalogDir: string;
  seed: number;
  /** The photo conditions the requests are drawn under; the tuning world by default. */
  world?: PhotoWorld;
  requests: number;
  workDir: string;
  progress: (line: string) => void;
  /** Receives every request's answer (`--answers`). */
  onAnswer?: AnswerSink;
}

/** Shots that carry what the catalog knows about a toy besides its looks: its box, model number, maker's mark. */
const packagingShots = new Set(['packaging', 'model_number', 'maker_mark']);

/**
 * Generates a toy set from the catalog with a seed no test or tuning uses and runs every request
 * through the toys engine as the API does, twice: with its first (clearest) image alone, and with
 * all its images. Identity counts as right only when the engine answers with the true entry.
 * `identity_top1_with_packaging` is the all-images answer on requests holding at least one
 * packaging, model-number or maker-mark photo.
 */
export async function measureToys({ catalogDir, seed, world = 'tuning', requests, workDir, progress, onAnswer }: ToyAccuracyOptions) {
  const catalog = await loadCatalog(catalogDir);
  progress(`toys: generating ${requests} requests with seed ${seed}, ${world} world`);
  const generated = await generateToySet({ catalog, seed, count: requests, outDir: workDir, world });
  const truth = JSON.parse(await readFile(generated.truthFile, 'utf8')) as ToySetRequest[];

  const recognizer = createCatalogToyRecognizer(await computeToyReferences(catalog));
  let last: ToyRecognition | null = null;
  // Records what the recognizer saw, so the answer can be scored by entry id.
  const recording: ToyRecognizer = { recognizeToy: async (images) => (last = await recognizer.recognizeToy(images)), close: () => recognizer.close() };
  const entries = new Map<string, ToyEntry>(catalog.toys.map((toy) => [toy.id, toy]));
  // Each toy's model numbers that no other catalog toy lists.
  const listedBy = new Map<string, number>();
  for (const toy of catalog.toys) for (const number of toy.model_numbers) listedBy.set(number, (listedBy.get(number) ?? 0) + 1);
  const ownNumbers = new Map(catalog.toys.map((toy) => [toy.id, toy.model_numbers.filter((number) => listedBy.get(number) === 1)]));
  const engine = createToysEngine({ recognizer: recording, entries, catalogVersionId: 0 });

  const score = {
    first: rate(),
    all: rate(),
    withPackaging: rate(),
    multipleDue: rate(),
    multipleFalse: rate(),
    differentFalse: rate(),
    location: rate(),
    modelNumber: rate(),
    byWord: { low: rate(), medium: rate(), high: rate() } as Record<string, Rate>,
    allByCondition: conditionTally(),
    quality: conditionQualityTally(),
  };
  const msPerImage: number[] = [];
  let answered = 0;
  const answer = async (images: EngineImage[], entryId: string) => {
    const started = performance.now();
    const result = await engine.assess(images, ['identity', 'valuation']);
    const ms = performance.now() - started;
    // Two answers per request (its first image alone, then all), numbered in turn.
    onAnswer?.({ category: 'toys', request: String(answered++), answer: answerOf(result) });
    const identified = result.items.length > 0 && last?.identity ? last.identity.entryId : null;
    if (identified && last?.identity) count(score.byWord[confidenceWord(last.identity.confidence)]!, identified === entryId);
    return { right: identified === entryId, ms, issues: result.issues, item: result.items[0], facts: last };
  };
  try {
    for (const [n, request] of truth.entries()) {
      const images = await requestImages(workDir, request.photos);
      count(score.first, (await answer(images.slice(0, 1), request.entry_id)).right);
      const all = await answer(images, request.entry_id);
      msPerImage.push(all.ms / images.length);
      count(score.all, all.right);
      if (all.item) {
        // Every place the answer reports holds the request's toy (its box or plate in a close-up).
        const places = all.item.location ?? [];
        count(score.location, places.length > 0 && places.every(({ image_index, box }) => {
          const photo = request.photos[image_index];
          return photo !== undefined && boxOverlap(box, photo.corners, photo) >= sameBoxOverlap;
        }));
      }
      score.allByCondition.count(request.photos[0]?.conditions, null, all.right);
      if (request.photos.some((p) => packagingShots.has(p.shot))) count(score.withPackaging, all.right);
      // A legible model number the catalog lists for this toy alone should decide it.
      if (request.photos.some((p) => p.shot === 'model_number' && p.text.some((line) => ownNumbers.get(request.entry_id)?.some((number) => line.includes(number))))) count(score.modelNumber, all.right);
      // Every request shows one toy (bar a second beside it in a photo): "different toys" is always a false alarm.
      count(score.differentFalse, all.issues.some((i) => i.code === 'MULTIPLE_ITEMS' && i.image_index === null));
      for (const [index, photo] of request.photos.entries()) {
        // Close-ups whose text was read are not judged for quality (docs/api.md, toys).
        if (all.facts?.images.find((i) => i.index === index)?.kind !== 'text') score.quality.count(photo.conditions, null, new Set(all.issues.filter((i) => i.image_index === index).map((i) => i.code)));
        const raised = all.issues.some((i) => i.code === 'MULTIPLE_ITEMS' && i.image_index === index);
        count(photo.toy_count > 1 ? score.multipleDue : score.multipleFalse, raised);
      }
      if ((n + 1) % 25 === 0) progress(`toys: ${n + 1}/${truth.length} requests`);
    }
  } finally {
    await recording.close();
  }

  return {
    seed,
    world,
    samples: generated.photos,
    requests: truth.length,
    identity_top1_first_image: fraction(score.first),
    identity_top1_with_packaging: fraction(score.withPackaging),
    identity_top1_all_images: fraction(score.all),
    model_number_right: fraction(score.modelNumber),
    two_toys_recall: fraction(score.multipleDue),
    two_toys_false_rate: fraction(score.multipleFalse),
    different_toys_false_rate: fraction(score.differentFalse),
    location_right: fraction(score.location),
    ...score.quality.figures(),
    right_by_confidence_word: Object.fromEntries(Object.entries(score.byWord).map(([k, r]) => [k, fraction(r)])),
    median_ms_per_image: round(median(msPerImage)),
    identity_all_images_by_condition: score.allByCondition.figures(),
    ...score.quality.byCondition(),
    counts: {
      first_image: score.first,
      with_packaging: score.withPackaging,
      model_number: score.modelNumber,
      all_images: score.all,
      two_toys_due: score.multipleDue,
      two_toys_not_due: score.multipleFalse,
      different_toys_not_due: score.differentFalse,
      location: score.location,
      by_confidence_word: score.byWord,
    },
  };
}

const round = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
