import type { CoinEntry, LoadedCatalog } from '@assay/catalog';
import type { Point } from '../photo/raw-image.ts';
import type { Rng } from '../random.ts';
import { arrangementName, tuningArrangement, type CoinArrangement } from './coin-arrangement.ts';
import { canRedate } from './coin-face.ts';
import {
  diameterOf, faceValueCents, findCoin, isEuro, sampleAncientInstance, sampleCoinInstance, type CoinFace, type CoinInstance,
} from './coin-instance.ts';

/*
 * How coins lie on the table, in millimetres on a flat plane the camera then photographs. A layout
 * holds both sides: each coin says where it lies and how it is turned with its obverse up and with
 * its reverse up, so the obverse and reverse overview photos of one layout are consistent.
 *
 * Pairing convention (what the engine may rely on):
 *  - group, date_run, individual, ancient: the person flips each coin in place, top over bottom.
 *    A coin's centre on the table does not move; US coins are coin-aligned, so top-over-bottom the
 *    reverse reads the same way up as the obverse did (rotation equal, ± a few degrees of handling).
 *    The reverse overview is a second shot from about the same spot (frame shifted ≤ ~2%, turned
 *    ≤ ~2°), so coins sit at nearly the same pixels in both photos.
 *  - set: the holder is turned over top over bottom: slot rows swap (y → holder height − y), columns
 *    stay; the coins' reverses read upright when their obverses did.
 *  - individual: each photo is picked up and put down: rotation is arbitrary per face.
 *  - pile, roll: nothing is flipped; a second photo is another shot of the same heap or roll.
 * Truth gives every coin a `coin_id` that is the same in every photo of the layout.
 */

export const coinPresentations = ['individual', 'group', 'roll', 'pile', 'ancient', 'date_run', 'set'] as const;
export type CoinPresentation = (typeof coinPresentations)[number];

export interface CoinPlace {
  /** Centre on the plane, mm. */
  centre: Point;
  /** Degrees clockwise of the design's up, on the plane. */
  rotation: number;
}

export interface LaidCoin {
  /** Same in every photo of the layout: pairs the faces. */
  id: string;
  instance: CoinInstance;
  diameter: number;
  /** Where it lies with each face up. */
  at: Record<CoinFace, CoinPlace>;
  /** Shown whatever side the photo is of (piles and rolls are not flipped); null shows the photographed side. */
  fixed: CoinFace | 'edge' | null;
  /** A coin leaning over is foreshortened by `factor` along the plane direction `axis` (degrees); 1 when flat. */
  squash: { factor: number; axis: number };
}

export interface RollLayout {
  entryId: string;
  /** Coins in the roll, including any taken out. */
  count: number;
  wrapped: boolean;
  /** Left end of the coin stack and its centre line (the roll lies along x). */
  start: Point;
  /** Coins still stacked edge-on (a wrapped roll: all of them). */
  stacked: number;
  thickness: number;
  diameter: number;
  /** Share of the stack's length still covered by paper (1 when wrapped). */
  covered: number;
  paper: string;
  print: string;
}

export interface HolderLayout {
  width: number;
  height: number;
  title: string;
  subtitle: string;
  colour: string;
  /** Slot centres and diameters with the obverses up; turned over, y mirrors. */
  slots: { centre: Point; diameter: number }[];
}

export interface CoinLayout {
  id: string;
  presentation: CoinPresentation;
  /** Plane size, mm. */
  width: number;
  height: number;
  /** Drawn in order: later coins lie on top. */
  coins: LaidCoin[];
  roll: RollLayout | null;
  holder: HolderLayout | null;
  /** How a roll's, a pile's or a set's coins were arranged (coin-arrangement.ts's arrangementName); absent for other presentations. */
  arrangement?: string;
}

const flat = { factor: 1, axis: 0 };
const coinId = (layoutId: string, i: number) => `${layoutId}-c${String(i + 1).padStart(2, '0')}`;

/** Coins are laid down roughly upright, sometimes anyhow. */
const layRotation = (rng: Rng) => (rng.chance(0.7) ? rng.normal(0, 10) : rng.range(-180, 180));
/** Flipped top over bottom in place: the reverse reads as the obverse did, give or take the fingers. */
const flippedInPlace = (rng: Rng, place: CoinPlace): CoinPlace => ({ centre: place.centre, rotation: place.rotation + rng.normal(0, 4) });

