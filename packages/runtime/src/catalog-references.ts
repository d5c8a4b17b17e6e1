import { computeCardReferences, type CardReferences } from '@assay/cards';
import type { LoadedCatalog } from '@assay/catalog';
import { computeCoinReferences, type CoinReferenceOptions, type CoinReferences } from '@assay/coins';
import { computeToyReferences, type ToyReferences } from '@assay/toys';

/** Everything a catalog import stores for the recognizers, keyed by category. */
export type CatalogReferences = {
  cards: CardReferences;
  coins: CoinReferences;
  toys: ToyReferences;
};

/** What the references are computed with: the text reader that finds where each coin face carries its date (one of its own by default). */
export type CatalogReferenceOptions = CoinReferenceOptions;

export async function computeCatalogReferences(catalog: LoadedCatalog, options: CatalogReferenceOptions = {}): Promise<CatalogReferences> {
  return { cards: await computeCardReferences(catalog), coins: await computeCoinReferences(catalog, options), toys: await computeToyReferences(catalog) };
}
