import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AssayError, operations, parseRequest, uploadJsonRequestSchema, type ImageUploadResult } from '@assay/contract';
import { requireAnyOperation } from '@assay/accounts';
import type { ApiDeps } from '../app.ts';


export function registerImageRoutes(app: FastifyInstance, { accounts, uploads }: ApiDeps): void {
  app.post('/images', async (request, reply) => {
    const caller = await accounts.authenticate(request.headers.authorization);
    requireAnyOperation(caller, operations);
    const orgId = caller.organization.id;
    const imageRef = request.isMultipart()
      ? await uploadMultipart(request, (bytes, filename) => uploads.uploadBytes(orgId, bytes, filename))
      : await uploads.uploadInput(orgId, parseRequest(uploadJsonRequestSchema, request.body));
    request.log.info({ image_ref_prefix: imageRef.slice(0, 8) }, 'image stored');
    const result: ImageUploadResult = { image_ref: imageRef };
    return reply.status(201).send(result);
  });
}

async function uploadMultipart(
  request: FastifyRequest,
  upload: (bytes: Buffer, filename: string | null) => Promise<string>,
): Promise<string> {
  const { bytes, filename } = await readMultipartFile(request);
  return upload(bytes, filename);
}

/** The one file of a multipart body; the parser's own failures are malformed bodies, never our bugs. */
async function readMultipartFile(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string | null }> {
  try {
    const part = await request.file();
    if (!part) throw new AssayError('REQUEST_INVALID', 'the multipart body has no file field named "file"');
    if (part.fieldname !== 'file') {
      throw new AssayError('REQUEST_INVALID', `the multipart file field must be named "file", not "${part.fieldname}"`);
    }
    return { bytes: await part.toBuffer(), filename: part.filename || null };
  } catch (error) {
    const known = error instanceof AssayError || (error as { code?: string }).code?.startsWith('FST_');
    if (known) throw error;
    throw new AssayError('REQUEST_INVALID', `the multipart body is malformed: ${(error as Error).message}`, { cause: error });
  }
}