export function individualLayout(rng: Rng, catalog: LoadedCatalog, instance: CoinInstance, id: string): CoinLayout {
  const d = diameterOf(catalog, instance);
  const side = d * 1.3;
  const centre: Point = [side / 2, side / 2];
  const any = () => (rng.chance(0.5) ? rng.normal(0, 15) : rng.range(-180, 180));
  return {
    id, presentation: instance.ancient ? 'ancient' : 'individual', width: side, height: side,
    coins: [{ id: coinId(id, 0), instance, diameter: d, at: { obverse: { centre, rotation: any() }, reverse: { centre, rotation: any() } }, fixed: null, squash: flat }],
    roll: null, holder: null,
  };
}

/** Coins on a loose grid, each cell a little jittered; sizes are the coins' real diameters. */
function gridLayout(rng: Rng, catalog: LoadedCatalog, layoutId: string, instances: CoinInstance[], columns: number, upright: boolean): { coins: LaidCoin[]; width: number; height: number } {
  const diameters = instances.map((i) => diameterOf(catalog, i));
  const cell = Math.max(...diameters) + rng.range(4, 10);
  const rows = Math.ceil(instances.length / columns);
  const margin = cell * 0.35;
  const coins = instances.map((instance, i) => {
    const [col, row] = [i % columns, Math.floor(i / columns)];
    const jitter = (cell - diameters[i]!) * 0.25;
    const centre: Point = [margin + (col + 0.5) * cell + rng.range(-jitter, jitter), margin + (row + 0.5) * cell + rng.range(-jitter, jitter)];
    const obverse = { centre, rotation: upright ? rng.normal(0, 5) : layRotation(rng) };
    return { id: coinId(layoutId, i), instance, diameter: diameters[i]!, at: { obverse, reverse: flippedInPlace(rng, obverse) }, fixed: null, squash: flat };
  });
  return { coins, width: columns * cell + 2 * margin, height: rows * cell + 2 * margin };
}

export function groupLayout(rng: Rng, catalog: LoadedCatalog, count: number, id: string): CoinLayout {
  const instances = Array.from({ length: count }, () => sampleCoinInstance(rng, catalog));
  const columns = Math.max(1, Math.round(Math.sqrt(count * rng.range(1, 2))));
  return { id, presentation: 'group', ...gridLayout(rng, catalog, id, instances, Math.min(columns, count), false), roll: null, holder: null };
}

/** One type across consecutive years, in a row (two when long), earliest first, left to right. */
export function dateRunLayout(rng: Rng, catalog: LoadedCatalog, count: number, id: string): CoinLayout {
  const redatable = catalog.coins.filter((c) => canRedate(c.id));
  const entry = rng.pick(redatable.length > 0 ? redatable : catalog.coins);
  const year = Number.parseInt(entry.identity.year, 10);
  const first = year - rng.int(0, count - 1);
  const grades = sampleCoinInstance(rng, catalog, { entryId: entry.id });
  const instances = Array.from({ length: count }, (_, i) => ({
    ...sampleCoinInstance(rng, catalog, { entryId: entry.id }),
    // A collector's run is usually of a similar grade.
    grade: rng.chance(0.7) ? grades.grade : sampleCoinInstance(rng, catalog, { entryId: entry.id }).grade,
    year: canRedate(entry.id) ? String(first + i) : null,
  }));
  const columns = count > 6 ? Math.ceil(count / 2) : count;
  return { id, presentation: 'date_run', ...gridLayout(rng, catalog, id, instances, columns, true), roll: null, holder: null };
}

/** A heap (or two side by side): coins dropped over each other, many leaning, few fully visible. */
export function pileLayout(rng: Rng, catalog: LoadedCatalog, count: number, id: string, arrangement: CoinArrangement = tuningArrangement): CoinLayout {
  const { spread: spreadFactor, leaning, heaps } = arrangement.pile;
  const instances = Array.from({ length: count }, () => sampleCoinInstance(rng, catalog));
  const diameters = instances.map((i) => diameterOf(catalog, i));
  const mean = diameters.reduce((a, b) => a + b, 0) / count;
  const spread = Math.sqrt(count / heaps) * mean * spreadFactor;
  const size = spread * 3.4 + mean * 2;
  // Two heaps lie side by side, their centres a heap's width apart.
  const width = size + (heaps - 1) * (spread * 3.4 + mean);
  const heapCentre = (i: number) => (heaps === 1 ? width / 2 : size / 2 + (i % 2) * (width - size));
  const coins: LaidCoin[] = instances.map((instance, i) => {
    const centre: Point = [heapCentre(i) + rng.normal(0, spread), size / 2 + rng.normal(0, spread * 0.8)];
    const place = { centre: [Math.min(width - mean, Math.max(mean, centre[0])), Math.min(size - mean, Math.max(mean, centre[1]))] as Point, rotation: rng.range(-180, 180) };
    const face: CoinFace = rng.chance(0.5) ? 'obverse' : 'reverse';
    const squash = rng.chance(leaning) ? { factor: rng.range(0.55, 0.95), axis: rng.range(0, 180) } : flat;
    return { id: coinId(id, i), instance, diameter: diameters[i]!, at: { obverse: place, reverse: place }, fixed: face, squash };
  });
  return { id, presentation: 'pile', width, height: size, coins, roll: null, holder: null, arrangement: arrangementName('pile', arrangement)! };
}

