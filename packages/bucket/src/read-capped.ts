import { objectTooLarge } from './too-large.ts';

/**
 * Collects a body, refusing it as soon as it passes `maxBytes`: a size announced up front can be
 * wrong or change under us (a file being rewritten), so the count is what decides.
 */
export async function readCapped(body: AsyncIterable<Uint8Array>, key: string, maxBytes: number | undefined): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (maxBytes !== undefined && total > maxBytes) throw objectTooLarge(key, undefined, maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** The first `length` bytes of a body (fewer if it ends sooner); the rest is not waited for. */
export async function readFirst(body: AsyncIterable<Uint8Array>, length: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    total += chunk.byteLength;
    if (total >= length) break;
  }
  return Buffer.concat(chunks, total).subarray(0, length);
}
