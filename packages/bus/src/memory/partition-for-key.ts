/**
 * FNV-1a over the key's UTF-8 bytes: stable across processes and releases, so a key keeps its
 * partition (and so its order) for as long as the partition count stays the same.
 */
export function partitionForKey(key: string, partitions: number): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % partitions;
}