const rollCounts: Record<number, number> = { 1: 50, 5: 40, 10: 50, 25: 40, 50: 20, 100: 25, 200: 25 };
/** Euro bank rolls (as the Bundesbank issues them): 50 of the copper coins, 40 of the Nordic gold, 25 of the 1 and 2 euro. */
const euroRollCounts: Record<number, number> = { 1: 50, 2: 50, 5: 50, 10: 40, 20: 40, 50: 40, 100: 25, 200: 25 };
const paperColours: Record<number, string> = { 1: '#c8553d', 5: '#3b6ea5', 10: '#4e8f4e', 25: '#d9822b', 50: '#9c7a3c', 100: '#7d5ba6' };

/** Thickness from weight and diameter (a coin's rim stands a little proud of its average thickness). */
function thicknessOf(entry: CoinEntry): number {
  const area = Math.PI * (entry.specs.diameter_mm / 20) ** 2;
  return Math.min(3.2, Math.max(1.2, (entry.specs.weight_g / (9 * area)) * 12.5));
}

/**
 * A bank roll of one coin. Wrapped: a paper tube, crimped at both ends; no coin readable. Open:
 * the paper torn back from part of the stack (edge-on coins), a few coins slid out leaning against
 * its end (foreshortened, not readable) and 1–3 lying flat beside it, readable.
 */
export function rollLayout(rng: Rng, catalog: LoadedCatalog, wrapped: boolean, id: string, arrangement: CoinArrangement = tuningArrangement): CoinLayout {
  const { readableMax, spill } = arrangement.roll;
  // Fanned coins overlap, each on the one before: only the last lies fully visible.
  const step = spill === 'row' ? 1.15 : 0.55;
  const entry = rng.pick(catalog.coins);
  const value = faceValueCents(entry.identity.denomination);
  const euro = isEuro(entry.identity.denomination);
  const count = (euro ? euroRollCounts : rollCounts)[value] ?? 20;
  const d = entry.specs.diameter_mm;
  const t = thicknessOf(entry);
  const uncirculated = rng.chance(0.5);
  const readable = wrapped ? 0 : rng.int(1, readableMax);
  const leaning = wrapped ? 0 : rng.int(1, 3);
  const stacked = count - readable - leaning;
  const start: Point = [10, 8 + d / 2];
  const end = start[0] + stacked * t;
  const coins: LaidCoin[] = [];
  const instance = () => sampleCoinInstance(rng, catalog, { entryId: entry.id, uncirculated });
  for (let i = 0; i < stacked; i++) {
    const place = { centre: [start[0] + (i + 0.5) * t, start[1]] as Point, rotation: 0 };
    coins.push({ id: coinId(id, coins.length), instance: instance(), diameter: d, at: { obverse: place, reverse: place }, fixed: 'edge', squash: flat });
  }
  for (let i = 0; i < leaning; i++) {
    const place = { centre: [end + d * (0.12 + 0.2 * i), start[1] + rng.normal(0, 0.6)] as Point, rotation: rng.range(-180, 180) };
    coins.push({ id: coinId(id, coins.length), instance: instance(), diameter: d, at: { obverse: place, reverse: place }, fixed: rng.chance(0.5) ? 'obverse' : 'reverse', squash: { factor: 0.2 + 0.12 * i, axis: 0 } });
  }
  for (let i = 0; i < readable; i++) {
    const place = { centre: [start[0] + d * 0.7 + i * d * step + rng.range(0, d * 0.1), start[1] + d * 1.2 + rng.range(-1, 1)] as Point, rotation: rng.normal(0, 20) };
    coins.push({ id: coinId(id, coins.length), instance: instance(), diameter: d, at: { obverse: place, reverse: place }, fixed: rng.chance(0.6) ? 'obverse' : 'reverse', squash: flat });
  }
  const width = Math.max(end + (leaning > 0 ? d * 0.9 : 0), start[0] + d * (0.7 + step * readable + (spill === 'row' ? 0 : 0.6))) + 12;
  const height = start[1] + d / 2 + 8 + (readable > 0 ? d * 1.25 : 0);
  const total = `${euro ? '€' : '$'}${((count * value) / 100).toFixed(2)}`;
  return {
    id, presentation: 'roll', width, height, coins, holder: null, arrangement: arrangementName('roll', arrangement)!,
    roll: {
      entryId: entry.id, count, wrapped, start, stacked, thickness: t, diameter: d,
      covered: wrapped ? 1 : rng.range(0.35, 0.65), paper: paperColours[value] ?? '#8d8d7a',
      print: `${total}  ${entry.identity.denomination.toUpperCase()}`,
    },
  };
}

