import { describe, expect, it } from 'vitest';
import { preferEvidencedCards, type SeenImage } from './catalog-card-recognizer.ts';
import type { FaceMatch } from './identify/match-references.ts';
import type { ImageRecognition } from './card-recognizer.ts';

const gameOf = new Map([['a-1', 'alpha'], ['a-2', 'alpha'], ['b-1', 'beta']]);
const front = (entryId: string): FaceMatch => ({ face: 'front', rotated: false, candidates: [{ entryId, score: 0.9, confidence: 0.9 }], back: null, reference: null, frame: null });
const back = (gameId: string): FaceMatch => ({ face: 'back', rotated: false, candidates: [], back: { gameId, score: 0.9 }, reference: null, frame: null });
/** The analysed card is seen on the left of the photo, the others one after another to its right. */
const at = (index: number, place: number) => ({ image_index: index, box: { x: place * 300, y: 40, width: 250, height: 350 } });
const image = (index: number, match: FaceMatch, others: FaceMatch[] = []): SeenImage => ({
  recognition: {
    index, face: match.face, cardLocations: [at(index, 0), ...others.map((_, i) => at(index, i + 1))], qualityIssues: [], metrics: null, candidates: match.candidates, back: match.back,
    rotated: false, centering: null, wear: null, holder: null, reflection: false, location: at(index, 0),
  } satisfies ImageRecognition,
  others: others.map((other, i) => ({ ...other, location: at(index, i + 1) })),
});

describe('preferEvidencedCards', () => {
  it('takes the front of the game the request’s back shows', () => {
    const [first] = preferEvidencedCards([image(0, front('b-1'), [front('a-1')]), image(1, back('alpha'))], gameOf);
    expect(first!.candidates[0]!.entryId).toBe('a-1');
    // And says where that card lies, not the one analysed first.
    expect(first!.location).toEqual(at(0, 1));
  });

  it('takes the front beside a back when no image shows a front', () => {
    const [first] = preferEvidencedCards([image(0, back('beta'), [front('a-2')]), image(1, back('alpha'))], gameOf);
    expect(first!.face).toBe('front');
    expect(first!.candidates[0]!.entryId).toBe('a-2');
  });

  it('keeps the first card without evidence against it', () => {
    const sameGame = preferEvidencedCards([image(0, front('a-1'), [front('a-2')]), image(1, back('alpha'))], gameOf);
    expect(sameGame[0]!.candidates[0]!.entryId).toBe('a-1');
    expect(sameGame[0]!.location).toEqual(at(0, 0));
    const noBack = preferEvidencedCards([image(0, front('b-1'), [front('a-1')])], gameOf);
    expect(noBack[0]!.candidates[0]!.entryId).toBe('b-1');
  });
});
