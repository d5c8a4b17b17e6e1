import type { CardItem, Category, CoinItem, CoinPresentation, Issue, Section, ToyItem } from '@assay/contract';
import type { AssessmentImage } from './gather-images.ts';

/** One assessed item of each category, in the contract's shape. */
export interface ItemOf {
  coins: CoinItem;
  cards: CardItem;
  toys: ToyItem;
}

/** Category-level fields of `assessment` besides `items`: coins say their presentation. */
export interface SummaryOf {
  coins: { presentation: CoinPresentation };
  cards: Record<string, never>;
  toys: Record<string, never>;
}

/** What a category engine makes of a request's images: the `assessment` body and its issues. */
export interface EngineResult<C extends Category = Category> {
  summary: SummaryOf[C];
  /** One element per assessed item, holding only the sections asked for. */
  items: ItemOf[C][];
  issues: Issue[];
  /** The catalog version the result was matched against. */
  catalogVersionId: number | null;
}

/** Assesses one category from validated images; the request rules have run before it is called. */
export interface CategoryEngine<C extends Category = Category> {
  assess(images: AssessmentImage[], sections: readonly Section[]): Promise<EngineResult<C>>;
}

/** The engines a deployment runs, each typed by its category; a category without one is not served. */
export type CategoryEngines = { [C in Category]?: CategoryEngine<C> };
