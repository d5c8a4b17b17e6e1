import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * An API key reads `assay_<key id>_<secret>`: the key id (16 hex characters) is public and names the
 * key in listings and revocation; the secret (43 base64url characters, 256 random bits) is shown
 * once and stored only as its SHA-256. A slow password hash would add nothing here: the secret is
 * random, not chosen by a person, so it cannot be guessed from its hash.
 */
const keyPattern = /^assay_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export interface ParsedApiKey {
  keyId: string;
  secret: string;
}

export function generateApiKey(): { apiKey: string; keyId: string; secretHash: string } {
  const keyId = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { apiKey: `assay_${keyId}_${secret}`, keyId, secretHash: hashSecret(secret) };
}

export function parseApiKey(token: string): ParsedApiKey | null {
  const match = keyPattern.exec(token);
  return match ? { keyId: match[1]!, secret: match[2]! } : null;
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares a presented secret with a stored hash in time that does not depend on where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
