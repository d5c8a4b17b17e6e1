import type { coinMaterials } from '@assay/contract';
import { slug } from '../slug.ts';

/*
 * Canadian and German (euro) circulation coins with their official weights, diameters and
 * compositions: the Royal Canadian Mint's schedule (multi-ply plated steel from 2000, the 1987
 * aureate loonie, the 1996 toonie) and the euro's common specifications (copper-covered steel
 * 94.35/5.65, Nordic gold Cu 89 Al 5 Zn 5 Sn 1, and the bimetallic 1 € and 2 €). German euro
 * coins carry the mint letter (A Berlin, D Munich, F Stuttgart, G Karlsruhe, J Hamburg) beside the
 * year on the national side; Canadian coins carry no mint mark and put the year on the reverse.
 *
 * Where a mint publishes no mass split, the fractions are our estimate, and the variant says so:
 * bimetallic coins are split by ring and core area (the euro's core weights are published:
 * 1 € 3.71 g of 7.50, 2 € 4.10 g of 8.50), plated coins by the published plating share.
 * Prices are illustrative USD retail values by Sheldon grade, not quotes.
 */

type Material = (typeof coinMaterials)[number];
type Composition = [Material, number][];

/** How the metal looks in the drawings. */
export type HeldOutMetal = 'bronze' | 'copper' | 'nickel' | 'silver' | 'aureate' | 'nordic' | 'brass';

export type Flan =
  | { shape: 'round' }
  /** A polygon with rounded corners: the 11-sided loonie, the 12-sided 1982–1996 cent. */
  | { shape: 'polygon'; sides: number }
  /** The 20 euro cent's "Spanish flower": round with seven notches. */
  | { shape: 'flower'; notches: number };

export type CanadianPortrait = 'tiara' | 'diadem' | 'bare';
export type HeldOutDevice =
  | { kind: 'queen'; portrait: CanadianPortrait }
  | { kind: 'maple-twig' } | { kind: 'beaver' } | { kind: 'schooner' } | { kind: 'caribou' } | { kind: 'loon' } | { kind: 'polar-bear' }
  | { kind: 'oak-twig' } | { kind: 'brandenburg-gate' } | { kind: 'federal-eagle' } | { kind: 'holstentor' }
  | { kind: 'euro-globe'; numeral: string } | { kind: 'euro-map'; numeral: string; map: 'nations' | 'continent' };

export interface HeldOutCoinType {
  country: 'Canada' | 'Germany';
  type: string;
  denomination: string;
  /** Legend on the reverse (Canada: the denomination; euro: the unit). */
  value: string;
}

export interface HeldOutCoin {
  slug: string;
  name: string;
  coinType: HeldOutCoinType;
  variant: string | null;
  year: string;
  /** German mint letter; null for Canada, whose coins carry none. */
  mint: string | null;
  weightG: number;
  diameterMm: number;
  composition: Composition;
  flan: Flan;
  /** The whole coin, or ring and core of a bimetallic coin. */
  metal: HeldOutMetal | { ring: HeldOutMetal; core: HeldOutMetal; coreShare: number };
  obverse: HeldOutDevice;
  reverse: HeldOutDevice;
  prices: Record<string, number>;
}

const round: Flan = { shape: 'round' };

