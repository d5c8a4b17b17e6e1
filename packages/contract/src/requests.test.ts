import { describe, expect, it } from 'vitest';
import {
  cardAssessmentRequestSchema,
  coinAssessmentRequestSchema,
  imageInputSchema,
  toyAssessmentRequestSchema,
} from './index.ts';

const b64 = { filename: 'a.jpg', data: 'AAAA' };
const url = { url: 'https://example.com/a.jpg' };
const ref = { image_ref: 'img_x' };

describe('image inputs', () => {
  it('accepts each of the three shapes', () => {
    for (const input of [b64, url, { ...url, filename: null }, { ...url, filename: 'x.jpg' }, ref]) {
      expect(imageInputSchema.safeParse(input).success).toBe(true);
    }
  });

  it('refuses mixtures of shapes, unknown fields and incomplete shapes', () => {
    for (const input of [
      { ...b64, url: url.url },
      { ...ref, data: 'AAAA' },
      { ...url, image_ref: 'img_x' },
      { data: 'AAAA' },
      { filename: 'a.jpg' },
      { url: url.url, extra: 1 },
      {},
      'https://example.com/a.jpg',
      null,
    ]) {
      const result = imageInputSchema.safeParse(input);
      expect(result.success, JSON.stringify(input)).toBe(false);
    }
  });
});

describe('assessment requests', () => {
  it('coins take 1 to 20 images', () => {
    expect(coinAssessmentRequestSchema.safeParse({ images: [] }).success).toBe(false);
    expect(coinAssessmentRequestSchema.safeParse({ images: Array(20).fill(ref) }).success).toBe(true);
    expect(coinAssessmentRequestSchema.safeParse({ images: Array(21).fill(ref) }).success).toBe(false);
  });

  it('card images must all be of one input type', () => {
    expect(cardAssessmentRequestSchema.safeParse({ images: [b64, b64] }).success).toBe(true);
    expect(cardAssessmentRequestSchema.safeParse({ images: [url, ref] }).success).toBe(false);
    expect(cardAssessmentRequestSchema.safeParse({ images: [b64, url] }).success).toBe(false);
  });

  it('include accepts only the sections of its category', () => {
    expect(toyAssessmentRequestSchema.safeParse({ images: [ref], include: ['identity', 'valuation'] }).success).toBe(true);
    expect(toyAssessmentRequestSchema.safeParse({ images: [ref], include: ['grade'] }).success).toBe(false);
    expect(cardAssessmentRequestSchema.safeParse({ images: [ref], include: ['valuation'] }).success).toBe(false);
    expect(coinAssessmentRequestSchema.safeParse({ images: [ref], include: [] }).success).toBe(false);
  });

  it('carries external_id and refuses unknown fields', () => {
    const parsed = coinAssessmentRequestSchema.parse({ images: [ref], external_id: 'listing-42' });
    expect(parsed.external_id).toBe('listing-42');
    expect(coinAssessmentRequestSchema.safeParse({ images: [ref], colour: 'red' }).success).toBe(false);
  });
});
