import { sheldonGrades, type CoinEntry, type SheldonGrade } from '@assay/catalog';
import type { LoadedCatalog } from '@assay/catalog';
import type { Rng } from '../random.ts';

/*
 * One physical coin: which catalog entry (or an invented ancient coin), its Sheldon grade, how
 * toned it is, and a seed placing its contact marks. Every photo of it shares these.
 */

export type CoinFace = 'obverse' | 'reverse';

/** An invented ancient coin: irregular flan, crude strike, dark patina. No catalog lists it. */
export interface AncientDesign {
  seed: number;
  diameterMm: number;
  metal: 'bronze' | 'silver';
}

export interface CoinInstance {
  /** Catalog entry, or null for an ancient coin. */
  entryId: string | null;
  grade: SheldonGrade;
  /** 0 (bright) to 1 (heavily toned). */
  toning: number;
  /** Which toning colours, 0..1 around the metal's palette. */
  toneHue: number;
  /**
   * The year struck on the coin when it differs from the entry's (a date run or a year set drawn
   * from one catalog type); null shows the entry's own image unchanged.
   */
  year: string | null;
  ancient: AncientDesign | null;
  /** Places the contact marks. */
  seed: number;
}

/** Sheldon number of a grade: 'VF-20' → 20. */
export const gradeNumber = (grade: SheldonGrade) => Number(grade.split('-')[1]);

// Worn relief by Sheldon number: mint state has none, About Good has little design left.
const wearTable: [number, number][] = [[1, 1], [3, 0.94], [4, 0.88], [8, 0.78], [12, 0.68], [20, 0.55], [30, 0.45], [40, 0.33], [50, 0.2], [58, 0.08], [60, 0.02], [70, 0]];

/** How much relief is worn away, 0 (mint state) to 1 (barely a design). */
export function wearOf(grade: SheldonGrade): number {
  const n = gradeNumber(grade);
  for (let i = 1; i < wearTable.length; i++) {
    const [n1, w1] = wearTable[i]!;
    const [n0, w0] = wearTable[i - 1]!;
    if (n <= n1) return w0 + ((w1 - w0) * (n - n0)) / (n1 - n0);
  }
  return 0;
}

/** Contact marks, 0..1: more with wear; in mint state, more the lower the grade (MS-60 is baggy, MS-70 clean). */
export function marksOf(grade: SheldonGrade): number {
  const n = gradeNumber(grade);
  return n >= 60 ? (70 - n) / 14 : 0.25 + 0.75 * wearOf(grade);
}

/** The grades the entry is priced at (its catalog grade keys), in Sheldon order. */
export function entryGrades(entry: CoinEntry): SheldonGrade[] {
  return sheldonGrades.filter((g) => entry.price_by_grade[g] !== undefined);
}

export function findCoin(catalog: LoadedCatalog, entryId: string): CoinEntry {
  const entry = catalog.coins.find((c) => c.id === entryId);
  if (!entry) throw new RangeError(`no coin "${entryId}" in the catalog`);
  return entry;
}

export interface CoinInstanceOptions {
  entryId?: string;
  /** Only mint-state grades (a mint set, a bank-fresh roll). */
  uncirculated?: boolean;
}

export function sampleCoinInstance(rng: Rng, catalog: LoadedCatalog, options: CoinInstanceOptions = {}, overrides: Partial<CoinInstance> = {}): CoinInstance {
  if (catalog.coins.length === 0) throw new RangeError(`the catalog in ${catalog.root} has no coins`);
  const entry = options.entryId ? findCoin(catalog, options.entryId) : rng.pick(catalog.coins);
  let grades = entryGrades(entry);
  if (options.uncirculated) grades = grades.filter((g) => gradeNumber(g) >= 60).concat(grades.length > 0 && grades.every((g) => gradeNumber(g) < 60) ? [grades.at(-1)!] : []);
  const age = Math.max(0, 2026 - Number.parseInt(entry.identity.year, 10) || 0);
  const instance: CoinInstance = {
    entryId: entry.id,
    grade: rng.pick(grades.length > 0 ? grades : ['VF-20' as SheldonGrade]),
    toning: Math.min(1, rng.chance(0.55) ? rng.range(0, 0.25) + age / 250 : rng.range(0.2, 0.8)),
    toneHue: rng.next(),
    year: null,
    ancient: null,
    seed: rng.seed(),
  };
  return { ...instance, ...overrides };
}

/** An invented ancient coin, circulated and darkly patinated. */
export function sampleAncientInstance(rng: Rng): CoinInstance {
  const metal = rng.chance(0.65) ? 'bronze' : 'silver';
  return {
    entryId: null,
    grade: rng.pick(['AG-3', 'G-4', 'VG-8', 'F-12', 'VF-20', 'EF-40'] as const),
    toning: rng.range(0.55, 0.95),
    toneHue: rng.next(),
    year: null,
    ancient: { seed: rng.seed(), diameterMm: rng.range(14, 28), metal },
    seed: rng.seed(),
  };
}

export function diameterOf(catalog: LoadedCatalog, instance: CoinInstance): number {
  return instance.ancient ? instance.ancient.diameterMm : findCoin(catalog, instance.entryId!).specs.diameter_mm;
}

/** Face value in cents from a catalog denomination such as "25 cents", "1 dollar", "20 euro cent" or "2 euro". */
export function faceValueCents(denomination: string): number {
  const m = /([\d.]+)\s*(euro\s+cent|cent|dollar|euro)/i.exec(denomination);
  if (!m) return 0;
  return Number(m[1]) * (/^(dollar|euro)$/i.test(m[2]!) ? 100 : 1);
}

/** Whether a catalog denomination is in euro (its rolls, prices and sets follow the euro's). */
export const isEuro = (denomination: string) => /euro/i.test(denomination);
