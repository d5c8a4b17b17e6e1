import type { Issue, Section } from '@assay/contract';
import type { AssessmentImage } from './gather-images.ts';

/** What a category engine makes of a request's images: the `assessment` body and its issues. */
export interface EngineResult {
  /** Category-level fields of `assessment` besides `items` (coins: presentation). */
  summary: Record<string, unknown>;
  /** One element per assessed item, holding only the sections asked for. */
  items: Record<string, unknown>[];
  issues: Issue[];
  /** The catalog version the result was matched against. */
  catalogVersionId: number | null;
}

/** Assesses one category from validated images; the request rules have run before it is called. */
export interface CategoryEngine {
  assess(images: AssessmentImage[], sections: readonly Section[]): Promise<EngineResult>;
}
