/** Limits from the spec, in one place. "MB" in the spec is read as decimal megabytes. */
export const limits = {
  /** Largest image, in bytes, after base64 decoding or download. */
  imageBytes: 10_000_000,
  /** Largest request body, in bytes. */
  bodyBytes: 50_000_000,
  /** A URL image must download completely within this time. */
  urlDownloadMs: 30_000,
  /** Redirects followed for one URL image, each re-checked. */
  urlMaxRedirects: 5,
  /** Largest decoded image, in pixels: a guard against decompression bombs (about 100 megapixels). */
  imagePixels: 100_000_000,
  /** Images per coin assessment. */
  coinImages: { min: 1, max: 20 },
  /** Images per card assessment: one card, front and back, plus close-ups. */
  cardImages: 10,
  /** Images per toy assessment. */
  toyImages: 20,
} as const;

export const imageFormats = ['jpeg', 'png', 'gif', 'bmp', 'tiff', 'webp', 'ico', 'heic', 'heif'] as const;
export type ImageFormat = (typeof imageFormats)[number];
