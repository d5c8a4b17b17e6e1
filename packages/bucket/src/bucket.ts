/**
 * The bucket port: a flat namespace of objects under `/`-separated keys, read by ingest and written
 * by tests and tools. S3 (or MinIO) in production (`createS3Bucket`), a folder on one machine
 * (`createFolderBucket`); both pass the same conformance suite.
 *
 * Keys are relative to the adapter's root (the folder, or the S3 prefix). A valid key is 1-1024
 * UTF-8 bytes of non-empty segments, none of them `.` or `..`, without NUL or backslash; methods
 * taking a key throw RangeError for any other.
 */
export interface Bucket {
  /**
   * One page of the objects whose keys start with `options.prefix`, after `options.startAfter`,
   * in ascending order of the keys' UTF-8 bytes (S3's ListObjectsV2 order). While
   * `nextStartAfter` is defined there may be more: pass it as `startAfter` for the next page.
   * The cursor is just a key, so it is durable: store it, resume from it after a restart, share it
   * between adapters. Being a key, it never sees objects added later under smaller keys.
   * Objects whose keys are not valid keys (an S3 folder marker `a/`, say) are left out.
   * Read-only, so safe to repeat; a listing is not a snapshot when others write meanwhile.
   */
  list(options?: ListOptions): Promise<ObjectPage>;

  /**
   * The object's bytes and description, or null if there is no such object. With `maxBytes`, an
   * object over that size is refused with a non-retryable `IMAGE_TOO_LARGE` AssayError, without
   * being read beyond `maxBytes + 1` bytes. The returned `etag` is that of the bytes returned,
   * even if the object was replaced since it was listed.
   */
  get(key: string, options?: GetOptions): Promise<ObjectContent | null>;

  /**
   * The object's first `length` bytes (all of them when it is shorter) and its description, or null
   * if there is no such object: enough to tell a file's format without reading the rest. `size` and
   * `etag` describe the whole object, and `etag` is that of the object the bytes came from.
   */
  readStart(key: string, length: number): Promise<ObjectContent | null>;

  /** Stores an object, replacing any under the same key; readers see the old or the new bytes, never a mix. */
  put(key: string, bytes: Buffer | Uint8Array | string, options?: PutOptions): Promise<void>;

  /**
   * Resolves when the bucket can be read; rejects with an `UNAVAILABLE` AssayError otherwise. When
   * the adapter can tell why, the error's context names it as `reason` (see bucket-failure.ts), and
   * only a reason that passes by itself (`BUCKET_UNREACHABLE`) or none is retryable.
   */
  ready(): Promise<void>;

  /** Releases the adapter's connections. Idempotent. */
  close(): Promise<void>;
}

export interface BucketObject {
  key: string;
  /** Bytes. */
  size: number;
  /**
   * S3's entity tag without quotes: the hex MD5 of the content for objects stored in one part
   * (always so for a folder), `<hex>-<parts>` for multipart uploads. Changes when the content does.
   */
  etag: string;
  lastModified: Date;
}

export interface ObjectContent extends BucketObject {
  /** The content; from `readStart`, only its start. */
  bytes: Buffer;
}

export interface ListOptions {
  /** Only keys that start with this string (not necessarily at a `/`). */
  prefix?: string;
  /** Only keys after this one. */
  startAfter?: string;
  /** At most this many objects (1-1000, default 1000, S3's own limit). */
  pageSize?: number;
}

export interface ObjectPage {
  objects: BucketObject[];
  /** The key to continue after; undefined once the listing is complete. */
  nextStartAfter: string | undefined;
}

export interface GetOptions {
  /** Refuse objects larger than this many bytes. */
  maxBytes?: number;
}

export interface PutOptions {
  /** Kept by S3; a folder has nowhere to keep it. */
  contentType?: string;
}
