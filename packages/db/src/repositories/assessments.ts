import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { assessmentImages, assessmentIssues, assessmentItems, assessments } from '../schema/index.ts';

export interface StoredIssue {
  code: string;
  severity: string;
  message: string;
  section: string | null;
  imageIndex: number | null;
  itemIndex: number | null;
}

export interface StoredAssessment {
  id: string;
  orgId: string;
  category: string;
  externalId: string | null;
  status: string;
  summary: Record<string, unknown>;
  catalogVersionId: number | null;
  createdAt: Date;
  completedAt: Date | null;
  items: Record<string, unknown>[];
  issues: StoredIssue[];
  images: { imageIndex: number; sha256: string; format: string; width: number; height: number; filename: string | null }[];
}

export function createAssessmentsRepository(db: Database) {
  return {
    /** Stores an assessment with its items, issues and images in one transaction. */
    async insert(assessment: StoredAssessment): Promise<void> {
      const { items, issues, images, ...row } = assessment;
      await db.transaction(async (tx) => {
        await tx.insert(assessments).values(row);
        const id = assessment.id;
        if (items.length) await tx.insert(assessmentItems).values(items.map((sections, itemIndex) => ({ assessmentId: id, itemIndex, sections })));
        if (issues.length) await tx.insert(assessmentIssues).values(issues.map((issue, position) => ({ assessmentId: id, position, ...issue })));
        if (images.length) await tx.insert(assessmentImages).values(images.map((image) => ({ assessmentId: id, ...image })));
      });
    },

    /** The assessment if `orgId` owns it; another account's assessment is simply not found. */
    async find(id: string, orgId: string): Promise<StoredAssessment | null> {
      const [row] = await db
        .select()
        .from(assessments)
        .where(and(eq(assessments.id, id), eq(assessments.orgId, orgId)));
      if (!row) return null;
      const [items, issues, images] = await Promise.all([
        db.select().from(assessmentItems).where(eq(assessmentItems.assessmentId, id)).orderBy(asc(assessmentItems.itemIndex)),
        db.select().from(assessmentIssues).where(eq(assessmentIssues.assessmentId, id)).orderBy(asc(assessmentIssues.position)),
        db.select().from(assessmentImages).where(eq(assessmentImages.assessmentId, id)).orderBy(asc(assessmentImages.imageIndex)),
      ]);
      return {
        ...row,
        items: items.map((item) => item.sections),
        issues: issues.map(({ code, severity, message, section, imageIndex, itemIndex }) => ({ code, severity, message, section, imageIndex, itemIndex })),
        images: images.map(({ imageIndex, sha256, format, width, height, filename }) => ({ imageIndex, sha256, format, width, height, filename })),
      };
    },
  };
}

export type AssessmentsRepository = ReturnType<typeof createAssessmentsRepository>;
