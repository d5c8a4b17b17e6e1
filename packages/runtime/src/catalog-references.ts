import { computeCardReferences, type CardReferences } from '@assay/cards';
import type { LoadedCatalog } from '@assay/catalog';
import { computeCoinReferences, type CoinReferences } from '@assay/coins';
import { computeToyReferences, type ToyReferences } from '@assay/toys';

/** Everything a catalog import stores for the recognizers, keyed by category. */
export type CatalogReferences = {
  cards: CardReferences;
  coins: CoinReferences;
  toys: ToyReferences;
};

export async function computeCatalogReferences(catalog: LoadedCatalog): Promise<CatalogReferences> {
  return { cards: await computeCardReferences(catalog), coins: await computeCoinReferences(catalog), toys: await computeToyReferences(catalog) };
}
