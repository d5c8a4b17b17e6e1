import { describe, expect, it } from 'vitest';
import { loadCatalog, type ToyEntry } from '@assay/catalog';
import { createToysEngine } from './index.ts';
import type { ToyImageRecognition, ToyRecognition, ToyRecognizer } from './index.ts';

const sample = new URL('../../../catalog/sample/', import.meta.url).pathname;

/** A recognizer port that answers what it is given: the engine's rules are what is under test. */
const recognizing = (recognition: ToyRecognition): ToyRecognizer => ({ recognizeToy: async () => recognition, close: async () => {} });

const image = { index: 0, bytes: Buffer.alloc(0), sha256: '', format: 'jpeg' as const, width: 1, height: 1 };

describe('the toys engine', () => {
  it('lists the next most likely toys with their identity and probability, for review', async () => {
    const toys = (await loadCatalog(sample)).toys;
    const entries = new Map<string, ToyEntry>(toys.map((t) => [t.id, t]));
    const [named, second, third] = toys;
    const engine = createToysEngine({
      entries,
      catalogVersionId: 1,
      recognizer: recognizing({
        images: [{ index: 0, kind: 'item', objectCount: 1, toyCount: 1, toyLocations: [], qualityIssues: [], candidates: [], text: [], objects: [], textLocation: null }],
        identity: { entryId: named!.id, confidence: 0.55, evidence: [0], runnersUp: [{ entryId: second!.id, confidence: 0.3 }, { entryId: third!.id, confidence: 0.1 }] },
      }),
    });
    const { items } = await engine.assess([image], ['identity', 'valuation']);
    expect(items).toHaveLength(1);
    expect(items[0]!.identity).toEqual({ ...named!.identity, confidence: 0.55 });
    expect(items[0]!.valuation!.confidence).toBe('low');
    expect(items[0]!.candidates).toEqual([
      { identity: second!.identity, confidence: 0.3 },
      { identity: third!.identity, confidence: 0.1 },
    ]);

    // Valuation alone: no identity, and so no other identities either.
    const [priced] = (await engine.assess([image], ['valuation'])).items;
    expect(priced).toEqual({ valuation: { price: named!.price, price_range: named!.price_range, confidence: 'low' }, location: [] });
  });

  it('says where the toy was seen: the one of two toys that it is, and the plate whose model number named it', async () => {
    const toys = (await loadCatalog(sample)).toys;
    const entries = new Map<string, ToyEntry>(toys.map((t) => [t.id, t]));
    const [named, other] = toys;
    const at = (index: number, x: number) => ({ image_index: index, box: { x, y: 50, width: 200, height: 260 } });
    const seen = (index: number, extra: Partial<ToyImageRecognition>): ToyImageRecognition => ({
      index, kind: 'item', objectCount: 2, toyCount: 1, toyLocations: [], qualityIssues: [], candidates: [], text: [], objects: [], textLocation: null, ...extra,
    });
    const images = [
      // Two toys side by side: the named one is the right-hand object.
      seen(0, { toyCount: 2, toyLocations: [at(0, 10), at(0, 400)], objects: [
        { location: at(0, 10), candidates: [{ entryId: other!.id, score: 0.7 }, { entryId: named!.id, score: 0.4 }] },
        { location: at(0, 400), candidates: [{ entryId: named!.id, score: 0.65 }] },
      ] }),
      // A base plate whose model number named it.
      seen(1, { kind: 'text', text: [{ entryId: named!.id, kind: 'model_number', matched: 'KG-4190' }], objects: [{ location: at(1, 30), candidates: [] }], textLocation: at(1, 30) }),
      // A view that pointed elsewhere says nothing of where the named toy is.
      seen(2, { objects: [{ location: at(2, 60), candidates: [{ entryId: other!.id, score: 0.6 }, { entryId: named!.id, score: 0.5 }] }] }),
    ];
    const engine = createToysEngine({
      entries,
      catalogVersionId: 1,
      recognizer: recognizing({ images, identity: { entryId: named!.id, confidence: 0.97, evidence: [0, 1], runnersUp: [] } }),
    });
    const { items: [item], issues } = await engine.assess([0, 1, 2].map((index) => ({ ...image, index })), ['identity']);
    expect(item!.location).toEqual([at(0, 400), at(1, 30)]);
    // The photo of two toys says where each one is.
    expect(issues).toContainEqual(expect.objectContaining({ code: 'MULTIPLE_ITEMS', image_index: 0, message: 'image 0: 2 toys in one photo (at x 10, y 50, 200 × 260 px; at x 400, y 50, 200 × 260 px); send one toy per request' }));
  });
});
