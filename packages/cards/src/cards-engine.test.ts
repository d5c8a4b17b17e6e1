import { describe, expect, it } from 'vitest';
import { loadCatalog, type CardEntry } from '@assay/catalog';
import { combineImages } from './combine-images.ts';
import { createCardsEngine, type CardRecognizer, type ImageRecognition } from './index.ts';

const sample = new URL('../../../catalog/sample/', import.meta.url).pathname;
const image = { index: 0, bytes: Buffer.alloc(0), sha256: '', format: 'jpeg' as const, width: 1, height: 1 };

/** The one card of image `index`, where it lies. */
const seenAt = (index: number) => ({ image_index: index, box: { x: 10 + index, y: 20, width: 300, height: 420 } });
/** A front photo whose matching is given: the engine's rules and the images' combining are what is under test. */
const front = (candidates: { entryId: string; confidence: number }[], index = 0): ImageRecognition => ({
  index, face: 'front', cardLocations: [seenAt(index)], qualityIssues: [], metrics: null, back: null, rotated: false, centering: null, wear: null, holder: null, reflection: false,
  candidates: candidates.map((c) => ({ ...c, score: c.confidence })), location: seenAt(index),
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

  it('says where the card was seen: in the images of its front and of its back, not in one showing another card', async () => {
    const cards = (await loadCatalog(sample)).cards;
    const entries = new Map<string, CardEntry>(cards.map((c) => [c.id, c]));
    const [named, other] = cards;
    const ofGame = (gameId: string, index: number): ImageRecognition => ({
      ...front([], index), face: 'back', back: { gameId, score: 0.9 }, location: { image_index: index, box: { x: 5, y: 6, width: 200, height: 280 } },
    });
    const otherGame = cards.find((c) => c.game_id !== named!.game_id)?.game_id ?? 'no-such-game';
    const images = [front([{ entryId: named!.id, confidence: 0.9 }], 0), ofGame(otherGame, 1), ofGame(named!.game_id, 2), front([{ entryId: other!.id, confidence: 0.7 }], 3)];
    const recognizer: CardRecognizer = { recognizeCard: async () => ({ ...combineImages(images), backIndex: 2, backGameId: named!.game_id }), close: async () => {} };
    const [item] = (await createCardsEngine({ entries, catalogVersionId: 1, recognizer }).assess([0, 1, 2, 3].map((index) => ({ ...image, index })), ['identity'])).items;
    expect(item!.location).toEqual([images[0]!.location, images[2]!.location]);
  });
});
