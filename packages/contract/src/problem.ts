import { z } from 'zod';
import { errorCodes } from './errors.ts';

/** RFC 9457 problem details, as every error response of the API carries them. */
export const problemSchema = z
  .object({
    type: z.string().describe('URI naming the problem type: https://assay.dev/problems/<code in kebab case>'),
    title: z.string(),
    status: z.int().min(400).max(599),
    detail: z.string(),
    code: z.enum(errorCodes).describe('Stable machine-readable code'),
    instance: z.string().optional().describe('The request path'),
    request_id: z.string().describe('Also sent as the x-request-id header'),
    errors: z
      .array(z.strictObject({ path: z.string(), message: z.string() }))
      .optional()
      .describe('For REQUEST_INVALID: each field that failed validation'),
    image_index: z.int().min(0).optional().describe('For image errors: index of the image concerned'),
  })
  .meta({ id: 'Problem' });

export type Problem = z.infer<typeof problemSchema>;

export const problemContentType = 'application/problem+json';

export function problemTypeUri(code: string): string {
  return `https://assay.dev/problems/${code.toLowerCase().replaceAll('_', '-')}`;
}
