import { z } from 'zod';
import { problemContentType } from './problem.ts';

/*
 * The OpenAPI 3.1 document is generated from the zod schemas (every schema with a `meta({ id })` becomes
 * a component), so the published contract cannot drift from the validation the server runs.
 * docs/openapi.json is this document, committed; a test fails when the two differ.
 */

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string) => ({ 'application/json': { schema: ref(id) } });

const problemResponse = (description: string) => ({
  description,
  content: { [problemContentType]: { schema: ref('Problem') } },
});

const commonErrors = {
  '400': problemResponse('Invalid request (REQUEST_INVALID, REQUEST_MALFORMED_JSON, image errors)'),
  '401': problemResponse('Missing, malformed, unknown or revoked API key'),
  '403': problemResponse('The account has none of the operations this endpoint needs'),
  '413': problemResponse('Body over 50 MB or an image over 10 MB'),
  '415': problemResponse('Unsupported content type or image format'),
  '422': problemResponse('An image could not be fetched, decoded or resolved'),
};

function assessmentPath(category: string, requestId: string, responseId: string) {
  return {
    post: {
      operationId: `assess${category[0]!.toUpperCase()}${category.slice(1)}`,
      summary: `Assess ${category} from images`,
      security: [{ bearer: [] }],
      requestBody: { required: true, content: json(requestId) },
      responses: { '200': { description: 'Completed assessment', content: json(responseId) }, ...commonErrors },
    },
  };
}

export function buildOpenApiDocument(options: { version: string; paths?: readonly string[] }) {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, Record<string, unknown>> };
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }

  const allPaths: Record<string, unknown> = {
    '/images': {
      post: {
        operationId: 'uploadImage',
        summary: 'Upload one image in advance and get an image_ref',
        security: [{ bearer: [] }],
        requestBody: {
          required: true,
          content: {
            ...json('ImageUploadRequest'),
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
              },
            },
          },
        },
        responses: { '201': { description: 'Stored', content: json('ImageUploadResult') }, ...commonErrors },
      },
    },
    '/coins/assessments': assessmentPath('coins', 'CoinAssessmentRequest', 'CoinAssessmentResponse'),
    '/cards/assessments': assessmentPath('cards', 'CardAssessmentRequest', 'CardAssessmentResponse'),
    '/toys/assessments': assessmentPath('toys', 'ToyAssessmentRequest', 'ToyAssessmentResponse'),
    '/assessments/{assessment_id}': {
      get: {
        operationId: 'getAssessment',
        summary: 'A stored assessment of the calling account',
        security: [{ bearer: [] }],
        parameters: [{ name: 'assessment_id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        responses: {
          '200': {
            description: 'The assessment, as its POST answered it',
            content: {
              'application/json': {
                schema: { oneOf: ['CoinAssessmentResponse', 'CardAssessmentResponse', 'ToyAssessmentResponse'].map(ref) },
              },
            },
          },
          '401': commonErrors['401'],
          '404': problemResponse('No assessment with this id for this account (another account\'s is answered the same way)'),
        },
      },
    },
  };
  const paths = Object.fromEntries(
    Object.entries(allPaths).filter(([path]) => options.paths === undefined || options.paths.includes(path)),
  );

  return {
    openapi: '3.1.0',
    info: {
      title: 'Assay assessment service',
      version: options.version,
      description: 'Assesses coins, trading cards and toys from photos. See docs/api.md for the decisions behind this contract.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' } },
      schemas,
    },
    paths,
  };
}
