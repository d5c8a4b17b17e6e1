import { z } from 'zod';
import { coinMaterials, toySubTypes } from '@assay/contract';

/*
 * The on-disk catalog format (documented in docs/catalog.md):
 *
 *   <catalog>/catalog.json                 this manifest: name, card games and their known backs
 *   <catalog>/<category>/<id>/entry.json   one entry: identity, prices, reference image paths
 *   <catalog>/<category>/<id>/*.png|jpg    the entry's reference images
 *
 * Paths inside a file are relative to that file's folder and may not leave the catalog.
 */

export const slugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'lowercase letters, digits and dashes, at most 80');
const relativePath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split(/[\\/]/).includes('..'), 'a relative path inside the catalog');
const usd = z.number().min(0);
const text = z.string().min(1);

export const cardGrades = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] as const;
export const sheldonGrades = [
  'P-1', 'FR-2', 'AG-3', 'G-4', 'G-6', 'VG-8', 'VG-10', 'F-12', 'F-15', 'VF-20', 'VF-25', 'VF-30', 'VF-35',
  'EF-40', 'EF-45', 'AU-50', 'AU-53', 'AU-55', 'AU-58', 'MS-60', 'MS-61', 'MS-62', 'MS-63', 'MS-64', 'MS-65',
  'MS-66', 'MS-67', 'MS-68', 'MS-69', 'MS-70',
] as const;

/** Prices at some grades; values between listed grades are interpolated, beyond them clamped. */
const pricesBy = <G extends readonly [string, ...string[]]>(grades: G) =>
  z.partialRecord(z.enum(grades), usd).refine((prices) => Object.keys(prices).length > 0, 'at least one grade');

export const catalogManifestSchema = z.strictObject({
  format: z.literal(1),
  name: text,
  description: z.string().optional(),
  card_games: z
    .array(
      z.strictObject({
        id: slugSchema,
        name: text,
        /** Reference images of the game's card backs: a back matching one is "recognisable". */
        backs: z.array(relativePath).min(1),
      }),
    )
    .default([]),
  /**
   * Grading companies whose holders the catalog's cards come in, besides the ones Assay knows
   * (docs/catalog.md): a holder's label is read against these, and names one of them or none.
   */
  grading_companies: z
    .array(
      z.strictObject({
        /** The initials or mark its labels print, reported as the holder's company. */
        code: z.string().regex(/^[A-Z0-9&]{2,8}$/, '2–8 capital letters or digits'),
        /** Its name spelt out, as labels carry it. */
        name: text,
        /** Other marks or names its labels carry. */
        aliases: z.array(text).optional(),
      }),
    )
    .optional(),
});

export const cardEntrySchema = z.strictObject({
  id: slugSchema,
  identity: z.strictObject({
    name: text,
    year: text,
    game: text,
    set_name: text,
    card_number: text,
    parallel_variant: text.nullable(),
    language: text,
    edition: text.nullable(),
  }),
  /** One of the manifest's `card_games[].id`. */
  game_id: slugSchema,
  images: z.strictObject({ front: relativePath }),
  /** Where the printed frame sits on a perfectly centred card, as fractions of width and height. */
  frame: z.strictObject({ inset_x: z.number().gt(0).lt(0.5), inset_y: z.number().gt(0).lt(0.5) }),
  price_by_grade: pricesBy(cardGrades),
});

export const coinEntrySchema = z.strictObject({
  id: slugSchema,
  identity: z.strictObject({
    name: text,
    type: text,
    variant: text.nullable(),
    year: text,
    mint: text.nullable(),
    country: text,
    denomination: text,
  }),
  specs: z.strictObject({
    weight_g: z.number().positive(),
    diameter_mm: z.number().positive(),
    composition: z
      .array(z.strictObject({ material: z.enum(coinMaterials), fraction: z.number().gt(0).max(1) }))
      .min(1)
      .refine((parts) => Math.abs(parts.reduce((sum, p) => sum + p.fraction, 0) - 1) < 1e-6, 'fractions must add up to 1'),
  }),
  images: z.strictObject({ obverse: relativePath, reverse: relativePath }),
  price_by_grade: pricesBy(sheldonGrades),
});

export const toyEntrySchema = z.strictObject({
  id: slugSchema,
  identity: z.strictObject({
    name: text,
    character: text.nullable(),
    year: text,
    brand: text,
    manufacturer: text,
    franchise: text.nullable(),
    toy_line: text.nullable(),
    series: text.nullable(),
    toy_sub_type: z.enum(toySubTypes),
  }),
  model_numbers: z.array(text).default([]),
  maker_marks: z.array(text).default([]),
  images: z.strictObject({
    /** Views of the toy itself; the first is the canonical one. */
    item: z.array(relativePath).min(1),
    packaging: z.array(relativePath).default([]),
  }),
  /** Typical value; the middle of `price_range` when left out (many sellers' price guides give only a range). */
  price: usd.optional(),
  price_range: z.strictObject({ min: usd, max: usd }).refine((r) => r.min <= r.max, 'min must not exceed max'),
}).transform((entry) => ({ ...entry, price: entry.price ?? middleOf(entry.price_range) }));

/** The middle of a price range, to the cent. */
const middleOf = ({ min, max }: { min: number; max: number }) => Math.round(((min + max) / 2) * 100) / 100;

export type CatalogManifest = z.infer<typeof catalogManifestSchema>;
export type CardEntry = z.infer<typeof cardEntrySchema>;
export type CoinEntry = z.infer<typeof coinEntrySchema>;
export type ToyEntry = z.infer<typeof toyEntrySchema>;
export type CardGrade = (typeof cardGrades)[number];
export type SheldonGrade = (typeof sheldonGrades)[number];

export const entrySchemas = { cards: cardEntrySchema, coins: coinEntrySchema, toys: toyEntrySchema } as const;
