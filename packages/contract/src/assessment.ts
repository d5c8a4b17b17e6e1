import { z } from 'zod';
import { issueSchema } from './issues.ts';

/*
 * Response shapes. Within a returned section every field is present; a value Assay could not
 * determine is null rather than missing, so clients never have to guess between the two.
 */

const confidence = z.number().min(0).max(1).describe('0 (a guess) to 1 (certain)');
const usd = z.number().min(0).describe('US dollars');
const text = z.string().nullable();

/** Other catalog entries an item's answer lists at most, for a reviewer to check it against (issue 23). */
export const candidatesListed = 3;

/**
 * An addition to the spec (docs/api.md): the next most likely catalog entries after the item's own,
 * most likely first, each with the probability that it is the one, on the item's own scale.
 */
function candidatesOf<T extends z.ZodType>(identity: T, id: string) {
  return z
    .array(z.strictObject({ identity, confidence }).meta({ id, description: 'Another catalog entry the photos could show, with the probability that it is the one' }))
    .max(candidatesListed)
    .optional()
    .describe('Up to three other catalog entries the item could be, most likely first, for review; absent from assessments stored before it was added (2026-11-28)');
}

const imageIndex = z.int().min(0).describe('The image, by its place in the request\'s `images` (0 for the first)');
const pixel = z.int().describe('Pixels of the image as displayed (its EXIF orientation applied), from its top-left corner');
const pixels = z.int().min(0).describe('Pixels of the image as displayed');

/** An addition to the spec (docs/api.md): where an item was seen in one image, as the box around it. */
export const boxLocationSchema = z
  .strictObject({
    image_index: imageIndex,
    box: z
      .strictObject({ x: pixel, y: pixel, width: pixels, height: pixels })
      .describe('The smallest upright rectangle holding the item, clipped to the image; x and y are its top-left corner'),
  })
  .meta({ id: 'BoxLocation', description: 'Where an item was seen in one image' });

/** An addition to the spec (docs/api.md): where a coin was seen in one image, as its rim's circle. */
export const coinLocationSchema = z
  .strictObject({
    image_index: imageIndex,
    center: z.strictObject({ x: pixel, y: pixel }).describe('The centre of the coin\'s rim'),
    radius: pixels.describe('The rim\'s radius, in pixels of the image as displayed'),
  })
  .meta({ id: 'CoinLocation', description: 'Where a coin was seen in one image: its rim as a circle' });

/** An item's bounding box as the engines hold it, in pixels of the image as displayed: left, top, right, bottom (exclusive). */
export type PixelBox = readonly [left: number, top: number, right: number, bottom: number];

/** An item's place in one image, from its box (which lies within the image) in whole pixels, rounded outward. */
export function boxLocation(imageIndex: number, [left, top, right, bottom]: PixelBox): BoxLocation {
  const [x, y] = [Math.floor(left), Math.floor(top)];
  return { image_index: imageIndex, box: { x, y, width: Math.ceil(right) - x, height: Math.ceil(bottom) - y } };
}

/** A place in words, for an issue's message: "at x 412, y 96, 530 × 741 px". */
export function placeInWords({ box }: BoxLocation): string {
  return `at x ${box.x}, y ${box.y}, ${box.width} × ${box.height} px`;
}

function locationsOf<T extends z.ZodType>(place: T, what: string) {
  return z
    .array(place)
    .optional()
    .describe(`${what}; absent from assessments stored before it was added (2026-11-28)`);
}

export const coinMaterials = [
  'gold', 'silver', 'copper', 'nickel', 'zinc', 'manganese', 'tin', 'steel', 'aluminum', 'platinum', 'palladium',
] as const;

export const coinPresentations = ['individual', 'group', 'roll', 'pile'] as const;
export type CoinPresentation = (typeof coinPresentations)[number];

export const coinIdentitySchema = z
  .strictObject({
    name: text, type: text, variant: text, year: text, mint: text, country: text, denomination: text,
    material_composition: z.array(
      z.strictObject({
        material: z.enum(coinMaterials),
        weight: z.number().min(0).describe('Weight of this material in the coin'),
        unit: z.literal('g').describe('Always grams'),
      }),
    ),
    confidence,
  })
  .meta({ id: 'CoinIdentity' });

export const coinGradeSchema = z
  .strictObject({
    grade: z.string().describe('Sheldon-scale grade, e.g. "MS-63" or "VF-20"'),
    grade_range: z.tuple([z.string(), z.string()]).describe('Lower and upper bound of the grade'),
    details: text,
    confidence,
  })
  .meta({ id: 'CoinGrade' });

export const coinValuationSchema = z
  .strictObject({ price: usd.nullable(), melt_value: usd.nullable(), confidence })
  .meta({ id: 'CoinValuation' });

export const coinItemSchema = z
  .strictObject({
    identity: coinIdentitySchema.optional(),
    grade: coinGradeSchema.optional(),
    valuation: coinValuationSchema.optional(),
    candidates: candidatesOf(coinIdentitySchema.omit({ confidence: true }), 'CoinCandidate'),
    location: locationsOf(coinLocationSchema, 'Where the coin was seen: one circle per image that shows one of its faces (a group\'s coin in each overview photo), in image order'),
  })
  .meta({ id: 'CoinItem' });

export const cardIdentitySchema = z
  .strictObject({
    name: text, year: text, game: text, set_name: text, card_number: text, parallel_variant: text,
    language: text, edition: text, confidence,
    holder: z
      .strictObject({
        company: text.describe('The grading company whose label it is, by the code its labels print ("PSA"); null when the label names no company Assay knows (docs/catalog.md)'),
        certificate_number: text,
        grade: text.optional().describe('The grade the label gives the card ("10", "9.5"), beside Assay\'s own; null where unreadable; absent from assessments stored before 2026-11-28'),
      })
      .nullable()
      .describe('For a card in a grading holder: its label as read (null fields where unreadable); null when not in a holder'),
  })
  .meta({ id: 'CardIdentity' });

