import { boxLocation } from '@assay/contract';
import { createPaddleTextReader, createWorkerPool, type Photo, type TextReader, type WorkerPool } from '@assay/pixels';
import { textCrop, type TextPolarity, type ToyPhotoAnalysis, type ToyPhotoObject } from './analyse-toy-photo.ts';
import { combineToyImages, toySimilarityFloor } from './combine-toy-images.ts';
import { toySimilarity, type ToyFeatures } from './identify/object-features.ts';
import type { ToyImageReference, ToyReferences } from './identify/toy-references.ts';
import { toyExposure } from './quality/toy-exposure.ts';
import { toyQualityIssues } from './quality/toy-quality.ts';
import { matchText, type TextEvidence } from './text/toy-text.ts';
import { toyAnalysis } from './toy-job.ts';
import type { ToyCandidate, ToyImageRecognition, ToyRecognizer } from './toy-recognizer.ts';

export interface CatalogToyRecognizerOptions {
  /** OCR for model numbers, maker marks and box text; by default a PaddleOCR reader (createPaddleTextReader) owned and closed here. */
  textReader?: TextReader;
  /**
   * Workers that analyse the photos, shared with other categories (their script serves `toyJobs`);
   * by default ones of its own, closed with it.
   */
  workers?: WorkerPool;
}

/*
 * Where each number below came from: the commit that set it; none records a figure it moved alone,
 * so each was hand-set when written and not measured alone (a4516f4 timed `ocrWidth`, as its line says).
 */
/** A match at least this good shows the toy plainly enough to judge the light on it against its reference (62be617). */
const plainMatch = 0.6;
/** Later images whose best match is below this are read for text (model numbers, marks, box print) (80d622d). */
const textCheckBelow = 0.6;
/** Text sits on plates, labels and boxes: objects filling this much of their bounding box (a turned rectangle still does) (80d622d). */
const textBoxFill = 0.6;
/** A second object must look at least this much like a catalog toy to count as another toy (80d622d). */
const secondToyFloor = 0.45;
/** Objects beyond the largest few are clutter (1bc5cba). */
const objectsCompared = 3;
/** Identity confidence from the views alone above which text is not read (1507ce5). */
const decidedWithoutText = 0.97;
/** Plates and boxes fill the crop, so their print is large: 700 px wide reads as well as 1200 in half the time (a4516f4). */
const ocrWidth = 700;
/** Objects at least this share of the largest one's area may be the subject (ffba04c). */
const subjectArea = 0.5;
/** A second object counts as another toy when it is at least this large beside the subject (1bc5cba). */
const secondToyArea = 0.3;
/** Toys stand side by side when their boxes overlap across by at most this share of the narrower (1bc5cba). */
const sideBySide = 0.3;
/** Candidates reported per photo (1bc5cba; of several toys merged, 395e10f). */
const candidatesKept = 5;

/** A ToyRecognizer over catalog reference images and texts. */
export function createCatalogToyRecognizer(references: ToyReferences, options: CatalogToyRecognizerOptions = {}): ToyRecognizer {
  const labels = options.textReader ?? createPaddleTextReader();
  const workers = options.workers ?? createWorkerPool(new URL('./toy-worker.ts', import.meta.url));
  const analyse = toyAnalysis(workers);
  let closed = false;
  return {
    async recognizeToy(images) {
      if (closed) throw new Error('the toy recognizer is closed');
      const seen = await Promise.all(images.map((image) => lookAt(image, references, analyse)));
      // Reading text is the slow part (OCR): when the views already name the toy beyond doubt, later
      // plates and boxes that might carry words are left unread (they then vote as nothing). The first
      // image is the clearest view of the toy, boxy or not: its look always counts (a lone boxy toy
      // would otherwise name nothing).
      const looks = seen.map((s, i) => (i === 0 || s.textObject === undefined ? s.recognition : unread(s.recognition)));
      // A photo of two toys names both: which one is meant is for the request's other images to say.
      const twoToys = looks.some((l) => l.toyCount > 1);
      const decided = !twoToys && (combineToyImages(looks, references.texts.length).identity?.confidence ?? 0) >= decidedWithoutText;
      const results = [];
      for (const [i, s] of seen.entries()) results.push(s.textObject === undefined || decided ? looks[i]! : await withText(s, references, labels));
      return combineToyImages(results, references.texts.length);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!options.textReader) await labels.close();
      if (!options.workers) await workers.close();
    },
  };
}

