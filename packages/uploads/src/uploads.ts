import { randomBytes } from 'node:crypto';
import { AssayError, type Base64Image, type UrlImage } from '@assay/contract';
import type { ImagesRepository, StoredImage } from '@assay/db';
import { imageContentType, intakeBytes, intakeImage, type ImageStore, type IntakeImageOptions, type IntakenImage } from '@assay/images';

export interface UploadsDeps {
  store: ImageStore;
  repository: ImagesRepository;
  /** Lets URL images reach loopback and private networks (development and tests only). */
  allowPrivateUrls: boolean;
  /** How URL images are fetched: time limit, DNS resolver and address policy (defaults: the spec's). */
  urlFetch?: Pick<IntakeImageOptions, 'timeoutMs' | 'resolveHost' | 'addressPolicy'>;
}

/** A stored image resolved for its owner, with its bytes. */
export interface ResolvedImage extends StoredImage {
  bytes: Buffer;
}

/*
 * An image_ref is `img_` and 32 random bytes: unguessable, and meaningless without the row that
 * binds it to the uploading account. Bytes are stored once per content (sha256) however often uploaded.
 */
export function createUploads({ store, repository, allowPrivateUrls, urlFetch = {} }: UploadsDeps) {
  async function keep(orgId: string, image: IntakenImage): Promise<string> {
    const ref = `img_${randomBytes(32).toString('base64url')}`;
    await store.put(image.sha256, image.bytes, imageContentType(image.format));
    await repository.insert({
      ref,
      orgId,
      sha256: image.sha256,
      format: image.format,
      width: image.width,
      height: image.height,
      byteLength: image.byteLength,
      filename: image.filename,
    });
    return ref;
  }

  return {
    /** Validates an image sent inline with an assessment and stores its bytes (no ref is made). */
    async storeInput(input: Base64Image | UrlImage, index: number): Promise<IntakenImage> {
      const image = await intakeImage(input, { ...urlFetch, index, allowPrivate: allowPrivateUrls });
      await store.put(image.sha256, image.bytes, imageContentType(image.format));
      return image;
    },

    /** Validates and stores an image sent as JSON (URL or base64); returns its new ref. */
    async uploadInput(orgId: string, input: Base64Image | UrlImage, index = 0): Promise<string> {
      return keep(orgId, await intakeImage(input, { ...urlFetch, index, allowPrivate: allowPrivateUrls }));
    },

    /** Validates and stores raw bytes (a multipart file); returns its new ref. */
    async uploadBytes(orgId: string, bytes: Buffer, filename: string | null): Promise<string> {
      return keep(orgId, await intakeBytes(bytes, { filename, index: 0 }));
    },

    /** The image behind `ref` for `orgId`; unknown refs and other accounts' refs fail alike. */
    async resolve(orgId: string, ref: string, index = 0): Promise<ResolvedImage> {
      const unknown = new AssayError('IMAGE_REF_UNKNOWN', `image ${index}: unknown image_ref`, { context: { image_index: index } });
      const image = await repository.find(ref, orgId);
      if (!image) throw unknown;
      const bytes = await store.get(image.sha256);
      if (!bytes) {
        throw new AssayError('INTERNAL', `image ${index}: the stored bytes of an image_ref are missing`, {
          context: { image_index: index, sha256: image.sha256 },
        });
      }
      return { ...image, bytes };
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;
