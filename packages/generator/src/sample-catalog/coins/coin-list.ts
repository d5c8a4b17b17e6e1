import type { coinMaterials } from '@assay/contract';
import type { Device } from './coin-motifs.ts';

/*
 * Real US coins with the US Mint's published weights, diameters and compositions. Prices are
 * illustrative retail values in USD (not quotes), rising with grade as real price guides do.
 */

type Material = (typeof coinMaterials)[number];
type Composition = [Material, number][];

/** How the metal looks in the drawings. */
export type MetalLook = 'copper' | 'bronze' | 'zinc' | 'steel' | 'nickel' | 'silver' | 'gold' | 'brass';

export interface CoinType {
  type: string;
  denomination: string;
  diameterMm: number;
  obverse: { device: Device; legend: string; motto?: string };
  reverse: { device: Device; legend: string; value: string };
}

const usa = 'UNITED STATES OF AMERICA';
const types = {
  indianCent: { type: 'Indian Head Cent', denomination: '1 cent', diameterMm: 19.05,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'feathers' }, legend: usa },
    reverse: { device: { kind: 'wreath', closed: true }, legend: '', value: 'ONE CENT' } },
  wheatCent: { type: 'Lincoln Wheat Cent', denomination: '1 cent', diameterMm: 19.05,
    obverse: { device: { kind: 'profile', facing: 'right', accessory: 'beard' }, legend: 'IN GOD WE TRUST', motto: 'LIBERTY' },
    reverse: { device: { kind: 'wheat' }, legend: usa, value: 'ONE CENT' } },
  memorialCent: { type: 'Lincoln Memorial Cent', denomination: '1 cent', diameterMm: 19.05,
    obverse: { device: { kind: 'profile', facing: 'right', accessory: 'beard' }, legend: 'IN GOD WE TRUST', motto: 'LIBERTY' },
    reverse: { device: { kind: 'building', dome: false, columns: 12 }, legend: usa, value: 'ONE CENT' } },
  shieldCent: { type: 'Lincoln Shield Cent', denomination: '1 cent', diameterMm: 19.05,
    obverse: { device: { kind: 'profile', facing: 'right', accessory: 'beard' }, legend: 'IN GOD WE TRUST', motto: 'LIBERTY' },
    reverse: { device: { kind: 'union-shield' }, legend: usa, value: 'ONE CENT' } },
  buffaloNickel: { type: 'Buffalo Nickel', denomination: '5 cents', diameterMm: 21.21,
    obverse: { device: { kind: 'profile', facing: 'right', accessory: 'braids' }, legend: 'LIBERTY' },
    reverse: { device: { kind: 'bison' }, legend: usa, value: 'FIVE CENTS' } },
  jeffersonNickel: { type: 'Jefferson Nickel', denomination: '5 cents', diameterMm: 21.21,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'queue' }, legend: 'IN GOD WE TRUST', motto: 'LIBERTY' },
    reverse: { device: { kind: 'building', dome: true, columns: 4 }, legend: usa, value: 'FIVE CENTS' } },
  monticelloReturn: { type: 'Jefferson Nickel', denomination: '5 cents', diameterMm: 21.21,
    obverse: { device: { kind: 'facing-bust' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'building', dome: true, columns: 6 }, legend: usa, value: 'FIVE CENTS' } },
  mercuryDime: { type: 'Mercury Dime', denomination: '10 cents', diameterMm: 17.91,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'wings' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'fasces' }, legend: usa, value: 'ONE DIME' } },
  barberDime: { type: 'Barber Dime', denomination: '10 cents', diameterMm: 17.91,
    obverse: { device: { kind: 'profile', facing: 'right', accessory: 'laurel' }, legend: usa },
    reverse: { device: { kind: 'wreath', closed: false }, legend: '', value: 'ONE DIME' } },
  rooseveltDime: { type: 'Roosevelt Dime', denomination: '10 cents', diameterMm: 17.91,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'bald' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'torch-branches' }, legend: usa, value: 'ONE DIME' } },
  washingtonQuarter: { type: 'Washington Quarter', denomination: '25 cents', diameterMm: 24.26,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'queue', scale: 0.95 }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'spread' }, legend: usa, value: 'QUARTER DOLLAR' } },
  bicentennialQuarter: { type: 'Washington Quarter', denomination: '25 cents', diameterMm: 24.26,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'queue', scale: 0.95 }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'drummer' }, legend: usa, value: 'QUARTER DOLLAR' } },
  standingLibertyQuarter: { type: 'Standing Liberty Quarter', denomination: '25 cents', diameterMm: 24.26,
    obverse: { device: { kind: 'standing-figure', holds: 'shield' }, legend: 'LIBERTY' },
    reverse: { device: { kind: 'eagle', pose: 'flying' }, legend: usa, value: 'QUARTER DOLLAR' } },
  walkingLibertyHalf: { type: 'Walking Liberty Half Dollar', denomination: '50 cents', diameterMm: 30.61,
    obverse: { device: { kind: 'walking-figure' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'perched' }, legend: usa, value: 'HALF DOLLAR' } },
  franklinHalf: { type: 'Franklin Half Dollar', denomination: '50 cents', diameterMm: 30.61,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'long-hair' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'bell' }, legend: usa, value: 'HALF DOLLAR' } },
  kennedyHalf: { type: 'Kennedy Half Dollar', denomination: '50 cents', diameterMm: 30.61,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'parted' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'heraldic' }, legend: usa, value: 'HALF DOLLAR' } },
  morganDollar: { type: 'Morgan Dollar', denomination: '1 dollar', diameterMm: 38.1,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'cap' }, legend: 'E PLURIBUS UNUM', motto: 'LIBERTY' },
    reverse: { device: { kind: 'eagle', pose: 'spread' }, legend: usa, value: 'ONE DOLLAR' } },
  peaceDollar: { type: 'Peace Dollar', denomination: '1 dollar', diameterMm: 38.1,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'tiara' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'perched' }, legend: usa, value: 'PEACE  ONE DOLLAR' } },
  eisenhowerDollar: { type: 'Eisenhower Dollar', denomination: '1 dollar', diameterMm: 38.1,
    obverse: { device: { kind: 'profile', facing: 'left', accessory: 'suit', scale: 1.05 }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'landing' }, legend: usa, value: 'ONE DOLLAR' } },
  anthonyDollar: { type: 'Susan B. Anthony Dollar', denomination: '1 dollar', diameterMm: 26.5,
    obverse: { device: { kind: 'profile', facing: 'right', accessory: 'parted', scale: 0.9 }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'landing' }, legend: usa, value: 'ONE DOLLAR' } },
  sacagaweaDollar: { type: 'Sacagawea Dollar', denomination: '1 dollar', diameterMm: 26.5,
    obverse: { device: { kind: 'mother-and-child' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'flying' }, legend: usa, value: 'ONE DOLLAR' } },
  silverEagle: { type: 'American Silver Eagle', denomination: '1 dollar', diameterMm: 40.6,
    obverse: { device: { kind: 'walking-figure' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'heraldic' }, legend: usa, value: '1 OZ. FINE SILVER ~ ONE DOLLAR' } },
  goldEagle: { type: 'American Gold Eagle', denomination: '50 dollars', diameterMm: 32.7,
    obverse: { device: { kind: 'standing-figure', holds: 'torch' }, legend: 'LIBERTY', motto: 'IN GOD WE TRUST' },
    reverse: { device: { kind: 'eagle', pose: 'nest' }, legend: usa, value: '1 OZ. FINE GOLD ~ 50 DOLLARS' } },
} satisfies Record<string, CoinType>;

