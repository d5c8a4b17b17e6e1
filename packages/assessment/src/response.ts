import type { Issue } from '@assay/contract';
import type { StoredAssessment } from '@assay/db';

/** The spec's assessment response, as sent by the assessment endpoints and GET /assessments/{id}. */
export interface AssessmentResponse {
  assessment_id: string;
  external_id: string | null;
  status: 'completed';
  created_at: string;
  completed_at: string;
  assessment: Record<string, unknown> & { items: Record<string, unknown>[] };
  issues: Issue[];
}

export function toResponse(stored: StoredAssessment): AssessmentResponse {
  return {
    assessment_id: stored.id,
    external_id: stored.externalId,
    status: 'completed',
    created_at: stored.createdAt.toISOString(),
    completed_at: (stored.completedAt ?? stored.createdAt).toISOString(),
    assessment: { ...stored.summary, items: stored.items },
    issues: stored.issues.map((i) => ({
      code: i.code as Issue['code'],
      message: i.message,
      severity: i.severity as Issue['severity'],
      section: i.section as Issue['section'],
      image_index: i.imageIndex,
      item_index: i.itemIndex,
    })),
  };
}
