import {
  AssayError,
  cardAssessmentResponseSchema,
  categories,
  coinAssessmentResponseSchema,
  toyAssessmentResponseSchema,
  type CardAssessmentResponse,
  type Category,
  type CoinAssessmentResponse,
  type ToyAssessmentResponse,
} from '@assay/contract';
import type { StoredAssessment } from '@assay/db';

/** The spec's assessment response, as sent by the assessment endpoints and GET /assessments/{id}. */
export type AssessmentResponse = CoinAssessmentResponse | CardAssessmentResponse | ToyAssessmentResponse;

const responseSchemas = { coins: coinAssessmentResponseSchema, cards: cardAssessmentResponseSchema, toys: toyAssessmentResponseSchema } as const;

/**
 * The response of a stored assessment. What the database holds is JSON (the items, the summary,
 * issue codes as text): it is parsed by the contract's response schema of its category, so a
 * response is the contract's shape or a clear INTERNAL error, never a guess.
 * @throws AssayError INTERNAL when the stored assessment is not of the contract's shape.
 */
export function toResponse(stored: StoredAssessment): AssessmentResponse {
  const category = stored.category as Category;
  if (!(categories as readonly string[]).includes(category)) {
    throw new AssayError('INTERNAL', `stored assessment ${stored.id} has an unknown category`, { context: { assessment_id: stored.id, category } });
  }
  const response = {
    assessment_id: stored.id,
    external_id: stored.externalId,
    status: 'completed',
    created_at: stored.createdAt.toISOString(),
    completed_at: (stored.completedAt ?? stored.createdAt).toISOString(),
    assessment: { ...stored.summary, items: stored.items },
    issues: stored.issues.map((i) => ({
      code: i.code,
      message: i.message,
      severity: i.severity,
      section: i.section,
      image_index: i.imageIndex,
      item_index: i.itemIndex,
    })),
  };
  const parsed = responseSchemas[category].safeParse(response);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new AssayError('INTERNAL', `stored assessment ${stored.id} is not of the contract's shape`, { context: { assessment_id: stored.id, problems } });
  }
  return parsed.data;
}
