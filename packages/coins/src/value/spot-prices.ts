import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { coinMaterials } from '@assay/contract';
import type { CoinEntry } from '@assay/catalog';

/** A dated table of metal prices in US dollars per gram: what melt values are computed from. */
export const spotPricesSchema = z.strictObject({
  as_of: z.iso.date(),
  currency: z.literal('USD'),
  unit: z.literal('g'),
  note: z.string().optional(),
  prices: z.partialRecord(z.enum(coinMaterials), z.number().min(0)),
});

export type SpotPrices = z.infer<typeof spotPricesSchema>;

/** The table shipped with Assay (catalog/spot-prices.json); ASSAY_SPOT_PRICES names another. */
export const defaultSpotPricesFile = new URL('../../../../catalog/spot-prices.json', import.meta.url).pathname;

export async function loadSpotPrices(file: string = defaultSpotPricesFile): Promise<SpotPrices> {
  return spotPricesSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

/** Each material's weight in the coin, grams (weight × fraction), to a tenth of a milligram. */
export function materialWeights(entry: CoinEntry): { material: CoinEntry['specs']['composition'][number]['material']; weight: number; unit: 'g' }[] {
  return entry.specs.composition.map((part) => ({ material: part.material, weight: round(entry.specs.weight_g * part.fraction, 4), unit: 'g' as const }));
}

/**
 * Melt value in USD: every material's weight times its spot price, to the cent. A material the
 * table does not price counts nothing (null when the table prices none of them).
 */
export function meltValue(entry: CoinEntry, spot: SpotPrices): number | null {
  const priced = entry.specs.composition.filter((p) => spot.prices[p.material] !== undefined);
  if (priced.length === 0) return null;
  return round(priced.reduce((sum, p) => sum + entry.specs.weight_g * p.fraction * spot.prices[p.material]!, 0), 2);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
