import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

// Every place the AWS SDK's default chain finds credentials or a way to fetch them, besides the files.
const credentialVariables = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_CREDENTIAL_EXPIRATION',
  'AWS_PROFILE',
  'AWS_ROLE_ARN',
  'AWS_ROLE_SESSION_NAME',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN',
];

/**
 * Leaves the AWS SDK no credentials to find for the rest of the test (undo with `vi.unstubAllEnvs`):
 * no variables, no shared files (~/.aws of whoever runs the tests), and no EC2 instance metadata,
 * which the chain would otherwise ask last, over the network, at 169.254.169.254.
 */
export function hideMachineCredentials(): void {
  for (const name of credentialVariables) vi.stubEnv(name, undefined);
  const nowhere = `/nonexistent-assay-test-${randomBytes(4).toString('hex')}`;
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', `${nowhere}/credentials`);
  vi.stubEnv('AWS_CONFIG_FILE', `${nowhere}/config`);
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
}

export interface RefusingS3 {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that answers every request as S3 does when it refuses one: the status
 * and, but to HEAD requests (whose answers have no body), S3's XML error document naming `code`.
 * For refusals the S3 test peer cannot give: s3rver does not check signatures.
 */
export async function startRefusingS3(status: number, code: string, message: string): Promise<RefusingS3> {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const document = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${requestId}</RequestId><HostId>assay-test</HostId></Error>`;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': requestId });
      response.end(request.method === 'HEAD' ? undefined : document);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
