import { describe, expect, it } from 'vitest';
import { loadCatalog, type CoinEntry } from '@assay/catalog';
import type { CoinPhotoRecognition, CoinRecognition, CoinRecognizer, PhysicalCoin, RecognizedCoin } from './coin-recognizer.ts';
import { createCoinsEngine, loadSpotPrices } from './index.ts';

const sample = new URL('../../../catalog/sample/', import.meta.url).pathname;
const image = (index: number) => ({ index, bytes: Buffer.alloc(0), sha256: '', format: 'jpeg' as const, width: 1, height: 1 });

/** A flat coin found at (x, y) with radius r; what it was matched to is the physical coin's business here. */
const found = (x: number, y: number, r: number): RecognizedCoin => ({
  x, y, r, ellipse: null, support: 1, irregularity: 0.01, lumpiness: null, inFrame: true, readable: true, standsOut: true,
  candidates: [], background: null, fine: 1, broad: 1, chroma: [0, 0], date: { state: 'not_sought' },
});
const photo = (index: number, coins: RecognizedCoin[]): CoinPhotoRecognition => ({
  index, kind: 'coins', width: 1600, height: 1200, coins, readable: coins.map((_, i) => i), failed: false, qualityIssues: [],
});
const physical = (views: [number, number][], candidates: [string, number][], unlisted: number): PhysicalCoin => ({
  views: views.map(([imageIndex, coin]) => ({ imageIndex, coin, candidates: [] })),
  candidates: candidates.map(([entryId, confidence]) => ({ entryId, score: 0.5, confidence })),
  unlisted, ancient: false, date: { state: 'not_sought' }, sharpness: null, contrast: null,
});

/** A recognizer port that answers what it is given: the engine's rules are what is under test. */
const recognizing = (recognition: CoinRecognition): CoinRecognizer => ({ recognizeCoins: async () => recognition, close: async () => {} });

