import { randomUUID } from 'node:crypto';
import {
  AssayError,
  cardAssessmentRequestSchema,
  coinAssessmentRequestSchema,
  sectionsByCategory,
  toyAssessmentRequestSchema,
  operationOf,
  parseRequest,
  type Category,
  type CategoryEngines,
  type ImageInput,
  type Section,
} from '@assay/contract';
import { requireAnyOperation, type Caller } from '@assay/accounts';
import type { AssessmentsRepository } from '@assay/db';
import type { Uploads } from '@assay/uploads';
import type { z } from 'zod';
import { gatherImages } from './gather-images.ts';
import { resolveSections } from './include.ts';
import { toResponse, type AssessmentResponse } from './response.ts';


export interface AssessmentsDeps {
  uploads: Uploads;
  repository: AssessmentsRepository;
  /** The engines this deployment runs; a category without one is not served. */
  engines: CategoryEngines;
  now?: () => Date;
}

/** Each category's request body, as the contract defines it. */
const requestSchemas = {
  coins: coinAssessmentRequestSchema,
  cards: cardAssessmentRequestSchema,
  toys: toyAssessmentRequestSchema,
} satisfies Record<Category, z.ZodType<{ images: ImageInput[]; external_id?: string | undefined; include?: Section[] | undefined }>>;

export function createAssessments({ uploads, repository, engines, now = () => new Date() }: AssessmentsDeps) {
  return {
    categories: Object.keys(engines) as Category[],

    /**
     * Runs one assessment request end to end: the request rules first (operations, body, include,
     * images), then the category engine; stores the result and returns the spec's response.
     */
    async assess(category: Category, caller: Caller, body: unknown): Promise<AssessmentResponse> {
      const engine = engines[category];
      if (!engine) throw new AssayError('NOT_FOUND', `${category} assessments are not served here`);
      const enabled = caller.organization.operations;
      requireAnyOperation(caller, sectionsByCategory[category].map((section) => operationOf(category, section)));
      const request = parseRequest(requestSchemas[category], body);
      const { sections, issues: includeIssues } = resolveSections(category, request.include, enabled);
      const createdAt = now();
      const { images, issues: imageIssues } = await gatherImages(request.images, caller.organization.id, uploads);
      const result = await engine.assess(images, sections);
      const stored = {
        id: randomUUID(),
        orgId: caller.organization.id,
        category,
        externalId: request.external_id ?? null,
        status: 'completed',
        summary: result.summary,
        catalogVersionId: result.catalogVersionId,
        createdAt,
        completedAt: now(),
        items: result.items,
        issues: [...includeIssues, ...imageIssues, ...result.issues].map((i) => ({
          code: i.code,
          severity: i.severity,
          message: i.message,
          section: i.section,
          imageIndex: i.image_index,
          itemIndex: i.item_index,
        })),
        images: images.map(({ index, sha256, format, width, height, filename }) => ({ imageIndex: index, sha256, format, width, height, filename })),
      };
      await repository.insert(stored);
      return toResponse(stored);
    },

    /** A stored assessment for its owning account; anyone else gets NOT_FOUND, as for an unknown id. */
    async get(caller: Caller, assessmentId: string): Promise<AssessmentResponse> {
      const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
      const stored = uuid.test(assessmentId) ? await repository.find(assessmentId.toLowerCase(), caller.organization.id) : null;
      if (!stored) throw new AssayError('NOT_FOUND', 'no such assessment');
      return toResponse(stored);
    },
  };
}

export type Assessments = ReturnType<typeof createAssessments>;
