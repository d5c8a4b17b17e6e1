import {
  analyseToyPhoto,
  createLabelReader,
  qualityIssues,
  textCrop,
  toySimilarity,
  type LabelReader,
  type ToyPhotoAnalysis,
  type ToyPhotoObject,
} from '@assay/vision';
import type { CardImage } from '../recognizer.ts';
import { combineToyImages, toySimilarityFloor } from './combine-toy-images.ts';
import type { ToyImageReference, ToyReferences } from './toy-references.ts';
import type { ToyCandidate, ToyImageRecognition, ToyRecognizer } from './toy-recognizer.ts';
import { matchText } from './toy-text.ts';

export interface CatalogToyRecognizerOptions {
  /** OCR for model numbers, maker marks and box text; by default a tesseract reader owned and closed here. */
  labelReader?: LabelReader;
}

/** Packaging whose best two boxes are closer than this is read too: the box's print tells them apart. */
const packagingTie = 0.06;
/** Objects beyond the largest few are clutter. */
const objectsCompared = 3;
/** A second object counts as another toy when it is at least this large beside the subject. */
const secondToyArea = 0.3;

/** A ToyRecognizer over catalog reference images and texts. */
export function createCatalogToyRecognizer(references: ToyReferences, options: CatalogToyRecognizerOptions = {}): ToyRecognizer {
  const labels = options.labelReader ?? createLabelReader();
  let closed = false;
  return {
    async recognizeToy(images) {
      if (closed) throw new Error('the toy recognizer is closed');
      const results = await Promise.all(images.map((image) => recognizeImage(image, references, labels)));
      return combineToyImages(results, references.texts.length);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!options.labelReader) await labels.close();
    },
  };
}

async function recognizeImage(image: CardImage, references: ToyReferences, labels: LabelReader): Promise<ToyImageRecognition> {
  let analysis: ToyPhotoAnalysis;
  try {
    analysis = await analyseToyPhoto(image.bytes);
  } catch {
    return { index: image.index, kind: 'other', objectCount: 0, toyCount: 0, qualityIssues: [], candidates: [], text: [] };
  }
  const matched = analysis.objects.slice(0, objectsCompared).map((object) => ({ object, ...matchObject(object, references.images) }));
  // The subject is the object most like a catalog toy; the largest when nothing looks like one.
  const subject = matched.toSorted((a, b) => (b.candidates[0]?.score ?? 0) - (a.candidates[0]?.score ?? 0))[0];
  const best = subject?.candidates[0]?.score ?? 0;
  const toys = matched.filter((m) => (m.candidates[0]?.score ?? 0) >= toySimilarityFloor && m.kind === 'item' && m.object.area >= secondToyArea * (subject?.object.area ?? 0));
  let kind: ToyImageRecognition['kind'] = best >= toySimilarityFloor ? subject!.kind : 'other';
  const tied = kind === 'packaging' && best - (subject!.candidates[1]?.score ?? 0) < packagingTie;
  let text: ToyImageRecognition['text'] = [];
  if (kind === 'other' || tied) {
    const read = await labels.read(await textCrop(image.bytes, subject?.object.box ?? null)).catch(() => null);
    text = read ? matchText(read.raw, references.texts) : [];
    if (kind === 'other' && text.length > 0) kind = 'text';
  }
  return {
    index: image.index,
    kind,
    objectCount: analysis.objects.length,
    toyCount: kind === 'item' ? Math.max(1, separate(toys.map((t) => t.object))) : 0,
    qualityIssues: analysis.quality && kind !== 'text' ? qualityIssues(analysis.quality, { shadow: 0, glare: 0 }) : [],
    candidates: kind === 'item' || kind === 'packaging' ? subject!.candidates : [],
    text,
  };
}

/** Per entry, the object's similarity to its closest reference image; best first, with that image's kind. */
function matchObject(object: ToyPhotoObject, images: ToyImageReference[]): { candidates: ToyCandidate[]; kind: 'item' | 'packaging' } {
  const best = new Map<string, { score: number; kind: 'item' | 'packaging' }>();
  for (const reference of images) {
    const score = toySimilarity(object.features, reference.features);
    if (score > (best.get(reference.entryId)?.score ?? -1)) best.set(reference.entryId, { score, kind: reference.kind });
  }
  const ranked = [...best].sort((a, b) => b[1].score - a[1].score);
  return {
    candidates: ranked.slice(0, 5).map(([entryId, { score }]) => ({ entryId, score: Math.round(score * 1000) / 1000 })),
    kind: ranked[0]?.[1].kind ?? 'item',
  };
}

/** Toys standing side by side: objects whose boxes barely overlap across. */
function separate(objects: ToyPhotoObject[]): number {
  const kept: ToyPhotoObject[] = [];
  for (const o of objects) {
    const overlaps = kept.some((k) => Math.min(k.box[2], o.box[2]) - Math.max(k.box[0], o.box[0]) > 0.3 * Math.min(k.box[2] - k.box[0], o.box[2] - o.box[0]));
    if (!overlaps) kept.push(o);
  }
  return kept.length;
}
