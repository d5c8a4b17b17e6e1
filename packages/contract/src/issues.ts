import { z } from 'zod';
import type { Section } from './operations.ts';

/**
 * Stable codes for the `issues` of an assessment. An issue never fails a request: it explains what
 * was left out or what limits the result. Later work adds codes here; existing codes never change.
 */
export const issueCodes = [
  'SECTION_NOT_ENABLED',
  'IMAGE_UNDECODABLE',
  'IMAGE_BLURRED',
  'IMAGE_LOW_RESOLUTION',
  'ITEM_CUT_OFF',
  'ITEM_TOO_SMALL',
  'IMAGE_SHADOW_OR_GLARE',
  'IMAGE_HIGHLY_COMPRESSED',
  'ITEM_NOT_FOUND',
  'ITEM_NOT_IDENTIFIED',
  'MULTIPLE_ITEMS',
  'CARD_FRONT_MISSING',
  'CARD_BACK_MISSING',
  'CARD_BACK_NOT_RECOGNIZED',
  'HOLDER_REFLECTION',
  'HOLDER_LABEL_UNREADABLE',
  'COIN_PILE_IGNORED',
  'COIN_ROLL_PARTLY_ASSESSED',
  'COIN_FACES_UNPAIRED',
  'COIN_ANCIENT_IGNORED',
  'COIN_SET_IGNORED',
  'COIN_DATE_UNREAD',
  'CARD_BORDERS_UNMEASURED',
] as const;
export type IssueCode = (typeof issueCodes)[number];

export const issueSeverities = ['info', 'warning', 'error'] as const;

export const issueSchema = z
  .strictObject({
    code: z.enum(issueCodes).describe('Stable machine-readable code'),
    message: z.string().describe('Human-readable explanation'),
    severity: z.enum(issueSeverities),
    section: z.enum(['identity', 'grade', 'valuation']).nullable().describe('Result section concerned, if any'),
    image_index: z.int().min(0).nullable().describe('Index in the request `images` array, if one image is concerned'),
    item_index: z.int().min(0).nullable().describe('Index in `assessment.items`, if one item is concerned'),
  })
  .meta({ id: 'Issue' });

export type Issue = z.infer<typeof issueSchema>;

/** Builds an issue; fields that do not apply are null, as the response always carries every field. */
export function issue(
  code: IssueCode,
  message: string,
  where: { severity?: Issue['severity']; section?: Section; imageIndex?: number; itemIndex?: number } = {},
): Issue {
  return {
    code,
    message,
    severity: where.severity ?? 'warning',
    section: where.section ?? null,
    image_index: where.imageIndex ?? null,
    item_index: where.itemIndex ?? null,
  };
}
