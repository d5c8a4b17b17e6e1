import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { catalogEntries, catalogReferenceParts, catalogVersions } from '../schema/index.ts';

/**
 * Characters of a references document's JSON text per stored part. The embedded database
 * (PostgreSQL compiled to WebAssembly) keeps for good the most memory it ever used, so no query may
 * make it hold a whole document: the sample catalog's coin references are 10.6 MB as text. Stored as
 * one jsonb document and read a slice at a time, each read still decompressed the whole document, and
 * the database grew by 18 MB for the rest of the run; read part by part it holds one part at a time.
 * A part is one row and one query: 256 KB makes the coin references (9.9 MB as JSON text) 38 parts,
 * read in 39 queries (the last finds none) in 0.13–0.29 s in PGlite (three reads on this machine).
 */
const referencesPartChars = 1 << 18;

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
        for (const [category, references] of Object.entries(version.references)) {
          const text = JSON.stringify(references);
          // One part per INSERT, so the database never holds more than one at a time.
          for (let part = 0; part * referencesPartChars < Math.max(1, text.length); part++) {
            await tx.insert(catalogReferenceParts).values({ versionId, category, part, text: text.slice(part * referencesPartChars, (part + 1) * referencesPartChars) });
          }
        }
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
      const rows = await db
        .select({ category: catalogReferenceParts.category })
        .from(catalogReferenceParts)
        .where(and(eq(catalogReferenceParts.versionId, versionId), eq(catalogReferenceParts.part, 0)))
        .orderBy(catalogReferenceParts.category);
      return rows.map((row) => row.category);
    },

    /** A category's references as they were stored, or null: read one part per query (see referencesPartChars). */
    async references(versionId: number, category: string): Promise<unknown | null> {
      const parts: string[] = [];
      for (;;) {
        const [row] = await db
          .select({ text: catalogReferenceParts.text })
          .from(catalogReferenceParts)
          .where(and(eq(catalogReferenceParts.versionId, versionId), eq(catalogReferenceParts.category, category), eq(catalogReferenceParts.part, parts.length)));
        if (!row) break;
        parts.push(row.text);
      }
      return parts.length === 0 ? null : (JSON.parse(parts.join('')) as unknown);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
