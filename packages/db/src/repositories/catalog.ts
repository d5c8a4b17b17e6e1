import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { catalogEntries, catalogReferences, catalogVersions } from '../schema/index.ts';
import { selectRows } from './json-rows.ts';

/**
 * Stored size (PostgreSQL's, compressed) above which a references document is read in parts, and
 * about how much of it each part holds. Read whole, the sample catalog's coin references (4.5 MB
 * stored, 10.6 MB as text) made the embedded database (PostgreSQL compiled to WebAssembly, whose
 * memory only grows) build all that text at once, on top of the decompressed document: its memory
 * grew by 49 MB for good (`assay run` over 30 coin items peaked at 437 MB). Read in parts of 256 KB
 * (about four coin faces) it grows by the decompressed document and one part, 18 MB, and the first
 * coin waits about 1.5 s more (18 queries, each decompressing the document); 1 MB parts left 33 MB.
 */
const referencesPartBytes = 1 << 18;

/**
 * A jsonpath for the member `key` of the document's top level (quoted as a jsonpath string, whose
 * escapes are JSON's), then `rest`.
 */
const memberPath = (key: string, rest = '') => `$.${JSON.stringify(key)}${rest}`;

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

    /**
     * A category's references, or null. A large document (see referencesPartBytes) whose top level
     * is an object is read member by member, and its arrays a slice of elements at a time: the same
     * value, its members in the same order (a stored version never changes, so the several queries
     * read one document). Each query calls one function on the document, as each such call
     * decompresses the document anew.
     */
    async references(versionId: number, category: string): Promise<unknown | null> {
      const where = and(eq(catalogReferences.versionId, versionId), eq(catalogReferences.category, category));
      const document = catalogReferences.references;
      const one = async <T>(value: SQL<T>): Promise<T | undefined> => (await db.select({ value }).from(catalogReferences).where(where))[0]?.value;
      // pg_column_size reads the stored size without decompressing the document.
      const bytes = await one(sql<number>`pg_column_size(${document})`);
      if (bytes === undefined) return null;
      if (bytes <= referencesPartBytes || (await one(sql<string>`jsonb_typeof(${document})`)) !== 'object') return (await one(sql<unknown>`${document}`)) ?? null;
      const keys = (await selectRows<{ key: string }>(db, sql`select jsonb_object_keys(${document}) as key from ${catalogReferences} where ${where}`)).map((row) => row.key);
      // In lax mode `size()` is an array's length and 1 for anything else; `$.*` lists the members in key order.
      const sizes = (await one(sql<number[]>`jsonb_path_query_array(${document}, '$.*.size()')`))!;
      const perSlice = (length: number) => Math.max(1, Math.floor((length * referencesPartBytes) / bytes));
      const read: Record<string, unknown> = {};
      for (const [i, key] of keys.entries()) {
        const length = sizes[i]!;
        if (length <= 1) {
          read[key] = await one(sql<unknown>`jsonb_path_query_first(${document}, ${memberPath(key)}::jsonpath)`);
          continue;
        }
        const elements: unknown[] = [];
        for (let first = 0; first < length; first += perSlice(length)) {
          const last = Math.min(length, first + perSlice(length)) - 1;
          elements.push(...(await one(sql<unknown[]>`jsonb_path_query_array(${document}, ${memberPath(key, `[${first} to ${last}]`)}::jsonpath)`))!);
        }
        read[key] = elements;
      }
      return read;
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