interface SeenImage {
  image: Photo;
  /** What the pixels alone say. */
  recognition: ToyImageRecognition;
  /** Set when the image may carry words that name the toy: the object to read (null: the whole photo). */
  textObject?: ToyPhotoObject | null;
}

/** Locates and matches the objects of one image; decides whether its text is worth reading. */
async function lookAt(image: Photo, references: ToyReferences, analyse: (bytes: Buffer) => Promise<ToyPhotoAnalysis>): Promise<SeenImage> {
  let analysis: ToyPhotoAnalysis;
  try {
    analysis = await analyse(image.bytes);
  } catch {
    return { image, recognition: { index: image.index, kind: 'other', objectCount: 0, toyCount: 0, toyLocations: [], qualityIssues: [], candidates: [], text: [], objects: [], textLocation: null } };
  }
  const matched = analysis.objects.slice(0, objectsCompared).map((object) => ({ object, ...matchObject(object, references.images) }));
  // The subject is the largest object, unless one nearly as large looks more like a catalog toy
  // (two toys side by side); small clutter that happens to resemble a toy does not take over.
  const largest = matched[0];
  const subject = matched
    .filter((m) => m.object.area >= subjectArea * (largest?.object.area ?? 0))
    .toSorted((a, b) => (b.candidates[0]?.score ?? 0) - (a.candidates[0]?.score ?? 0))[0];
  const best = subject?.candidates[0]?.score ?? 0;
  const looksKnown = best >= toySimilarityFloor;
  const kind: ToyImageRecognition['kind'] = looksKnown ? subject!.kind : 'other';
  const toys = separate(matched.filter((m) => (m.candidates[0]?.score ?? 0) >= secondToyFloor && m.kind === 'item' && m.object.area >= secondToyArea * subject!.object.area));
  // A plate, label or box not plainly matching a catalog image may carry words that name the toy.
  const boxy = (subject?.object.fill ?? 1) >= textBoxFill;
  const recognition: ToyImageRecognition = {
    index: image.index,
    kind,
    objectCount: analysis.objects.length,
    toyCount: kind === 'item' ? Math.max(1, toys.length) : 0,
    toyLocations: kind === 'item' && toys.length > 1 ? toys.map((toy) => boxLocation(image.index, toy.object.box)) : [],
    qualityIssues: analysis.quality ? toyQualityIssues(analysis.quality, lightOn(subject)) : [],
    // With two toys side by side either may be the one asked about: both stand as candidates, and
    // the request's other images (its box, its model number) tell which.
    candidates: !looksKnown ? [] : kind === 'item' && toys.length > 1 ? mergedCandidates(toys) : subject!.candidates,
    text: [],
    objects: matched.map((m) => ({ location: boxLocation(image.index, m.object.box), candidates: m.candidates })),
    textLocation: null,
  };
  return !looksKnown || (best < textCheckBelow && boxy) ? { image, recognition, textObject: subject?.object ?? null } : { image, recognition };
}

/**
 * Shadow and glare over the subject against the reference it plainly matched. On a doubtful match
 * the layouts differ for other reasons (another toy, clutter fused to it) and light is not judged:
 * on seed 1300 every flag below this bar was a false alarm.
 */
function lightOn(subject: { object: ToyPhotoObject; pair: BestPair | null; candidates: ToyCandidate[] } | undefined) {
  if (!subject?.pair || (subject.candidates[0]?.score ?? 0) < plainMatch) return null;
  return toyExposure(subject.pair.reading, subject.pair.reference, subject.object.luma);
}

