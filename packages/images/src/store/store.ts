/**
 * Where accepted images live, addressed by content: the key is the hex SHA-256 of the bytes, so the
 * same image stored twice is one object and a key always names the same bytes.
 */
export interface ImageStore {
  /**
   * Stores the bytes under their SHA-256 (which the caller computed). Idempotent: storing a key
   * that exists succeeds without change. When it resolves, get() and has() see the image.
   */
  put(sha256: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(sha256: string): Promise<Buffer | null>;
  /** Whether an image is stored under the key. */
  has(sha256: string): Promise<boolean>;
  /** Resolves once the store can be used (the folder exists, the bucket answers); rejects otherwise. */
  ready(): Promise<void>;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

const sha256Pattern = /^[0-9a-f]{64}$/;

/** Keys become file names and object keys: only exact lowercase hex digests may reach them. */
export function assertSha256(key: string): void {
  if (!sha256Pattern.test(key)) throw new RangeError('an image store key must be a lowercase hex SHA-256');
}