describe('the coins engine', () => {
  it('lists the other coins each item could be, on its own probability scale, and where each coin lies in each overview', async () => {
    const coins = (await loadCatalog(sample)).coins;
    const entries = new Map<string, CoinEntry>(coins.map((c) => [c.id, c]));
    const [a, b, c, d, e] = coins.map((coin) => coin.id);
    // A group of two coins in two overview photos, the second photo's layout shifted.
    const recognition: CoinRecognition = {
      images: [photo(0, [found(400, 300, 80), found(900, 320, 60)]), photo(1, [found(930, 350, 61), found(430, 330, 79)])],
      coins: [
        physical([[0, 0], [1, 1]], [[a!, 0.6], [b!, 0.25], [c!, 0.1], [d!, 0.03], [e!, 0.0004]], 0.01),
        // More likely none of the catalog's than any entry: an unnamed coin, with the entries it resembles.
        physical([[1, 0], [0, 1]], [[c!, 0.2], [d!, 0.1]], 0.7),
      ],
      rollCoins: [],
      pairing: { photos: [0, 1], paired: 2, unpaired: 0, mirrored: false },
    };
    const engine = createCoinsEngine({ recognizer: recognizing(recognition), entries, catalogVersionId: 1, spotPrices: await loadSpotPrices() });
    const { items, summary } = await engine.assess([image(0), image(1)], ['identity']);
    expect(summary.presentation).toBe('group');
    const [named, unnamed] = items;

    expect(named!.identity!.name).toBe(entries.get(a!)!.identity.name);
    const stated = named!.identity!.confidence;
    // Three at most, most likely first, sharing what the stated confidence leaves as the recognizer weighs them.
    expect(named!.candidates!.map((o) => o.identity.name)).toEqual([b, c, d].map((id) => entries.get(id!)!.identity.name));
    const share = (1 - stated) / (1 - 0.6);
    expect(named!.candidates!.map((o) => o.confidence)).toEqual([0.25, 0.1, 0.03].map((p) => Math.round(p * share * 1000) / 1000));
    expect(stated + named!.candidates!.reduce((sum, o) => sum + o.confidence, 0)).toBeLessThanOrEqual(1.0005);
    expect(named!.candidates![0]!.identity).toEqual(expect.objectContaining({ year: entries.get(b!)!.identity.year, material_composition: expect.any(Array) }));
    expect(unnamed!.identity!.name).toBeNull();
    expect(unnamed!.candidates!.map((o) => o.identity.name)).toEqual([c, d].map((id) => entries.get(id!)!.identity.name));

    // Each coin's rim in each overview, in image order.
    expect(named!.location).toEqual([{ image_index: 0, center: { x: 400, y: 300 }, radius: 80 }, { image_index: 1, center: { x: 430, y: 330 }, radius: 79 }]);
    expect(unnamed!.location).toEqual([{ image_index: 0, center: { x: 900, y: 320 }, radius: 60 }, { image_index: 1, center: { x: 930, y: 350 }, radius: 61 }]);

    // Without the identity section no other identities are listed either; where the coins lie still is.
    const [priced] = (await engine.assess([image(0), image(1)], ['valuation'])).items;
    expect(Object.keys(priced!)).toEqual(['valuation', 'location']);
  });

  it('withholds what only an unread date tells apart when the relief does not settle it, names the closer coin when it does, and a design the catalog lists once', async () => {
    const entries = new Map<string, CoinEntry>((await loadCatalog(sample)).coins.map((c) => [c.id, c]));
    const unread = (coin: PhysicalCoin): PhysicalCoin => ({ ...coin, date: { state: 'unread', printedTooSmall: false, fit: null }, sharpness: 1, contrast: 1 });
    const recognition: CoinRecognition = {
      images: [photo(0, [found(400, 300, 80), found(900, 320, 80), found(400, 800, 80), found(900, 800, 80)])],
      coins: [
        // Two Lincoln Memorial cents in the catalog: 1972-D (bronze) and 1995 (zinc); the relief barely prefers one.
        unread(physical([[0, 0]], [['lincoln-memorial-cent-1995', 0.35], ['lincoln-memorial-cent-1972-d', 0.3], ['jefferson-nickel-2006-p', 0.2]], 0.05)),
        // One Walking Liberty half dollar: its design names it.
        unread(physical([[0, 1]], [['walking-liberty-half-dollar-1942', 0.8]], 0.05)),
        // A cent whose relief is plainly the 1995 one's.
        unread(physical([[0, 2]], [['lincoln-memorial-cent-1995', 0.97], ['lincoln-memorial-cent-1972-d', 0.02]], 0.01)),
        // A half dollar less likely any listed one than none of the catalog's, but likelier one of them than none.
        unread(physical([[0, 3]], [['kennedy-half-dollar-1964-90-silver', 0.22], ['kennedy-half-dollar-1967-40-silver-clad', 0.2], ['kennedy-half-dollar-1971-d-copper-nickel-clad', 0.16]], 0.38)),
      ],
      rollCoins: [],
      pairing: null,
    };
    // Stated as the recognizer gives them: the rule is under test here, not the fitted calibration.
    const engine = createCoinsEngine({ recognizer: recognizing(recognition), entries, catalogVersionId: 1, spotPrices: await loadSpotPrices(), calibration: { named: [], unnamed: [], closest: [] } });
    const { items, issues } = await engine.assess([image(0)], ['identity', 'grade', 'valuation']);
    const [cent, half, plainCent, sharedHalf] = items;

    expect(cent!.identity).toMatchObject({ name: 'Lincoln Memorial Cent', type: 'Lincoln Memorial Cent', year: null, mint: null, material_composition: [], denomination: '1 cent' });
    // The stated confidence is that it is one of the two, more than that it is the closer one.
    const sureOfDesign = cent!.identity!.confidence;
    expect(cent!.candidates!.map((c) => c.identity.year)).toEqual(['1995', '1972']);
    expect(sureOfDesign).toBeGreaterThan(cent!.candidates![0]!.confidence);
    expect(cent!.candidates![0]!.confidence).toBeCloseTo((sureOfDesign * 0.35) / 0.65, 2);
    // Their prices differ, so no price; the grade is still measured.
    expect(cent!.valuation).toMatchObject({ price: null, melt_value: null });
    expect(cent!.grade).toBeDefined();
    const centUnread = issues.find((i) => i.code === 'COIN_DATE_UNREAD' && i.item_index === 0)!;
    expect(centUnread.message).toContain('not given');
    expect(centUnread.message).toContain('1995 Lincoln Memorial Cent');

    expect(half!.identity).toMatchObject({ name: entries.get('walking-liberty-half-dollar-1942')!.identity.name, year: '1942' });
    expect(half!.valuation!.price).not.toBeNull();
    expect(issues.find((i) => i.code === 'COIN_DATE_UNREAD' && i.item_index === 1)!.message).toContain('the only one');

    expect(plainCent!.identity).toMatchObject({ name: '1995 Lincoln Memorial Cent', year: '1995' });
    expect(plainCent!.identity!.confidence).toBeGreaterThanOrEqual(0.5);
    expect(issues.find((i) => i.code === 'COIN_DATE_UNREAD' && i.item_index === 2)!.message).toContain('relief is closest');

    // Its design's coins share what it is likely to be: it is named by its design, not left unidentified.
    expect(sharedHalf!.identity).toMatchObject({ name: 'Kennedy Half Dollar', year: null });
    expect(sharedHalf!.identity!.confidence).toBeCloseTo(0.58, 3);
    expect(issues.some((i) => i.code === 'ITEM_NOT_IDENTIFIED')).toBe(false);
  });

  it('names a design from the closest of its coins when no photo shows the face that carries the date, and says why its year is not given', async () => {
    const entries = new Map<string, CoinEntry>((await loadCatalog(sample)).coins.map((c) => [c.id, c]));
    const recognition: CoinRecognition = {
      images: [photo(0, [found(400, 300, 80)])],
      coins: [{ ...physical([[0, 0]], [['lincoln-memorial-cent-1995', 0.35], ['lincoln-memorial-cent-1972-d', 0.3]], 0.05), sharpness: 1, contrast: 1 }],
      rollCoins: [],
      pairing: null,
    };
    const engine = createCoinsEngine({ recognizer: recognizing(recognition), entries, catalogVersionId: 1, spotPrices: await loadSpotPrices(), calibration: { named: [], unnamed: [], closest: [] } });
    const { items, issues } = await engine.assess([image(0)], ['identity']);
    expect(items[0]!.identity).toMatchObject({ name: 'Lincoln Memorial Cent', year: null });
    expect(issues.find((i) => i.code === 'COIN_DATE_UNREAD')!.message).toContain('photograph both faces');
  });

  it('names an unread date\'s closest coin by how often the closest one is the coin, and states what it names through the named coins\' map', async () => {
    const entries = new Map<string, CoinEntry>((await loadCatalog(sample)).coins.map((c) => [c.id, c]));
    const cent = (closest: number): PhysicalCoin => ({
      ...physical([[0, 0]], [['lincoln-memorial-cent-1995', closest], ['lincoln-memorial-cent-1972-d', 0.9 - closest]], 0.05),
      date: { state: 'unread', printedTooSmall: false, fit: null },
      sharpness: 1,
      contrast: 1,
    });
    const recognition: CoinRecognition = { images: [photo(0, [found(400, 300, 80), found(900, 320, 80)])], coins: [cent(0.6), cent(0.8)], rollCoins: [], pairing: null };
    // Named coins right far more often than the recognizer says; the closest of an unread date's
    // design the coin more often than not only from a probability of 0.7 on.
    const calibration = { named: [[0.5, 0.9], [0.9, 0.97]], unnamed: [], closest: [[0.6, 0.4], [0.8, 0.6]] } as const;
    const engine = createCoinsEngine({ recognizer: recognizing(recognition), entries, catalogVersionId: 1, spotPrices: await loadSpotPrices(), calibration });
    const [unsure, sure] = (await engine.assess([image(0)], ['identity'])).items;

    expect(unsure!.identity).toMatchObject({ name: 'Lincoln Memorial Cent', year: null });
    // One of the two at 0.9 together: the named map's 0.97.
    expect(unsure!.identity!.confidence).toBe(0.97);
    expect(sure!.identity).toMatchObject({ name: '1995 Lincoln Memorial Cent', year: '1995' });
    // The closest at 0.8: the named map's line between its points.
    expect(sure!.identity!.confidence).toBeCloseTo(0.953, 3);
  });
});