const borderRatio = z.string().regex(/^\d{1,3}\/\d{1,3}$/);
const faceCenteringSchema = z
  .strictObject({
    left_right: borderRatio.describe('The left border\'s share of the two side borders against the right\'s, in percent: "55/45" is a left border wider than the right'),
    top_bottom: borderRatio.describe('The top border\'s share of the top and bottom borders against the bottom\'s, in percent'),
  })
  .meta({ id: 'CardFaceCentering' });

export const cardGradeSchema = z
  .strictObject({
    grade: z.string(),
    subgrades: z.strictObject({ centering: z.string(), corners: z.string(), edges: z.string(), surface: z.string() }),
    centering_ratios: z
      .strictObject({ front: faceCenteringSchema, back: faceCenteringSchema.nullable().describe('null when the back\'s borders could not be measured') })
      .optional()
      .describe('An addition to the spec: the centering measured on each face, which the centering subgrade is given from; absent only from assessments stored before it was added (2026-11-28)'),
    confidence: confidence
      .optional()
      .describe('An addition to the spec (docs/api.md): the probability that `grade` is the card\'s true grade on the scale, given how far measurements like these are usually off; absent from assessments stored before it was added (2026-11-28)'),
  })
  .meta({ id: 'CardGrade' });

export const cardItemSchema = z
  .strictObject({
    identity: cardIdentitySchema.optional(),
    grade: cardGradeSchema.optional(),
    candidates: candidatesOf(cardIdentitySchema.omit({ confidence: true, holder: true }), 'CardCandidate'),
    location: locationsOf(boxLocationSchema, 'Where the card was seen: one box per image that shows its front or its back, in image order'),
  })
  .meta({ id: 'CardItem' });

/**
 * What kind of toy an entry is: the kinds collectors' marketplaces list toys under (action figures,
 * dolls, plush, vehicles and die-cast, building sets, model kits, playsets, figurines) and those
 * they also file apart: vinyl figures (designer and pop-culture vinyl), mini figures (blind-box and
 * building-set minifigures), model trains, radio-controlled models, tin toys, electronic toys
 * (robots, interactive pets), puzzles and board games; `other` for the rest.
 */
export const toySubTypes = [
  'action_figure', 'doll', 'plush', 'vehicle', 'die_cast', 'building_set', 'model_kit', 'playset', 'figurine',
  'vinyl_figure', 'mini_figure', 'model_train', 'radio_control', 'tin_toy', 'electronic_toy', 'puzzle', 'board_game', 'other',
] as const;
export const toyConfidenceWords = ['low', 'medium', 'high'] as const;

export const toyIdentitySchema = z
  .strictObject({
    name: text, character: text, year: text, brand: text, manufacturer: text, franchise: text,
    toy_line: text, series: text, toy_sub_type: z.enum(toySubTypes).nullable(),
    // An addition to the spec's toy identity (docs/api.md), so optional: a spec-speaking service may leave it out.
    confidence: confidence.optional(),
  })
  .meta({ id: 'ToyIdentity' });

export const toyValuationSchema = z
  .strictObject({
    price: usd.nullable(),
    price_range: z.strictObject({ min: usd, max: usd }).nullable(),
    confidence: z.enum(toyConfidenceWords),
  })
  .meta({ id: 'ToyValuation' });

export const toyItemSchema = z
  .strictObject({
    identity: toyIdentitySchema.optional(),
    valuation: toyValuationSchema.optional(),
    candidates: candidatesOf(toyIdentitySchema.omit({ confidence: true }), 'ToyCandidate'),
    location: locationsOf(boxLocationSchema, 'Where the toy was seen: one box per image that shows it, its box or a plate or label whose text named it, in image order'),
  })
  .meta({ id: 'ToyItem' });

function assessmentResponse<T extends z.ZodType>(id: string, assessment: T) {
  return z
    .strictObject({
      assessment_id: z.uuid(),
      external_id: z.string().nullable().describe('As sent in the request; null when none was sent'),
      status: z.literal('completed'),
      created_at: z.iso.datetime(),
      completed_at: z.iso.datetime(),
      assessment,
      issues: z.array(issueSchema),
    })
    .meta({ id });
}

export const coinAssessmentResponseSchema = assessmentResponse(
  'CoinAssessmentResponse',
  z.strictObject({ presentation: z.enum(coinPresentations), items: z.array(coinItemSchema) }),
);
export const cardAssessmentResponseSchema = assessmentResponse(
  'CardAssessmentResponse',
  z.strictObject({ items: z.array(cardItemSchema) }),
);
export const toyAssessmentResponseSchema = assessmentResponse(
  'ToyAssessmentResponse',
  z.strictObject({ items: z.array(toyItemSchema) }),
);

export type BoxLocation = z.infer<typeof boxLocationSchema>;
export type CoinLocation = z.infer<typeof coinLocationSchema>;
export type CoinItem = z.infer<typeof coinItemSchema>;
export type CardItem = z.infer<typeof cardItemSchema>;
export type ToyItem = z.infer<typeof toyItemSchema>;
export type CoinAssessmentResponse = z.infer<typeof coinAssessmentResponseSchema>;
export type CardAssessmentResponse = z.infer<typeof cardAssessmentResponseSchema>;
export type ToyAssessmentResponse = z.infer<typeof toyAssessmentResponseSchema>;
