import { z } from 'zod';

const filename = z.string().min(1).max(255);

export const base64ImageSchema = z
  .strictObject({
    filename: filename.describe('Name used to track the image in logs and results'),
    data: z.string().min(1).describe('Base64-encoded image bytes (standard alphabet; a data: URL prefix is accepted)'),
  })
  .meta({ id: 'Base64Image' });

export const urlImageSchema = z
  .strictObject({
    url: z.string().min(1).max(8192).describe('http:// or https:// URL of the image'),
    filename: filename.nullish().describe('Name to use for the download, e.g. for signed URLs'),
  })
  .meta({ id: 'UrlImage' });

export const refImageSchema = z
  .strictObject({
    image_ref: z.string().min(1).max(200).describe('Reference returned by POST /images, for the same account'),
  })
  .meta({ id: 'RefImage' });

export const imageInputSchema = z
  .union([base64ImageSchema, urlImageSchema, refImageSchema], {
    error: 'each image must have exactly one shape: {filename, data}, {url, filename?} or {image_ref}',
  })
  .meta({ id: 'ImageInput' });

export type Base64Image = z.infer<typeof base64ImageSchema>;
export type UrlImage = z.infer<typeof urlImageSchema>;
export type RefImage = z.infer<typeof refImageSchema>;
export type ImageInput = z.infer<typeof imageInputSchema>;
export type ImageInputKind = 'base64' | 'url' | 'image_ref';

export function imageInputKind(input: ImageInput): ImageInputKind {
  if ('image_ref' in input) return 'image_ref';
  if ('url' in input) return 'url';
  return 'base64';
}

/** POST /images accepts a URL or base64 shape as JSON (or a multipart file). */
export const uploadJsonRequestSchema = z
  .union([base64ImageSchema, urlImageSchema], {
    error: 'the body must be {filename, data} or {url, filename?}',
  })
  .meta({ id: 'ImageUploadRequest' });

export const imageUploadResultSchema = z
  .strictObject({
    image_ref: z.string().describe('Opaque reference, usable only by the account that uploaded the image'),
  })
  .meta({ id: 'ImageUploadResult' });
export type ImageUploadResult = z.infer<typeof imageUploadResultSchema>;