/** The image with its text read: words that name toys make it a `text` image (a close-up, not a view to judge). */
async function withText(seen: SeenImage, references: ToyReferences, labels: TextReader): Promise<ToyImageRecognition> {
  const text = await readText(seen.image.bytes, seen.textObject ?? null, references, labels);
  if (text.length === 0) return seen.recognition;
  return { ...seen.recognition, kind: 'text', toyCount: 0, toyLocations: [], qualityIssues: [], candidates: [], text, textLocation: seen.textObject ? boxLocation(seen.image.index, seen.textObject.box) : null };
}

/** A plate or box left unread: its doubtful look does not vote. */
function unread(recognition: ToyImageRecognition): ToyImageRecognition {
  return { ...recognition, candidates: [] };
}

/** OCR of the subject (or the whole photo): the likelier polarity of lettering first, the other if that names no toy. */
async function readText(bytes: Buffer, object: ToyPhotoObject | null, references: ToyReferences, labels: TextReader): Promise<TextEvidence[]> {
  let polarity: TextPolarity | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    const crop = await textCrop(bytes, object?.box ?? null, object?.angle ?? 0, polarity).catch(() => null);
    if (!crop) return [];
    const read = await labels.read(crop, { width: ocrWidth }).catch(() => null);
    const found = read !== null ? matchText(read, references.texts) : [];
    if (found.length > 0) return found;
    polarity = crop.polarity === 'dark' ? 'light' : 'dark';
  }
  return [];
}

/** The reading of an object and the reference image that matched it best. */
interface BestPair {
  reading: ToyFeatures;
  reference: ToyFeatures;
}

/**
 * Per entry, the object's similarity to its closest reference image; best first, with that image's
 * kind and, for the best entry, the pair of features that matched (to judge the light by).
 */
function matchObject(object: ToyPhotoObject, images: ToyImageReference[]): { candidates: ToyCandidate[]; kind: 'item' | 'packaging'; pair: BestPair | null } {
  const best = new Map<string, { score: number; kind: 'item' | 'packaging'; pair: BestPair }>();
  for (const reference of images) {
    // The object as located, or a better reading of its extent (shadow trimmed, clutter cut loose).
    for (const reading of [object.features, ...object.variants]) {
      const score = toySimilarity(reading, reference.features);
      if (score > (best.get(reference.entryId)?.score ?? -1)) best.set(reference.entryId, { score, kind: reference.kind, pair: { reading, reference: reference.features } });
    }
  }
  const ranked = [...best].sort((a, b) => b[1].score - a[1].score);
  return {
    candidates: ranked.slice(0, candidatesKept).map(([entryId, { score }]) => ({ entryId, score: Math.round(score * 1000) / 1000 })),
    kind: ranked[0]?.[1].kind ?? 'item',
    pair: ranked[0]?.[1].pair ?? null,
  };
}

/** Toys standing side by side: objects whose boxes barely overlap across (the first of overlapping ones stays). */
function separate<T extends { object: ToyPhotoObject }>(objects: T[]): T[] {
  const kept: T[] = [];
  for (const o of objects) {
    const overlaps = kept.some(({ object: k }) => Math.min(k.box[2], o.object.box[2]) - Math.max(k.box[0], o.object.box[0]) > sideBySide * Math.min(k.box[2] - k.box[0], o.object.box[2] - o.object.box[0]));
    if (!overlaps) kept.push(o);
  }
  return kept;
}

/** Candidates of several toys in one photo: each entry at its best score over the toys, best first. */
function mergedCandidates(toys: { candidates: ToyCandidate[] }[]): ToyCandidate[] {
  const best = new Map<string, number>();
  for (const toy of toys) for (const c of toy.candidates) best.set(c.entryId, Math.max(best.get(c.entryId) ?? -1, c.score));
  return [...best].sort((a, b) => b[1] - a[1]).slice(0, candidatesKept).map(([entryId, score]) => ({ entryId, score }));
}
