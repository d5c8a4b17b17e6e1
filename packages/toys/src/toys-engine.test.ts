import { describe, expect, it } from 'vitest';
import { loadCatalog, type ToyEntry } from '@assay/catalog';
import { createToysEngine } from './index.ts';
import type { ToyRecognition, ToyRecognizer } from './index.ts';

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
        images: [{ index: 0, kind: 'item', objectCount: 1, toyCount: 1, qualityIssues: [], candidates: [], text: [] }],
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
    expect(priced).toEqual({ valuation: { price: named!.price, price_range: named!.price_range, confidence: 'low' } });
  });
});
