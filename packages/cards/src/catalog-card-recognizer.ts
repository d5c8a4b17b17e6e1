import { boxLocation, type BoxLocation } from '@assay/contract';
import { createPaddleTextReader, createWorkerPool, exposure, type Photo, type TextReader, type WorkerPool } from '@assay/pixels';
import type { WearMeasurements } from './grade/card-scale.ts';
import type { CardPhotoAnalysis } from './analyse-card-photo.ts';
import { cardAnalysis } from './card-job.ts';
import type { CardReferences } from './card-references.ts';
import type { CardRecognizer, ImageRecognition } from './card-recognizer.ts';
import { centeringOf } from './centering/centering.ts';
import { combineImages } from './combine-images.ts';
import { gradingCompaniesWith, type GradingCompany } from './holder/grading-companies.ts';
import { parseLabelText } from './holder/label-text.ts';
import { indexReferences, matchFace, type FaceMatch, type ReferenceIndex } from './identify/match-references.ts';
import { qualityIssues } from './quality/card-quality.ts';
import { surfaceWear } from './wear/surface-wear.ts';

export interface CatalogCardRecognizerOptions {
  /**
   * Workers for per-image analysis, shared with other categories (their script serves `cardJobs`);
   * by default ones of its own, closed with it.
   */
  workers?: WorkerPool;
  /** Reads holder labels; by default a PaddleOCR reader (createPaddleTextReader) owned and closed here. */
  textReader?: TextReader;
}

/** Share of the holder label blown out above which a reflection is reported. */
const labelGlareLimit = 0.04;
/**
 * Share of the card blown out (its exposure's glare) above which a slabbed card's reflection is
 * reported: hand-set when holders were first read (60629ba), not measured alone. It sits below the
 * photo-quality `glare` limit (0.04), so a slab reports a reflection at less glare than flags the
 * photo. Lower reports faint sheen on the plastic; higher misses faint reflections.
 */
const holderGlareLimit = 0.03;

/** A CardRecognizer that matches photos against catalog reference features. */
export function createCatalogCardRecognizer(references: CardReferences, options: CatalogCardRecognizerOptions = {}): CardRecognizer {
  const index = indexReferences(references);
  const gameOf = new Map(references.fronts.map((f) => [f.entryId, f.gameId]));
  const workers = options.workers ?? createWorkerPool(new URL('./card-worker.ts', import.meta.url));
  // The workers choose each photo's card outline by these.
  const analyse = cardAnalysis(workers, [...references.fronts, ...references.backs].map((r) => r.features));
  const labels = options.textReader ?? createPaddleTextReader();
  const companies = gradingCompaniesWith(references.gradingCompanies);
  let closed = false;
  return {
    async recognizeCard(images) {
      if (closed) throw new Error('the recognizer is closed');
      const results = await Promise.all(images.map((image) => recognizeImage(image, analyse, labels, companies, index)));
      return combineImages(preferEvidencedCards(results, gameOf));
    },
    async close() {
      if (closed) return;
      closed = true;
      if (!options.textReader) await labels.close();
      if (!options.workers) await workers.close();
    },
  };
}

/** An image's recognition, with the matches of other cards beside the analysed one and where each was seen. */
export interface SeenImage {
  recognition: ImageRecognition;
  others: (FaceMatch & { location: BoxLocation })[];
}

async function recognizeImage(image: Photo, analyse: (bytes: Buffer) => Promise<CardPhotoAnalysis>, labels: TextReader, companies: readonly GradingCompany[], index: ReferenceIndex): Promise<SeenImage> {
  let analysis: CardPhotoAnalysis;
  try {
    analysis = await analyse(image.bytes);
  } catch {
    analysis = { quads: [], boxes: [], card: null, timings: {} };
  }
  const empty: ImageRecognition = {
    index: image.index,
    face: 'unknown',
    cardLocations: analysis.boxes.map((box) => boxLocation(image.index, box)),
    qualityIssues: [],
    metrics: null,
    candidates: [],
    back: null,
    rotated: false,
    centering: null,
    wear: null,
    holder: null,
    reflection: false,
    location: null,
  };
  const card = analysis.card;
  if (!card) return { recognition: empty, others: [] };
  // The label is read on the OCR engine's thread while matching and measuring run here.
  const reading = card.holderLabel ? labels.read(card.holderLabel.gray).then((raw) => parseLabelText(raw, companies)).catch(() => null) : null;
  const match = matchFace(index, card.features);
  // Other cards' features follow their outlines: the second outline's first.
  const others = (analysis.others ?? []).map((features, i) => ({ ...matchFace(index, features), location: boxLocation(image.index, analysis.boxes[i + 1]!) }));
  const light = exposure(card.features.tone, match.reference?.tone ?? null, match.rotated);
  const centering = centeringOf(card, match.frame, match.rotated);
  const measuredWear = wear(card.wear, match.reference ? surfaceWear(card.features.detail, match.reference.detail, match.rotated) : 0, match.rotated);
  const holder = reading ? await reading : null;
  const seenHolder = holder && (holder.certificate_number || holder.company) ? { company: holder.company, certificate_number: holder.certificate_number, grade: holder.grade } : null;
  const recognition: ImageRecognition = {
    ...empty,
    face: match.face,
    qualityIssues: qualityIssues(card.quality, light),
    metrics: card.quality,
    candidates: match.candidates,
    back: match.face === 'back' ? match.back : null,
    rotated: match.rotated,
    centering,
    wear: measuredWear,
    holder: seenHolder,
    reflection: Boolean(seenHolder) && (light.glare > holderGlareLimit || (card.holderLabel?.glare ?? 0) > labelGlareLimit),
    location: boxLocation(image.index, analysis.boxes[0]!),
  };
  return { recognition, others };
}

/**
 * A photo showing several cards is about the one the rest of the request agrees with: the front
 * beside a back when no image shows a front otherwise, or the front of the game the request's back
 * shows when the card analysed first is of another game. Without such evidence the first stays.
 */
export function preferEvidencedCards(images: SeenImage[], gameOf: ReadonlyMap<string, string>): ImageRecognition[] {
  const fronts = (m: SeenImage['others']) => m.filter((o) => o.face === 'front' && o.candidates.length > 0);
  const backGames = new Set(images.flatMap(({ recognition: r }) => (r.face === 'back' && r.back && r.back !== 'unrecognised' ? [r.back.gameId] : [])));
  const anyFront = images.some(({ recognition: r }) => r.face === 'front' && r.candidates.length > 0);
  return images.map(({ recognition, others }) => {
    const beside = fronts(others);
    if (beside.length === 0) return recognition;
    const front = (o: SeenImage['others'][number]): ImageRecognition => ({ ...recognition, face: 'front', candidates: o.candidates, back: null, rotated: o.rotated, location: o.location });
    if (!anyFront && recognition.face !== 'front') return front(beside[0]!);
    const [game] = backGames;
    if (recognition.face !== 'front' || backGames.size !== 1 || gameOf.get(recognition.candidates[0]!.entryId) === game) return recognition;
    const agreeing = beside.find((o) => gameOf.get(o.candidates[0]!.entryId) === game);
    return agreeing ? front(agreeing) : recognition;
  });
}

function wear(edge: Omit<WearMeasurements, 'surface'>, surface: number, rotated: boolean): WearMeasurements {
  const [a, b, c, d] = edge.corners;
  // Turned 180°, the photo's top-left corner is the card's bottom-right.
  return { corners: rotated ? [c, d, a, b] : [a, b, c, d], edges: edge.edges, surface };
}
