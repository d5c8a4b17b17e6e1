import type { ToyEntry } from '@assay/catalog';
import { issue, placeInWords, type BoxLocation, type CategoryEngine, type EngineImage, type EngineResult, type Issue, type Section, type ToyItem, type toyConfidenceWords } from '@assay/contract';
import { qualityIssuesOf } from '@assay/pixels';
import type { ToyImageRecognition, ToyRecognition, ToyRecognizer } from './toy-recognizer.ts';

export interface ToysEngineDeps {
  recognizer: ToyRecognizer;
  /** The catalog's toy entries by id, from the version the recognizer was built on. */
  entries: ReadonlyMap<string, ToyEntry>;
  catalogVersionId: number;
  /** Below this confidence the best match is not reported as the toy's identity. */
  minIdentityConfidence?: number;
}

export type ToyConfidenceWord = (typeof toyConfidenceWords)[number];

/** Least confidence for `high` and for `medium`: set when the toys engine was written (540b9c1). */
const highConfidence = 0.9;
const mediumConfidence = 0.6;
/** Below this confidence by default the best match is not reported: hand-set when written (540b9c1), not measured alone. */
const defaultMinIdentityConfidence = 0.3;

/**
 * The word for a calibrated identity confidence (see docs/api.md): on generator photos of the
 * development seeds, `high` answers were right about 19 times in 20 and `medium` about 7 in 8.
 */
export function confidenceWord(confidence: number): ToyConfidenceWord {
  if (confidence >= highConfidence) return 'high';
  if (confidence >= mediumConfidence) return 'medium';
  return 'low';
}

/**
 * The toy rules of the spec over the recognizer's facts: identity from the clearest image, helped
 * by packaging, model numbers and maker marks; price and range from the catalog entry with a word
 * for how sure the match is; one toy per request (two in a photo is an issue); photo quality per image.
 */
export function createToysEngine({ recognizer, entries, catalogVersionId, minIdentityConfidence = defaultMinIdentityConfidence }: ToysEngineDeps): CategoryEngine<'toys'> {
  return {
    async assess(images: EngineImage[], sections: readonly Section[]): Promise<EngineResult<'toys'>> {
      const recognition = await recognizer.recognizeToy(images.map(({ index, bytes }) => ({ index, bytes })));
      const issues = imageIssues(recognition);
      const candidate = recognition.identity;
      const entry = candidate && candidate.confidence >= minIdentityConfidence ? entries.get(candidate.entryId) : undefined;
      if (!entry) {
        issues.push(issue('ITEM_NOT_IDENTIFIED', 'the toy matches nothing in the catalog well enough to name it', { severity: 'error', imageIndex: images[0]?.index }));
        return { summary: {}, items: [], issues, catalogVersionId };
      }
      const item: ToyItem = {};
      if (sections.includes('identity')) {
        item.identity = { ...entry.identity, confidence: candidate!.confidence };
        item.candidates = candidate!.runnersUp.flatMap(({ entryId, confidence }) => {
          const other = entries.get(entryId);
          return other ? [{ identity: { ...other.identity }, confidence }] : [];
        });
      }
      if (sections.includes('valuation')) {
        item.valuation = { price: entry.price, price_range: { ...entry.price_range }, confidence: confidenceWord(candidate!.confidence) };
      }
      // Where it was seen is no section: it comes with whichever are served.
      item.location = locationOf(recognition, entry.id);
      return { summary: {}, items: [item], issues, catalogVersionId };
    },
  };
}

/**
 * Where the toy was seen: in every image that pointed to it, the object most like it (of two toys
 * side by side, the one it is), or the plate, label or box whose text named it; in image order.
 */
function locationOf(recognition: ToyRecognition, entryId: string): BoxLocation[] {
  const pointing = new Set(recognition.identity?.evidence ?? []);
  const likeIt = (object: ToyImageRecognition['objects'][number]) => object.candidates.find((c) => c.entryId === entryId)?.score ?? -1;
  return recognition.images.flatMap((image) => {
    if (!pointing.has(image.index)) return [];
    if (image.textLocation && image.text.some((t) => t.entryId === entryId)) return [image.textLocation];
    const object = image.objects.toSorted((a, b) => likeIt(b) - likeIt(a))[0];
    return object && likeIt(object) >= 0 ? [object.location] : [];
  });
}

/** Per-image findings: quality of views of the toy, images showing nothing, several toys in one photo or across photos. */
function imageIssues(recognition: ToyRecognition): Issue[] {
  const issues: Issue[] = [];
  for (const image of recognition.images) {
    issues.push(...qualityIssuesOf(image.qualityIssues, image.index));
    if (image.objectCount === 0 && image.kind !== 'text') {
      issues.push(issue('ITEM_NOT_FOUND', `image ${image.index}: no toy was found`, { imageIndex: image.index }));
    }
    if (image.toyCount > 1) {
      const places = image.toyLocations.length > 0 ? ` (${image.toyLocations.map(placeInWords).join('; ')})` : '';
      issues.push(issue('MULTIPLE_ITEMS', `image ${image.index}: ${image.toyCount} toys in one photo${places}; send one toy per request`, { imageIndex: image.index }));
    }
  }
  if (differentToys(recognition)) issues.push(issue('MULTIPLE_ITEMS', 'the images show different toys; send one toy per request'));
  return issues;
}

/** A view of a toy that plainly names one catalog toy: a good match, well ahead of the next. Hand-set when written (7c7707a), not measured alone. */
const plainScore = 0.55;
const plainLead = 0.08;

/**
 * Two views that each plainly show a different toy, neither of them like the other's: two toys in
 * the request. Doubtful views (a side view ranked second) are not enough to say so.
 */
function differentToys(recognition: ToyRecognition): boolean {
  // A photo of two toys is flagged on its own; its candidates name both, so it says nothing across images.
  const plain = recognition.images.filter((i) => i.kind === 'item' && i.toyCount === 1 && i.candidates.length > 1 && i.candidates[0]!.score >= plainScore && i.candidates[0]!.score - i.candidates[1]!.score >= plainLead);
  for (const a of plain) {
    for (const b of plain) {
      const [ta, tb] = [a.candidates[0]!.entryId, b.candidates[0]!.entryId];
      if (ta === tb) continue;
      const aLikeB = a.candidates.find((c) => c.entryId === tb)?.score ?? 0;
      const bLikeA = b.candidates.find((c) => c.entryId === ta)?.score ?? 0;
      if (aLikeB < a.candidates[0]!.score - plainLead && bLikeA < b.candidates[0]!.score - plainLead) return true;
    }
  }
  return false;
}
