import { desc, eq, isNull, and } from 'drizzle-orm';
import { isOperation, type Operation } from '@assay/contract';
import type { Database } from '../client.ts';
import { apiKeys, organizations } from '../schema/index.ts';

export interface Organization {
  id: string;
  name: string;
  operations: Operation[];
}

export interface StoredApiKey {
  keyId: string;
  secretHash: string;
  revoked: boolean;
  organization: Organization;
}

export interface ApiKeyListing {
  keyId: string;
  orgName: string;
  operations: Operation[];
  createdAt: Date;
  revokedAt: Date | null;
}

// Operations are stored as text; anything no longer in the contract is dropped rather than trusted.
const knownOperations = (values: string[]): Operation[] => values.filter(isOperation);

export function createAccountsRepository(db: Database) {
  return {
    /** Creates the organization, or sets the enabled operations of the existing one of that name. */
    async upsertOrganization(name: string, operations: Operation[]): Promise<Organization> {
      const [row] = await db
        .insert(organizations)
        .values({ name, operations })
        .onConflictDoUpdate({ target: organizations.name, set: { operations } })
        .returning();
      return { id: row!.id, name: row!.name, operations: knownOperations(row!.operations) };
    },

    async findOrganization(name: string): Promise<Organization | null> {
      const [row] = await db.select().from(organizations).where(eq(organizations.name, name));
      return row ? { id: row.id, name: row.name, operations: knownOperations(row.operations) } : null;
    },

    async insertKey(key: { keyId: string; orgId: string; secretHash: string }): Promise<void> {
      await db.insert(apiKeys).values({ id: key.keyId, orgId: key.orgId, secretHash: key.secretHash });
    },

    async findKey(keyId: string): Promise<StoredApiKey | null> {
      const [row] = await db
        .select({ key: apiKeys, org: organizations })
        .from(apiKeys)
        .innerJoin(organizations, eq(apiKeys.orgId, organizations.id))
        .where(eq(apiKeys.id, keyId));
      if (!row) return null;
      return {
        keyId: row.key.id,
        secretHash: row.key.secretHash,
        revoked: row.key.revokedAt !== null,
        organization: { id: row.org.id, name: row.org.name, operations: knownOperations(row.org.operations) },
      };
    },

    /** Marks the key revoked; false when there is no such key or it was already revoked. */
    async revokeKey(keyId: string): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length > 0;
    },

    async listKeys(): Promise<ApiKeyListing[]> {
      const rows = await db
        .select({ key: apiKeys, org: organizations })
        .from(apiKeys)
        .innerJoin(organizations, eq(apiKeys.orgId, organizations.id))
        .orderBy(desc(apiKeys.createdAt));
      return rows.map(({ key, org }) => ({
        keyId: key.id,
        orgName: org.name,
        operations: knownOperations(org.operations),
        createdAt: key.createdAt,
        revokedAt: key.revokedAt,
      }));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