export interface SampleCoin {
  slug: string;
  name: string;
  coinType: CoinType;
  variant: string | null;
  year: string;
  /** Mint letter; Philadelphia is "P" even when the coin carries no mark. Null when the coin cannot tell (bullion, 1965–67). */
  mint: string | null;
  /** Which face carries the mint mark (it moved over the years); null when the coin has none. */
  mark: 'obverse' | 'reverse' | null;
  weightG: number;
  composition: Composition;
  look: MetalLook;
  prices: Record<string, number>;
}

// Alloys as the Mint specifies them. Clad coins are listed by overall composition (cupro-nickel
// layers on a copper core: 8.33% nickel, balance copper).
const silver90: Composition = [['silver', 0.9], ['copper', 0.1]];
const clad: Composition = [['copper', 0.9167], ['nickel', 0.0833]];
const cupronickel: Composition = [['copper', 0.75], ['nickel', 0.25]];
const brass95: Composition = [['copper', 0.95], ['zinc', 0.05]];
const platedZinc: Composition = [['zinc', 0.975], ['copper', 0.025]];

/** Sheldon prices from a G-4 and an MS-65 value, log-interpolated with a small premium at the top. */
function prices(g4: number, ms65: number, top = 'MS-67'): Record<string, number> {
  const steps: [string, number][] = [['G-4', 0], ['VG-8', 0.08], ['F-12', 0.16], ['VF-20', 0.26], ['EF-40', 0.38], ['AU-50', 0.5], ['MS-60', 0.62], ['MS-63', 0.78], ['MS-65', 1]];
  const out: Record<string, number> = {};
  for (const [grade, t] of steps) out[grade] = round(g4 * (ms65 / g4) ** t);
  out[top] = round(ms65 * 4);
  return out;
}
const round = (v: number) => (v < 10 ? Math.round(v * 100) / 100 : v < 1000 ? Math.round(v) : Math.round(v / 10) * 10);

