import { describe, expect, it } from 'vitest';
import { combineToyImages } from './combine-toy-images.ts';
import type { ToyImageRecognition } from './toy-recognizer.ts';

const image = (index: number, candidates: [string, number][], extra: Partial<ToyImageRecognition> = {}): ToyImageRecognition => ({
  index, kind: candidates.length > 0 ? 'item' : 'other', objectCount: 1, toyCount: candidates.length > 0 ? 1 : 0, toyLocations: [], qualityIssues: [],
  candidates: candidates.map(([entryId, score]) => ({ entryId, score })), text: [], objects: [], textLocation: null, ...extra,
});

describe('combining a toy request\'s images', () => {
  it('a clear first image decides alone, confidently', () => {
    const { identity } = combineToyImages([image(0, [['a', 0.8], ['b', 0.5], ['c', 0.45]])], 30);
    expect(identity).toMatchObject({ entryId: 'a', evidence: [0] });
    expect(identity!.confidence).toBeGreaterThan(0.9);
  });

  it('names the next most likely toys, most likely first, on the same probability scale', () => {
    const tie = image(0, [['a', 0.6], ['b', 0.59], ['c', 0.5], ['d', 0.45], ['e', 0.3]]);
    const { confidence, runnersUp } = combineToyImages([tie], 30).identity!;
    expect(runnersUp.map((r) => r.entryId)).toEqual(['b', 'c', 'd']);
    expect(runnersUp[0]!.confidence).toBeLessThan(confidence);
    expect(runnersUp[0]!.confidence).toBeGreaterThan(runnersUp[1]!.confidence);
    expect(runnersUp[1]!.confidence).toBeGreaterThan(runnersUp[2]!.confidence);
    // With the toys no image named and "none of the catalog's", they share one whole.
    expect(confidence + runnersUp.reduce((sum, r) => sum + r.confidence, 0)).toBeLessThanOrEqual(1.002);
    // A toy whose probability is under a thousandth is none.
    expect(combineToyImages([image(0, [['a', 0.95], ['b', 0.2]])], 30).identity!.runnersUp).toEqual([]);
  });

  it('a near tie is unsure, and a model number settles it', () => {
    const tie = image(0, [['a', 0.6], ['b', 0.59], ['c', 0.4]]);
    const alone = combineToyImages([tie], 30).identity!;
    expect(alone.confidence).toBeLessThan(0.6);
    const label = image(1, [], { kind: 'text', text: [{ entryId: 'b', kind: 'model_number', matched: 'X-1' }] });
    const both = combineToyImages([tie, label], 30).identity!;
    expect(both).toMatchObject({ entryId: 'b', evidence: [1] });
    expect(both.confidence).toBeGreaterThan(0.9);
  });

  it('nothing like a catalog toy: the "none" option wins and confidence stays low', () => {
    const { identity } = combineToyImages([image(0, [['a', 0.22], ['b', 0.2], ['c', 0.19]])], 30);
    expect(identity!.confidence).toBeLessThan(0.3);
  });

  it('no evidence at all: no identity', () => {
    expect(combineToyImages([image(0, [])], 30).identity).toBeNull();
  });
});