/** Mint-set titles by issuing country; other countries get their name. */
const mintTitles: Record<string, string> = { 'United States of America': 'UNITED STATES MINT', Canada: 'ROYAL CANADIAN MINT', Germany: 'BUNDESREPUBLIK DEUTSCHLAND' };

/** A mint-set style holder: one country's coins, one per denomination, smallest value first, in snug round slots. */
export function setLayout(rng: Rng, catalog: LoadedCatalog, id: string, arrangement: CoinArrangement = tuningArrangement): CoinLayout {
  // A catalog of one country draws nothing here, so its sets stay as they were.
  const countries = [...new Set(catalog.coins.map((c) => c.identity.country))];
  const country = countries.length > 1 ? rng.pick(countries) : countries[0]!;
  const byValue = new Map<number, CoinEntry[]>();
  for (const entry of catalog.coins.filter((c) => c.identity.country === country)) {
    const v = faceValueCents(entry.identity.denomination);
    byValue.set(v, [...(byValue.get(v) ?? []), entry]);
  }
  const values = [...byValue.keys()].sort((a, b) => a - b);
  const chosen = values.filter(() => rng.chance(0.85)).slice(0, 6);
  const entries = (chosen.length >= 2 ? chosen : values.slice(0, Math.max(1, Math.min(6, values.length)))).map((v) => rng.pick(byValue.get(v)!));
  const instances = entries.map((e) => sampleCoinInstance(rng, catalog, { entryId: e.id, uncirculated: true }));
  const { columns: shape, anyRotation } = arrangement.set;
  const columns = shape === 'row' ? entries.length : shape === 'three' ? Math.min(3, entries.length) : entries.length > 3 ? Math.ceil(entries.length / 2) : entries.length;
  const rows = Math.ceil(entries.length / columns);
  const cell = Math.max(...entries.map((e) => e.specs.diameter_mm)) + 9;
  const header = 24;
  const width = columns * cell + 16;
  const height = header + rows * cell + 10;
  const slots = entries.map((e, i) => ({
    centre: [8 + ((i % columns) + 0.5) * cell, header + (Math.floor(i / columns) + 0.5) * cell] as Point,
    diameter: e.specs.diameter_mm + 1.2,
  }));
  const coins: LaidCoin[] = instances.map((instance, i) => {
    const obverse = { centre: slots[i]!.centre, rotation: anyRotation ? rng.range(-180, 180) : rng.normal(0, 3) };
    // Turned over top over bottom: rows swap, and coin-aligned reverses read upright.
    const reverse = { centre: [obverse.centre[0], height - obverse.centre[1]] as Point, rotation: -obverse.rotation + rng.normal(0, 2) };
    return { id: coinId(id, i), instance, diameter: entries[i]!.specs.diameter_mm, at: { obverse, reverse }, fixed: null, squash: flat };
  });
  const years = [...new Set(entries.map((e) => e.identity.year))];
  return {
    id, presentation: 'set', width, height, coins, roll: null, arrangement: arrangementName('set', arrangement)!,
    holder: {
      width, height, slots, colour: rng.pick(['#1f3a68', '#0f2740', '#5b1f2a', '#e9e4d8']),
      title: mintTitles[country] ?? country.toUpperCase(), subtitle: years.length === 1 ? `${years[0]} UNCIRCULATED COIN SET` : 'UNCIRCULATED COIN SET',
    },
  };
}

export function ancientLayout(rng: Rng, catalog: LoadedCatalog, id: string): CoinLayout {
  return individualLayout(rng, catalog, sampleAncientInstance(rng), id);
}

/** The catalog entry whose year and mint match what a coin shows: its own entry, or another of its type, or none. */
export function shownEntryId(catalog: LoadedCatalog, instance: CoinInstance): string | null {
  if (!instance.entryId) return null;
  const entry = findCoin(catalog, instance.entryId);
  if (instance.year === null || instance.year === entry.identity.year) return entry.id;
  const match = catalog.coins.find((c) => c.identity.type === entry.identity.type && c.identity.year === instance.year && c.identity.mint === entry.identity.mint && c.identity.variant === entry.identity.variant);
  return match?.id ?? null;
}
