import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { categories } from '@assay/contract';
import type { CatalogRepository, CatalogVersion } from '@assay/db';
import { loadCatalog, type LoadedCatalog } from './load-catalog.ts';

export interface ImportCatalogDeps {
  repository: CatalogRepository;
  /** Precomputes what the recognizers need from the reference images, per category (JSON). */
  computeReferences: (catalog: LoadedCatalog) => Promise<Record<string, unknown>>;
}

/**
 * Validates a catalog folder, precomputes its image features and stores it as a new version.
 * Nothing is stored unless all of it is valid.
 */
export async function importCatalog(dir: string, { repository, computeReferences }: ImportCatalogDeps): Promise<CatalogVersion> {
  const catalog = await loadCatalog(dir);
  const references = await computeReferences(catalog);
  const entries = categories.flatMap((category) =>
    catalog[category].map((entry) => ({ category, entryId: entry.id, manifest: entry as unknown })),
  );
  return repository.insertVersion({
    name: catalog.manifest.name,
    source: catalog.root,
    digest: await digestFolder(catalog.root),
    entries,
    references,
  });
}

/** SHA-256 over every file's relative path and content, in a stable order. */
export async function digestFolder(root: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await readFile(join(root, file)));
  }
  return hash.digest('hex');
}

/** The newest stored catalog version; on a database with none, `dir` is imported first. */
export async function latestOrImportCatalog(dir: string, deps: ImportCatalogDeps): Promise<{ version: CatalogVersion; imported: boolean }> {
  const latest = await deps.repository.latestVersion();
  if (latest) return { version: latest, imported: false };
  return { version: await importCatalog(dir, deps), imported: true };
}
