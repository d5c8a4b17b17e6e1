import type { LoadedCatalog } from '@assay/catalog';
import type { Centering, WearMeasurements } from '@assay/cards/scale';
import type { Rng } from '../random.ts';
import { holderCompanies, type HolderCompany } from './holder-label.ts';

/*
 * One physical card: which catalog entry it is, how its print run was centred on each face, how
 * worn it is, which back it carries, and whether it is sleeved or slabbed. Photos of its front
 * and back share this, so both are labelled with the same subgrades.
 */

export type CardFace = 'front' | 'back';

export type CardBack =
  /** One of the catalog's backs for the card's game (a path relative to the catalog). */
  | { kind: 'catalog'; image: string }
  /** A design no catalog lists: the card can be identified but not graded. */
  | { kind: 'unknown' };

export interface CardHolder {
  company: HolderCompany;
  certificateNumber: string;
  /** How scratched the plastic is, 0 to 1; the held-out world's slabs only (photo/conditions.ts). */
  scratches?: number;
}

export interface CardInstance {
  entryId: string;
  /** Printed centering per face as shares (0.5 is perfect); an axis without a border prints centred. */
  centering: { front: Centering; back: Centering };
  wear: WearMeasurements;
  back: CardBack;
  sleeve: boolean;
  holder: CardHolder | null;
  /** Places the chips, fraying and scratches. */
  seed: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Most cards are close to centred; a minority are visibly off, backs more often than fronts. */
function sampleCentering(rng: Rng, spread: number, offChance: number, offMax: number): Centering {
  const axis = () => {
    const offset = rng.chance(offChance) ? rng.range(spread * 1.5, offMax) * (rng.chance(0.5) ? 1 : -1) : rng.normal(0, spread);
    // Three decimals: truth files stay readable and the grading thresholds see exactly what they say.
    return Number(clamp(0.5 + offset, 0.5 - offMax, 0.5 + offMax).toFixed(3));
  };
  return { horizontal: axis(), vertical: axis() };
}

/** Condition comes in classes (pack-fresh, played, battered); within a class it varies per corner. */
function sampleWear(rng: Rng): WearMeasurements {
  const [lo, hi] = rng.pick([[0, 0.08], [0, 0.08], [0, 0.08], [0, 0.08], [0, 0.08], [0, 0.08], [0.1, 0.45], [0.1, 0.45], [0.1, 0.45], [0.4, 0.95]] as const);
  const level = () => Number(rng.range(lo, hi).toFixed(3));
  return { corners: [level(), level(), level(), level()], edges: level(), surface: level() };
}

function sampleCertificateNumber(rng: Rng): string {
  const digits = rng.int(8, 10);
  return String(rng.int(1, 9)) + Array.from({ length: digits - 1 }, () => rng.int(0, 9)).join('');
}

export function sampleCardInstance(rng: Rng, catalog: LoadedCatalog, overrides: Partial<CardInstance> = {}): CardInstance {
  if (catalog.cards.length === 0) throw new RangeError(`the catalog in ${catalog.root} has no cards`);
  const entry = overrides.entryId ? catalog.cards.find((c) => c.id === overrides.entryId) : rng.pick(catalog.cards);
  if (!entry) throw new RangeError(`no card "${overrides.entryId}" in the catalog`);
  const game = catalog.manifest.card_games.find((g) => g.id === entry.game_id)!;
  const slabbed = rng.chance(0.15);
  const instance: CardInstance = {
    entryId: entry.id,
    centering: { front: sampleCentering(rng, 0.02, 0.2, 0.2), back: sampleCentering(rng, 0.035, 0.25, 0.27) },
    wear: sampleWear(rng),
    back: { kind: 'catalog', image: rng.pick(game.backs) },
    sleeve: !slabbed && rng.chance(0.18),
    holder: slabbed ? { company: rng.pick(Object.keys(holderCompanies) as HolderCompany[]), certificateNumber: sampleCertificateNumber(rng) } : null,
    seed: rng.seed(),
  };
  return { ...instance, ...overrides };
}
