/*
 * What a category engine is, to the request rules that call it (@assay/assessment) and to the
 * category packages that implement one (@assay/cards, @assay/coins, @assay/toys): here, below both,
 * so neither imports the other's side. Only types; in the contract's item and issue shapes.
 */
import type { CardItem, CoinItem, CoinPresentation, ToyItem } from './assessment.ts';
import type { Issue } from './issues.ts';
import type { Category, Section } from './operations.ts';

/**
 * One request image as an engine receives it: validated and decodable, at its place in the
 * request's `images` (issues name that index). The request rules pass more (its hash, format,
 * size); an engine needs only the bytes.
 */
export interface EngineImage {
  index: number;
  bytes: Buffer;
}

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
  assess(images: EngineImage[], sections: readonly Section[]): Promise<EngineResult<C>>;
}

/** The engines a deployment runs, each typed by its category; a category without one is not served. */
export type CategoryEngines = { [C in Category]?: CategoryEngine<C> };
