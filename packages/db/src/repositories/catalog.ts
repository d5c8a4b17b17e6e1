import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { catalogEntries, catalogReferences, catalogVersions } from '../schema/index.ts';

export interface CatalogVersion {
  id: number;
  name: string;
  source: string;
  digest: string;
  entryCounts: Record<string, number>;
  createdAt: Date;
}

export interface NewCatalogVersion {
  name: string;
  source: string;
  digest: string;
  entries: { category: string; entryId: string; manifest: unknown }[];
  /** Recognizer references per category. */
  references: Record<string, unknown>;
}

export function createCatalogRepository(db: Database) {
  return {
    /** Stores a whole catalog as a new version, atomically: readers see all of it or none. */
    async insertVersion(version: NewCatalogVersion): Promise<CatalogVersion> {
      const entryCounts: Record<string, number> = {};
      for (const entry of version.entries) entryCounts[entry.category] = (entryCounts[entry.category] ?? 0) + 1;
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(catalogVersions)
          .values({ name: version.name, source: version.source, digest: version.digest, entryCounts })
          .returning();
        const versionId = row!.id;
        // Batches keep each INSERT well under PostgreSQL's parameter limit.
        for (let i = 0; i < version.entries.length; i += 500) {
          await tx.insert(catalogEntries).values(version.entries.slice(i, i + 500).map((entry) => ({ versionId, ...entry })));
        }
        const references = Object.entries(version.references).map(([category, refs]) => ({ versionId, category, references: refs }));
        if (references.length > 0) await tx.insert(catalogReferences).values(references);
        return row!;
      });
    },

    async latestVersion(): Promise<CatalogVersion | null> {
      const [row] = await db.select().from(catalogVersions).orderBy(desc(catalogVersions.id)).limit(1);
      return row ?? null;
    },

    async listVersions(): Promise<CatalogVersion[]> {
      return db.select().from(catalogVersions).orderBy(desc(catalogVersions.id));
    },

    async entries(versionId: number, category: string): Promise<{ entryId: string; manifest: unknown }[]> {
      return db
        .select({ entryId: catalogEntries.entryId, manifest: catalogEntries.manifest })
        .from(catalogEntries)
        .where(and(eq(catalogEntries.versionId, versionId), eq(catalogEntries.category, category)))
        .orderBy(catalogEntries.entryId);
    },

    /** The categories a version holds references for, without reading them (they can be large). */
    async referenceCategories(versionId: number): Promise<string[]> {
      const rows = await db.select({ category: catalogReferences.category }).from(catalogReferences).where(eq(catalogReferences.versionId, versionId));
      return rows.map((row) => row.category);
    },

    async references(versionId: number, category: string): Promise<unknown | null> {
      const [row] = await db
        .select({ references: catalogReferences.references })
        .from(catalogReferences)
        .where(and(eq(catalogReferences.versionId, versionId), eq(catalogReferences.category, category)));
      return row?.references ?? null;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
