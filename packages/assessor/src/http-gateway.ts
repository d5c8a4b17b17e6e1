import type { AssayClient } from '@assay/client';
import type { AssessmentGateway } from './gateway.ts';

/**
 * Any service that speaks the spec over HTTP. The API key decides the organization, so the event's
 * `org` is not sent: one assessor deployment works for the account its key belongs to.
 */
export function createHttpGateway(client: AssayClient): AssessmentGateway {
  return {
    upload: (_org, bytes, filename) => client.uploadImage(bytes, filename),
    assess: async (_org, category, request) => (await client.assess(category, request)) as Record<string, unknown>,
  };
}
