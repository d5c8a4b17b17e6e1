import { candidatesListed } from '@assay/contract';
import type { TextEvidence } from './text/toy-text.ts';
import type { ToyImageRecognition, ToyRecognition } from './toy-recognizer.ts';

/** A best match at least this similar makes the image a view of that toy or its box (tuned on seeds 1000–1999). */
export const toySimilarityFloor = 0.3;
/** Similarity gap worth one unit of log-odds between two toys (tuned on seeds 1000–1999). */
const temperature = 0.025;
/** The first image is the clearest by the spec's guidance; later views count a little less. */
const laterViewWeight = 0.8;
/**
 * A later view's vote grows from nothing at the similarity floor to full this far above it: set when
 * later views were first weighted by how plainly they show a known toy (80d622d), chosen by hand on
 * the tuning seeds and not measured alone. Wider makes a later view match more plainly to vote in
 * full; narrower lets doubtful ones vote in full.
 */
const plainViewSpan = 0.25;
/**
 * Log-odds a toy gains when an image's text names it. A maker mark names a few toys of one maker and
 * year, but read at all it all but rules out every other maker's: it must outweigh a modest lead in
 * looks (two toys side by side; tuned on seed 1300).
 */
const textWeight: Record<TextEvidence['kind'], number> = { model_number: 6, name: 3, maker_mark: 3 };

/**
 * Weighs every image's evidence into one identity: each view of the toy or its box votes with its
 * similarities (relative to its own best, so a dim photo is not outvoted by a bright one), text that
 * names toys adds fixed log-odds, and "none of the catalog" competes as the option that each view's
 * best match falls short of the similarity floor. The softmax of the totals is the confidence.
 */
export function combineToyImages(images: ToyImageRecognition[], entryCount: number): ToyRecognition {
  const logits = new Map<string, number>();
  const evidence = new Map<string, Set<number>>();
  // Log-odds of an entry no image has named yet.
  let base = 0;
  let none = 0;
  for (const [position, image] of images.entries()) {
    if (image.candidates.length > 0) {
      // Later views count as much as they plainly show a known toy; a doubtful one barely votes.
      const weight = position === 0 ? 1 : laterViewWeight * Math.min(1, Math.max(0, (image.candidates[0]!.score - toySimilarityFloor) / plainViewSpan));
      const best = image.candidates[0]!.score;
      // Entries outside the image's top five sit at its fifth's score: unlikely, not impossible.
      const unlisted = (weight * (image.candidates.at(-1)!.score - best)) / temperature;
      for (const [key, value] of logits) if (!image.candidates.some((c) => c.entryId === key)) logits.set(key, value + unlisted);
      for (const c of image.candidates) logits.set(c.entryId, (logits.get(c.entryId) ?? base) + (weight * (c.score - best)) / temperature);
      base += unlisted;
      none += (weight * (toySimilarityFloor - best)) / temperature;
      note(evidence, image.candidates[0]!.entryId, image.index);
    }
    for (const found of image.text) {
      logits.set(found.entryId, (logits.get(found.entryId) ?? base) + textWeight[found.kind]);
      note(evidence, found.entryId, image.index);
    }
  }
  if (logits.size === 0) return { images, identity: null };
  const ranked = [...logits].sort((a, b) => b[1] - a[1]);
  const [entryId, top] = ranked[0]!;
  // Entries no image named share the base log-odds.
  const unnamed = Math.max(0, entryCount - ranked.length) * Math.exp(base - top);
  const total = ranked.reduce((sum, [, l]) => sum + Math.exp(l - top), 0) + Math.exp(none - top) + unnamed;
  const probability = (logit: number) => Math.round((Math.exp(logit - top) / total) * 1000) / 1000;
  const runnersUp = ranked.slice(1, 1 + candidatesListed).map(([id, logit]) => ({ entryId: id, confidence: probability(logit) })).filter((r) => r.confidence > 0);
  return {
    images,
    identity: { entryId, confidence: probability(top), evidence: [...(evidence.get(entryId) ?? [])], runnersUp },
  };
}

function note(evidence: Map<string, Set<number>>, entryId: string, index: number) {
  evidence.set(entryId, (evidence.get(entryId) ?? new Set()).add(index));
}
