import pLimit from 'p-limit';
import { AssayError, issue, type ImageInput, type Issue } from '@assay/contract';
import type { IntakenImage } from '@assay/images';
import type { Uploads } from '@assay/uploads';

/** One request image, validated and stored, ready for the engine (an `EngineImage` and more). */
export interface AssessmentImage extends Omit<IntakenImage, 'byteLength'> {
  index: number;
}

// URL images download in parallel, a few at a time, so one request cannot open dozens of sockets.
const parallelIntake = 4;

/**
 * Resolves every image input of a request: refs to their stored images (for this account only),
 * base64 and URL images through the intake checks into the image store. An image whose bytes do
 * not decode becomes an IMAGE_UNDECODABLE issue while the others are assessed; when none decodes,
 * the request fails with that error. Every other image error fails the request, naming the image.
 */
export async function gatherImages(
  inputs: readonly ImageInput[],
  orgId: string,
  uploads: Uploads,
): Promise<{ images: AssessmentImage[]; issues: Issue[] }> {
  const limit = pLimit(parallelIntake);
  const settled = await Promise.allSettled(
    inputs.map((input, index) =>
      limit(async (): Promise<AssessmentImage> => {
        if ('image_ref' in input) {
          const { bytes, sha256, format, width, height, filename } = await uploads.resolve(orgId, input.image_ref, index);
          return { index, bytes, sha256, format, width, height, filename };
        }
        const { byteLength: _byteLength, ...image } = await uploads.storeInput(input, index);
        return { index, ...image };
      }),
    ),
  );

  const images: AssessmentImage[] = [];
  const issues: Issue[] = [];
  const undecodable: AssayError[] = [];
  for (const [index, outcome] of settled.entries()) {
    if (outcome.status === 'fulfilled') {
      images.push(outcome.value);
      continue;
    }
    const error = outcome.reason as unknown;
    if (error instanceof AssayError && error.code === 'IMAGE_UNDECODABLE') {
      undecodable.push(error);
      issues.push(issue('IMAGE_UNDECODABLE', `image ${index} could not be decoded and was not assessed`, { severity: 'error', imageIndex: index }));
      continue;
    }
    throw error;
  }
  if (images.length === 0 && undecodable[0]) throw undecodable[0];
  return { images, issues };
}