const types = {
  cent: { country: 'Canada', type: 'Maple Leaf Cent', denomination: '1 cent', value: '1 CENT' },
  nickel: { country: 'Canada', type: 'Beaver Nickel', denomination: '5 cents', value: '5 CENTS' },
  dime: { country: 'Canada', type: 'Bluenose Dime', denomination: '10 cents', value: '10 CENTS' },
  quarter: { country: 'Canada', type: 'Caribou Quarter', denomination: '25 cents', value: '25 CENTS' },
  loonie: { country: 'Canada', type: 'Loonie', denomination: '1 dollar', value: 'DOLLAR' },
  toonie: { country: 'Canada', type: 'Toonie', denomination: '2 dollars', value: '2 DOLLARS' },
  euroCent1: { country: 'Germany', type: '1 Euro Cent', denomination: '1 euro cent', value: 'EURO CENT' },
  euroCent2: { country: 'Germany', type: '2 Euro Cent', denomination: '2 euro cent', value: 'EURO CENT' },
  euroCent5: { country: 'Germany', type: '5 Euro Cent', denomination: '5 euro cent', value: 'EURO CENT' },
  euroCent10: { country: 'Germany', type: '10 Euro Cent', denomination: '10 euro cent', value: 'EURO CENT' },
  euroCent20: { country: 'Germany', type: '20 Euro Cent', denomination: '20 euro cent', value: 'EURO CENT' },
  euroCent50: { country: 'Germany', type: '50 Euro Cent', denomination: '50 euro cent', value: 'EURO CENT' },
  euro1: { country: 'Germany', type: '1 Euro', denomination: '1 euro', value: 'EURO' },
  euro2: { country: 'Germany', type: '2 Euro', denomination: '2 euro', value: 'EURO' },
} as const satisfies Record<string, HeldOutCoinType>;

// Royal Canadian Mint compositions.
const bronzeCent: Composition = [['copper', 0.98], ['tin', 0.0175], ['zinc', 0.0025]];
const platedCent: Composition = [['steel', 0.94], ['copper', 0.045], ['nickel', 0.015]];
const platedNickel: Composition = [['steel', 0.945], ['copper', 0.035], ['nickel', 0.02]];
const platedDime: Composition = [['steel', 0.92], ['copper', 0.055], ['nickel', 0.025]];
const platedQuarter: Composition = [['steel', 0.94], ['copper', 0.038], ['nickel', 0.022]];
const pureNickel: Composition = [['nickel', 1]];
const cupronickel: Composition = [['copper', 0.75], ['nickel', 0.25]];
/** 91.5% nickel core, 8.5% bronze plating (88% copper, 12% tin). */
const aureate: Composition = [['nickel', 0.915], ['copper', 0.0748], ['tin', 0.0102]];
// Euro alloys.
const copperCoveredSteel: Composition = [['steel', 0.9435], ['copper', 0.0565]];
const nordicGold: Composition = [['copper', 0.89], ['aluminum', 0.05], ['zinc', 0.05], ['tin', 0.01]];
/** Ring nickel brass (Cu75 Zn20 Ni5) 3.79 g, core cupronickel (Cu75 Ni25) 3.71 g. */
const oneEuro: Composition = [['copper', 0.75], ['zinc', 0.1011], ['nickel', 0.1489]];
/** Ring cupronickel 4.40 g, core nickel brass 4.10 g. */
const twoEuro: Composition = [['copper', 0.75], ['nickel', 0.1535], ['zinc', 0.0965]];

/**
 * Sheldon prices from a circulated value (VF-20) to a top-pop value (MS-67), log-interpolated.
 * Modern coins trade near face value until the top mint-state grades.
 */
function prices(circulated: number, top: number): Record<string, number> {
  const steps: [string, number][] = [['VF-20', 0], ['EF-40', 0.05], ['AU-55', 0.12], ['MS-60', 0.2], ['MS-63', 0.36], ['MS-64', 0.5], ['MS-65', 0.64], ['MS-66', 0.8], ['MS-67', 1]];
  return Object.fromEntries(steps.map(([grade, t]) => [grade, money(circulated * (top / circulated) ** t)]));
}
const money = (v: number) => (v < 10 ? Math.round(v * 100) / 100 : Math.round(v));

const queen = (portrait: CanadianPortrait): HeldOutDevice => ({ kind: 'queen', portrait });
const machin = queen('tiara');
const dePederyHunt = queen('diadem');
const blunt = queen('bare');

type Row = Omit<HeldOutCoin, 'slug' | 'name'>;
const canada = (coinType: HeldOutCoinType, year: string, variant: string | null, weightG: number, diameterMm: number, composition: Composition, metal: HeldOutCoin['metal'], obverse: HeldOutDevice, reverse: HeldOutDevice, p: Record<string, number>, flan: Flan = round): Row =>
  ({ coinType, year, mint: null, variant, weightG, diameterMm, composition, flan, metal, obverse, reverse, prices: p });
