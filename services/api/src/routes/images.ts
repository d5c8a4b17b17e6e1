import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AssayError, operations, uploadJsonRequestSchema, type ImageUploadResult } from '@assay/contract';
import { requireAnyOperation } from '@assay/accounts';
import type { ApiDeps } from '../app.ts';
import { parseBody } from '../validation.ts';

export function registerImageRoutes(app: FastifyInstance, { accounts, uploads }: ApiDeps): void {
  app.post('/images', async (request, reply) => {
    const caller = await accounts.authenticate(request.headers.authorization);
    requireAnyOperation(caller, operations);
    const orgId = caller.organization.id;
    const imageRef = request.isMultipart()
      ? await uploadMultipart(request, (bytes, filename) => uploads.uploadBytes(orgId, bytes, filename))
      : await uploads.uploadInput(orgId, parseBody(uploadJsonRequestSchema, request.body));
    request.log.info({ image_ref_prefix: imageRef.slice(0, 8) }, 'image stored');
    const result: ImageUploadResult = { image_ref: imageRef };
    return reply.status(201).send(result);
  });
}

async function uploadMultipart(
  request: FastifyRequest,
  upload: (bytes: Buffer, filename: string | null) => Promise<string>,
): Promise<string> {
  const part = await request.file();
  if (!part) throw new AssayError('REQUEST_INVALID', 'the multipart body has no file field named "file"');
  if (part.fieldname !== 'file') {
    throw new AssayError('REQUEST_INVALID', `the multipart file field must be named "file", not "${part.fieldname}"`);
  }
  return upload(await part.toBuffer(), part.filename || null);
}