type Row = [slugYear: string, coinType: CoinType, year: string, mint: string | null, mark: 'obverse' | 'reverse' | null, variant: string | null, weight: number, composition: Composition, look: MetalLook, prices: Record<string, number>];

const rows: Row[] = [
  ['1862', types.indianCent, '1862', 'P', null, 'Copper-nickel', 4.67, [['copper', 0.88], ['nickel', 0.12]], 'nickel', prices(14, 1150)],
  ['1944-d', types.wheatCent, '1944', 'D', 'obverse', null, 3.11, brass95, 'copper', prices(0.1, 3.5)],
  ['1943-s', types.wheatCent, '1943', 'S', 'obverse', 'Zinc-coated steel', 2.7, [['steel', 1]], 'steel', prices(0.25, 12)],
  ['1972-d', types.memorialCent, '1972', 'D', 'obverse', null, 3.11, brass95, 'copper', prices(0.05, 1.5)],
  ['1995', types.memorialCent, '1995', 'P', null, null, 2.5, platedZinc, 'copper', prices(0.02, 1)],
  ['2015-d', types.shieldCent, '2015', 'D', 'obverse', null, 2.5, platedZinc, 'copper', prices(0.02, 0.75)],
  ['1913', types.buffaloNickel, '1913', 'P', null, 'Type 1, raised mound', 5, cupronickel, 'nickel', prices(12, 110)],
  ['1937-d', types.buffaloNickel, '1937', 'D', 'reverse', null, 5, cupronickel, 'nickel', prices(1.5, 48)],
  ['1943-p', types.jeffersonNickel, '1943', 'P', 'reverse', 'Wartime silver alloy', 5, [['copper', 0.56], ['silver', 0.35], ['manganese', 0.09]], 'silver', prices(1.4, 22)],
  ['1964-d', types.jeffersonNickel, '1964', 'D', 'reverse', null, 5, cupronickel, 'nickel', prices(0.05, 6)],
  ['2006-p', types.monticelloReturn, '2006', 'P', 'obverse', 'Return to Monticello, facing portrait', 5, cupronickel, 'nickel', prices(0.05, 3)],
  ['1916-d', types.mercuryDime, '1916', 'D', 'reverse', null, 2.5, silver90, 'silver', prices(1100, 28000)],
  ['1942-s', types.mercuryDime, '1942', 'S', 'reverse', null, 2.5, silver90, 'silver', prices(2.4, 32)],
  ['1899-o', types.barberDime, '1899', 'O', 'reverse', null, 2.5, silver90, 'silver', prices(7, 1500)],
  ['1964-d', types.rooseveltDime, '1964', 'D', 'reverse', '90% silver', 2.5, silver90, 'silver', prices(2.2, 9)],
  ['1990-p', types.rooseveltDime, '1990', 'P', 'obverse', 'Copper-nickel clad', 2.268, clad, 'nickel', prices(0.1, 4)],
  ['1927', types.standingLibertyQuarter, '1927', 'P', null, null, 6.25, silver90, 'silver', prices(6, 420)],
  ['1932-d', types.washingtonQuarter, '1932', 'D', 'reverse', null, 6.25, silver90, 'silver', prices(120, 14000)],
  ['1964', types.washingtonQuarter, '1964', 'P', null, '90% silver', 6.25, silver90, 'silver', prices(5.5, 16)],
  ['1976-d', types.bicentennialQuarter, '1976', 'D', 'obverse', 'Bicentennial, drummer boy reverse', 5.67, clad, 'nickel', prices(0.3, 6)],
  ['1942', types.walkingLibertyHalf, '1942', 'P', null, null, 12.5, silver90, 'silver', prices(12, 95)],
  ['1958-d', types.franklinHalf, '1958', 'D', 'reverse', null, 12.5, silver90, 'silver', prices(11, 55)],
  ['1964', types.kennedyHalf, '1964', 'P', null, '90% silver', 12.5, silver90, 'silver', prices(11, 30)],
  ['1967', types.kennedyHalf, '1967', null, null, '40% silver clad', 11.5, [['silver', 0.4], ['copper', 0.6]], 'silver', prices(4.8, 22)],
  ['1971-d', types.kennedyHalf, '1971', 'D', 'obverse', 'Copper-nickel clad', 11.34, clad, 'nickel', prices(0.6, 12)],
  ['1881-s', types.morganDollar, '1881', 'S', 'reverse', null, 26.73, silver90, 'silver', prices(34, 160)],
  ['1921', types.morganDollar, '1921', 'P', null, null, 26.73, silver90, 'silver', prices(32, 140)],
  ['1922', types.peaceDollar, '1922', 'P', null, null, 26.73, silver90, 'silver', prices(32, 130)],
  ['1974-d', types.eisenhowerDollar, '1974', 'D', 'obverse', 'Copper-nickel clad', 22.68, clad, 'nickel', prices(1.2, 30)],
  ['1979-p', types.anthonyDollar, '1979', 'P', 'obverse', null, 8.1, clad, 'nickel', prices(1.1, 12)],
  ['2000-p', types.sacagaweaDollar, '2000', 'P', 'obverse', null, 8.1, [['copper', 0.885], ['zinc', 0.06], ['manganese', 0.035], ['nickel', 0.02]], 'brass', prices(1.1, 10)],
  ['2021', types.silverEagle, '2021', null, null, 'Type 1, heraldic eagle reverse', 31.103, [['silver', 0.999], ['copper', 0.001]], 'silver', { 'MS-65': 42, 'MS-69': 52, 'MS-70': 95 }],
  ['2020', types.goldEagle, '2020', null, null, '1 oz bullion', 33.931, [['gold', 0.9167], ['silver', 0.03], ['copper', 0.0533]], 'gold', { 'MS-65': 2450, 'MS-69': 2520, 'MS-70': 2900 }],
];

export const sampleCoins: SampleCoin[] = rows.map(([slugYear, coinType, year, mint, mark, variant, weightG, composition, look, prices]) => {
  const typeSlug = coinType.type.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const variantSlug = variant && /clad|silver|steel/i.test(variant) ? `-${variant.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/-$/, '')}` : '';
  const yearMint = mint && mark ? `${year}-${mint}` : year;
  return {
    slug: `${typeSlug}-${slugYear}${variantSlug}`.slice(0, 80),
    name: `${yearMint} ${coinType.type}`,
    coinType, variant, year, mint, mark, weightG, composition, look, prices,
  };
});