const germany = (coinType: HeldOutCoinType, year: string, mint: string, variant: string | null, weightG: number, diameterMm: number, composition: Composition, metal: HeldOutCoin['metal'], obverse: HeldOutDevice, reverse: HeldOutDevice, p: Record<string, number>, flan: Flan = round): Row =>
  ({ coinType, year, mint, variant, weightG, diameterMm, composition, flan, metal, obverse, reverse, prices: p });

const twelveSided: Flan = { shape: 'polygon', sides: 12 };
const elevenSided: Flan = { shape: 'polygon', sides: 11 };
const toonieMetal = { ring: 'nickel', core: 'aureate', coreShare: 0.6 } as const;
const t = types;

const rows: Row[] = [
  canada(t.cent, '1993', '12-sided bronze', 2.5, 19.1, bronzeCent, 'bronze', dePederyHunt, { kind: 'maple-twig' }, prices(0.02, 18), twelveSided),
  canada(t.cent, '2004', 'Copper-plated steel', 2.35, 19.05, platedCent, 'copper', blunt, { kind: 'maple-twig' }, prices(0.02, 12)),
  canada(t.cent, '2012', 'Copper-plated steel', 2.35, 19.05, platedCent, 'copper', blunt, { kind: 'maple-twig' }, prices(0.05, 15)),
  canada(t.nickel, '1989', 'Cupronickel', 4.6, 21.2, cupronickel, 'nickel', machin, { kind: 'beaver' }, prices(0.05, 25)),
  canada(t.nickel, '2006', 'Nickel-plated steel', 3.95, 21.2, platedNickel, 'nickel', blunt, { kind: 'beaver' }, prices(0.05, 20)),
  canada(t.dime, '1985', 'Pure nickel', 2.075, 18.03, pureNickel, 'nickel', machin, { kind: 'schooner' }, prices(0.1, 30)),
  canada(t.dime, '2004', 'Nickel-plated steel', 1.75, 18.03, platedDime, 'nickel', blunt, { kind: 'schooner' }, prices(0.1, 22)),
  canada(t.quarter, '1965', '80% silver', 5.83, 23.88, [['silver', 0.8], ['copper', 0.2]], 'silver', machin, { kind: 'caribou' }, prices(4.8, 220)),
  canada(t.quarter, '1982', 'Pure nickel', 5.07, 23.88, pureNickel, 'nickel', machin, { kind: 'caribou' }, prices(0.2, 40)),
  canada(t.quarter, '2009', 'Nickel-plated steel', 4.4, 23.88, platedQuarter, 'nickel', blunt, { kind: 'caribou' }, prices(0.2, 25)),
  canada(t.quarter, '2016', 'Nickel-plated steel', 4.4, 23.88, platedQuarter, 'nickel', blunt, { kind: 'caribou' }, prices(0.2, 20)),
  canada(t.loonie, '1989', 'Aureate bronze-plated nickel', 7, 26.5, aureate, 'aureate', machin, { kind: 'loon' }, prices(0.8, 90), elevenSided),
  canada(t.loonie, '2005', 'Aureate bronze-plated nickel', 7, 26.5, aureate, 'aureate', blunt, { kind: 'loon' }, prices(0.8, 45), elevenSided),
  canada(t.loonie, '2015', 'Multi-ply brass-plated steel (fractions estimated)', 6.27, 26.5, [['steel', 0.915], ['copper', 0.075], ['zinc', 0.01]], 'aureate', blunt, { kind: 'loon' }, prices(0.8, 30), elevenSided),
  canada(t.toonie, '1996', 'Nickel ring, aluminum-bronze core (fractions estimated)', 7.3, 28, [['nickel', 0.6766], ['copper', 0.3036], ['aluminum', 0.0198]], toonieMetal, dePederyHunt, { kind: 'polar-bear' }, prices(1.6, 60)),
  canada(t.toonie, '2016', 'Multi-ply plated steel ring and core (fractions estimated)', 6.92, 28, [['steel', 0.6298], ['copper', 0.3291], ['nickel', 0.0213], ['aluminum', 0.0198]], toonieMetal, blunt, { kind: 'polar-bear' }, prices(1.5, 35)),
  germany(t.euroCent1, '2002', 'A', null, 2.3, 16.25, copperCoveredSteel, 'copper', { kind: 'oak-twig' }, { kind: 'euro-globe', numeral: '1' }, prices(0.02, 6)),
  germany(t.euroCent1, '2015', 'J', null, 2.3, 16.25, copperCoveredSteel, 'copper', { kind: 'oak-twig' }, { kind: 'euro-globe', numeral: '1' }, prices(0.02, 5)),
  germany(t.euroCent2, '2004', 'D', null, 3.06, 18.75, copperCoveredSteel, 'copper', { kind: 'oak-twig' }, { kind: 'euro-globe', numeral: '2' }, prices(0.03, 6)),
  germany(t.euroCent5, '2009', 'F', null, 3.92, 21.25, copperCoveredSteel, 'copper', { kind: 'oak-twig' }, { kind: 'euro-globe', numeral: '5' }, prices(0.06, 8)),
  germany(t.euroCent10, '2002', 'G', 'Original common side (separate nations)', 4.1, 19.75, nordicGold, 'nordic', { kind: 'brandenburg-gate' }, { kind: 'euro-map', numeral: '10', map: 'nations' }, prices(0.11, 10)),
  germany(t.euroCent10, '2013', 'A', 'Revised common side (map of Europe)', 4.1, 19.75, nordicGold, 'nordic', { kind: 'brandenburg-gate' }, { kind: 'euro-map', numeral: '10', map: 'continent' }, prices(0.11, 9)),
  germany(t.euroCent20, '2007', 'F', 'Revised common side (map of Europe)', 5.74, 22.25, nordicGold, 'nordic', { kind: 'brandenburg-gate' }, { kind: 'euro-map', numeral: '20', map: 'continent' }, prices(0.22, 12), { shape: 'flower', notches: 7 }),
  germany(t.euroCent50, '2002', 'D', 'Original common side (separate nations)', 7.8, 24.25, nordicGold, 'nordic', { kind: 'brandenburg-gate' }, { kind: 'euro-map', numeral: '50', map: 'nations' }, prices(0.55, 14)),
  germany(t.euro1, '2002', 'F', 'Original common side (separate nations)', 7.5, 23.25, oneEuro, { ring: 'brass', core: 'nickel', coreShare: 0.7 }, { kind: 'federal-eagle' }, { kind: 'euro-map', numeral: '1', map: 'nations' }, prices(1.1, 18)),
  germany(t.euro1, '2016', 'A', 'Revised common side (map of Europe)', 7.5, 23.25, oneEuro, { ring: 'brass', core: 'nickel', coreShare: 0.7 }, { kind: 'federal-eagle' }, { kind: 'euro-map', numeral: '1', map: 'continent' }, prices(1.1, 15)),
  germany(t.euro2, '2002', 'J', 'Original common side (separate nations)', 8.5, 25.75, twoEuro, { ring: 'nickel', core: 'brass', coreShare: 0.73 }, { kind: 'federal-eagle' }, { kind: 'euro-map', numeral: '2', map: 'nations' }, prices(2.2, 25)),
  germany(t.euro2, '2006', 'G', 'Commemorative: Schleswig-Holstein (Holstentor)', 8.5, 25.75, twoEuro, { ring: 'nickel', core: 'brass', coreShare: 0.73 }, { kind: 'holstentor' }, { kind: 'euro-map', numeral: '2', map: 'nations' }, prices(2.5, 30)),
];

export const heldOutCoins: HeldOutCoin[] = rows.map((row) => {
  const yearMint = row.mint ? `${row.year} ${row.mint}` : row.year;
  const commemorative = row.variant?.startsWith('Commemorative') ? ' Holstentor' : '';
  return {
    ...row,
    slug: slug(`${row.coinType.country} ${row.coinType.type} ${yearMint}${commemorative}`),
    name: `${yearMint} ${row.coinType.type}${commemorative ? ' (Holstentor)' : ''}`,
  };
});
