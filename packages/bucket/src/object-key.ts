const maxKeyBytes = 1024; // S3's limit

/** Why `key` is not a valid key (see `Bucket`), or undefined if it is one. */
function keyProblem(key: string): string | undefined {
  if (key === '') return 'it is empty';
  if (Buffer.byteLength(key, 'utf8') > maxKeyBytes) return `it is over ${maxKeyBytes} bytes`;
  if (key.includes('\u0000') || key.includes('\\')) return 'it contains NUL or a backslash';
  // Empty, "." and ".." segments mean nothing to S3 but would climb or collapse paths in a folder.
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return 'it has an empty, "." or ".." segment';
  return undefined;
}

export function isValidKey(key: string): boolean {
  return keyProblem(key) === undefined;
}

export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new RangeError(`invalid object key ${JSON.stringify(key)}: ${problem}`);
}

/** S3 lists keys in the order of their UTF-8 bytes, which differs from JavaScript's UTF-16 order. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
