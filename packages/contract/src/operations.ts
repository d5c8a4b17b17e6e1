import { z } from 'zod';

export const categories = ['coins', 'cards', 'toys'] as const;
export type Category = (typeof categories)[number];

export const sectionsByCategory = {
  coins: ['identity', 'grade', 'valuation'],
  cards: ['identity', 'grade'],
  toys: ['identity', 'valuation'],
} as const satisfies Record<Category, readonly string[]>;

export type Section = 'identity' | 'grade' | 'valuation';
export type SectionOf<C extends Category> = (typeof sectionsByCategory)[C][number];

/** An operation is one result section of one category, e.g. `coins.grade`; accounts enable them. */
export const operations = categories.flatMap((category) =>
  sectionsByCategory[category].map((section) => `${category}.${section}` as const),
);
export type Operation = (typeof operations)[number];

export const operationSchema = z.enum(operations as [Operation, ...Operation[]]);

export function operationOf(category: Category, section: Section): Operation {
  return `${category}.${section}` as Operation;
}

export function isOperation(value: string): value is Operation {
  return (operations as readonly string[]).includes(value);
}
