import { describe, expect, it } from 'vitest';
import { loadCatalog, type CardEntry } from '@assay/catalog';
import { combineImages } from './combine-images.ts';
import { createCardsEngine, type CardRecognizer, type ImageRecognition } from './index.ts';

const sample = new URL('../../../catalog/sample/', import.meta.url).pathname;
const image = { index: 0, bytes: Buffer.alloc(0), sha256: '', format: 'jpeg' as const, width: 1, height: 1 };

/** A front photo whose matching is given: the engine's rules and the images' combining are what is under test. */
const front = (candidates: { entryId: string; confidence: number }[]): ImageRecognition => ({
  index: 0, face: 'front', cardCount: 1, qualityIssues: [], metrics: null, back: null, rotated: false, centering: null, wear: null, holder: null, reflection: false,
  candidates: candidates.map((c) => ({ ...c, score: c.confidence })),
});

describe('the cards engine', () => {
  it('lists the next most likely cards of the chosen front with their identity and probability, for review', async () => {
    const cards = (await loadCatalog(sample)).cards;
    const entries = new Map<string, CardEntry>(cards.map((c) => [c.id, c]));
    const [named, second, third, fourth, fifth] = cards;
    const recognizing = (recognition: ImageRecognition): CardRecognizer => ({ recognizeCard: async () => combineImages([recognition]), close: async () => {} });
    const unsure = front([
      { entryId: named!.id, confidence: 0.6 }, { entryId: second!.id, confidence: 0.25 }, { entryId: third!.id, confidence: 0.1 },
      { entryId: fourth!.id, confidence: 0.04 }, { entryId: fifth!.id, confidence: 0.0004 },
    ]);
    const [item] = (await createCardsEngine({ entries, catalogVersionId: 1, recognizer: recognizing(unsure) }).assess([image], ['identity'])).items;
    expect(item!.identity).toMatchObject({ name: named!.identity.name, confidence: 0.6 });
    // Three at most, the most likely first.
    expect(item!.candidates).toEqual([
      { identity: second!.identity, confidence: 0.25 },
      { identity: third!.identity, confidence: 0.1 },
      { identity: fourth!.identity, confidence: 0.04 },
    ]);
    // A sure match: the others' probabilities round to nothing, and none is listed.
    const sure = front([{ entryId: named!.id, confidence: 1 }, { entryId: second!.id, confidence: 0 }]);
    expect((await createCardsEngine({ entries, catalogVersionId: 1, recognizer: recognizing(sure) }).assess([image], ['identity'])).items[0]!.candidates).toEqual([]);
  });
});
