export { sniffFormat } from './sniff-format.ts';
export { decodeBase64Strict } from './decode-base64.ts';
export { imageContentType } from './content-type.ts';
export { inspectImage, type ImageInfo, type InspectImageOptions } from './inspect-image.ts';
export { decodeImage, type DecodedImage, type DecodeImageOptions } from './decode-image.ts';
export {
  intakeBytes,
  intakeImage,
  type IntakenImage,
  type IntakeBytesOptions,
  type IntakeImageOptions,
} from './intake-image.ts';
export { isBlockedAddress } from './url/address-policy.ts';
export {
  fetchImageUrl,
  type FetchedImage,
  type FetchImageUrlOptions,
  type ResolvedAddress,
  type ResolveHost,
} from './url/fetch-image-url.ts';
export type { ImageStore } from './store/store.ts';
export { createFolderImageStore, type FolderImageStoreOptions } from './store/folder-image-store.ts';
export { createS3ImageStore, type S3ImageStoreOptions } from './store/s3-image-store.ts';
export { createImageStoreFromConfig, type ImageStoreConfig } from './store/create-image-store.ts';
