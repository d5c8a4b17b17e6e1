import { createFolderImageStore } from './folder-image-store.ts';
import { createS3ImageStore } from './s3-image-store.ts';
import type { ImageStore } from './store.ts';

/** The image store part of the service configuration (the shape @assay/config produces). */
export type ImageStoreConfig =
  | { kind: 'folder'; dir: string }
  | { kind: 's3'; bucket: string; prefix?: string; endpoint?: string | undefined; region?: string };

/**
 * Builds the configured adapter. S3 credentials come from the SDK's usual sources (AWS_ACCESS_KEY_ID
 * and friends); a custom endpoint means an S3-compatible server, which gets path-style addressing.
 */
export function createImageStoreFromConfig(config: ImageStoreConfig): ImageStore {
  if (config.kind === 'folder') return createFolderImageStore({ dir: config.dir });
  return createS3ImageStore({
    bucket: config.bucket,
    prefix: config.prefix,
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.endpoint !== undefined,
    setting: 'ASSAY_IMAGE_STORE',
  });
}
