import { AssayError, isOperation, operations as allOperations, type Operation } from '@assay/contract';
import type { AccountsRepository, ApiKeyListing, Organization } from '@assay/db';
import { generateApiKey, hashSecret, parseApiKey, secretMatches } from './api-key.ts';
import type { RateLimiter } from './rate-limiter.ts';

export interface Caller {
  keyId: string;
  organization: Organization;
}

export interface CreatedKey {
  apiKey: string;
  keyId: string;
  organization: Organization;
}

// Compared against when the key id is unknown, so unknown and wrong keys cost the same time.
const decoyHash = hashSecret('decoy');

export interface AccountsOptions {
  /** Limits each key's requests; without it, keys are not limited. */
  rateLimiter?: RateLimiter;
}

export function createAccounts(repository: AccountsRepository, options: AccountsOptions = {}) {
  return {
    /** Creates the organization if needed (its enabled operations become `operations`) and a new key for it. */
    async createKey(orgName: string, operations: readonly string[]): Promise<CreatedKey> {
      const name = orgName.trim();
      if (name.length === 0 || name.length > 200) {
        throw new AssayError('REQUEST_INVALID', 'the organization name must be 1 to 200 characters');
      }
      const unknown = operations.filter((op) => !isOperation(op));
      if (unknown.length > 0 || operations.length === 0) {
        throw new AssayError(
          'REQUEST_INVALID',
          `operations must be one or more of ${allOperations.join(', ')}${unknown.length ? `; unknown: ${unknown.join(', ')}` : ''}`,
          { context: { unknown } },
        );
      }
      const enabled = [...new Set(operations)] as Operation[];
      const organization = await repository.upsertOrganization(name, enabled);
      const key = generateApiKey();
      await repository.insertKey({ keyId: key.keyId, orgId: organization.id, secretHash: key.secretHash });
      return { apiKey: key.apiKey, keyId: key.keyId, organization };
    },

    async revokeKey(keyId: string): Promise<boolean> {
      return repository.revokeKey(keyId);
    },

    async listKeys(): Promise<ApiKeyListing[]> {
      return repository.listKeys();
    },

    /**
     * Resolves an `Authorization` header to the calling account. Missing → AUTH_TOKEN_MISSING;
     * malformed, unknown, wrong or revoked → AUTH_TOKEN_INVALID, all alike so a caller learns nothing.
     * A key over its rate limit → RATE_LIMITED.
     */
    async authenticate(authorization: string | undefined): Promise<Caller> {
      if (authorization === undefined || authorization.trim() === '') {
        throw new AssayError('AUTH_TOKEN_MISSING', 'send the header Authorization: Bearer <API key>');
      }
      const invalid = new AssayError('AUTH_TOKEN_INVALID', 'the API key is malformed, unknown or revoked');
      const match = /^Bearer +(\S+) *$/i.exec(authorization);
      const parsed = match ? parseApiKey(match[1]!) : null;
      if (!parsed) throw invalid;
      const stored = await repository.findKey(parsed.keyId);
      const matches = secretMatches(parsed.secret, stored?.secretHash ?? decoyHash);
      if (!stored || !matches || stored.revoked) throw invalid;
      options.rateLimiter?.take(stored.keyId);
      return { keyId: stored.keyId, organization: stored.organization };
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;

/** 403 unless the caller's account has at least one of `needed`. */
export function requireAnyOperation(caller: Caller, needed: readonly Operation[]): void {
  if (!needed.some((op) => caller.organization.operations.includes(op))) {
    throw new AssayError('OPERATION_NOT_ENABLED', `this account has none of the operations this endpoint needs: ${needed.join(', ')}`, {
      context: { needed },
    });
  }
}
