import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app.ts';

/** One POST endpoint per category the deployment serves, and GET /assessments/{id} for stored results. */
export function registerAssessmentRoutes(app: FastifyInstance, { accounts, assessments }: ApiDeps): void {
  for (const category of assessments.categories) {
    app.post(`/${category}/assessments`, async (request, reply) => {
      const caller = await accounts.authenticate(request.headers.authorization);
      const response = await assessments.assess(category, caller, request.body);
      request.log.info({ assessment_id: response.assessment_id, category, issues: response.issues.length }, 'assessment completed');
      return reply.status(200).send(response);
    });
  }

  app.get<{ Params: { assessment_id: string } }>('/assessments/:assessment_id', async (request) => {
    const caller = await accounts.authenticate(request.headers.authorization);
    return assessments.get(caller, request.params.assessment_id);
  });
}
