import { z } from 'zod';
import { imageInputSchema, imageInputKind } from './images.ts';
import { limits } from './limits.ts';

const externalId = z.string().min(1).max(256).describe('Client identifier, returned in the response');

function includeOf<const S extends readonly [string, ...string[]]>(sections: S) {
  return z
    .array(z.enum(sections))
    .min(1)
    .describe('Result sections wanted; omitted: every section enabled for the account');
}

export const coinAssessmentRequestSchema = z
  .strictObject({
    images: z.array(imageInputSchema).min(limits.coinImages.min).max(limits.coinImages.max),
    external_id: externalId.optional(),
    include: includeOf(['identity', 'grade', 'valuation']).optional(),
  })
  .meta({ id: 'CoinAssessmentRequest' });

export const toyAssessmentRequestSchema = z
  .strictObject({
    images: z.array(imageInputSchema).min(1).max(limits.toyImages),
    external_id: externalId.optional(),
    include: includeOf(['identity', 'valuation']).optional(),
  })
  .meta({ id: 'ToyAssessmentRequest' });

export const cardAssessmentRequestSchema = z
  .strictObject({
    images: z
      .array(imageInputSchema)
      .min(1)
      .max(limits.cardImages)
      .refine((images) => new Set(images.map(imageInputKind)).size <= 1, {
        message: 'card images must all be of one type: all url, all base64 or all image_ref',
      }),
    external_id: externalId.optional(),
    include: includeOf(['identity', 'grade']).optional(),
  })
  .meta({ id: 'CardAssessmentRequest' });

export type CoinAssessmentRequest = z.infer<typeof coinAssessmentRequestSchema>;
export type ToyAssessmentRequest = z.infer<typeof toyAssessmentRequestSchema>;
export type CardAssessmentRequest = z.infer<typeof cardAssessmentRequestSchema>;
