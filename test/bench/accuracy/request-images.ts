import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AssessmentImage } from '@assay/assessment';
import { intakeBytes } from '@assay/images';

/** A generated request's photos as the engines receive them: read from `workDir`, through image intake. */
export async function requestImages(workDir: string, photos: readonly { file: string }[]): Promise<AssessmentImage[]> {
  const images: AssessmentImage[] = [];
  for (const [index, photo] of photos.entries()) {
    const bytes = await readFile(join(workDir, photo.file));
    const intake = await intakeBytes(bytes, { filename: photo.file, index });
    images.push({ index, bytes, sha256: intake.sha256, format: intake.format, width: intake.width, height: intake.height, filename: photo.file });
  }
  return images;
}
