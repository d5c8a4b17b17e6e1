import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { z } from 'zod';
import { AssayError, categories, type Category } from '@assay/contract';
import {
  catalogManifestSchema,
  entrySchemas,
  type CardEntry,
  type CatalogManifest,
  type CoinEntry,
  type ToyEntry,
} from './manifest.ts';

export interface CatalogProblem {
  /** File the problem is in, relative to the catalog folder. */
  file: string;
  /** Field inside the file, dotted (`identity.name`), or empty for the whole file. */
  field: string;
  message: string;
}

export interface LoadedCatalog {
  /** Absolute path of the catalog folder. */
  root: string;
  manifest: CatalogManifest;
  cards: CardEntry[];
  coins: CoinEntry[];
  toys: ToyEntry[];
  /** Absolute path of a file named in an entry (relative to the entry's folder). */
  entryFile(category: Category, entryId: string, relativePath: string): string;
  /** Absolute path of a file named in catalog.json. */
  rootFile(relativePath: string): string;
}

/**
 * Reads and validates a catalog folder. Every problem is collected, so one run reports them all;
 * any problem fails the load with CATALOG_INVALID listing each as `file: field: message`.
 */
export async function loadCatalog(dir: string): Promise<LoadedCatalog> {
  const root = resolve(dir);
  const problems: CatalogProblem[] = [];
  const { parsed: manifest } = await readJson(root, 'catalog.json', catalogManifestSchema, problems);
  const entries = { cards: [] as CardEntry[], coins: [] as CoinEntry[], toys: [] as ToyEntry[] };

  for (const category of categories) {
    const folder = join(root, category);
    if (!existsSync(folder)) continue;
    const ids = (await readdir(folder, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    for (const id of ids) {
      const file = `${category}/${id}/entry.json`;
      const { raw, parsed } = await readJson(root, file, entrySchemas[category] as z.ZodType, problems);
      // Image files are checked even when other fields are wrong, so one run reports everything.
      for (const [field, path] of imagePaths(raw)) {
        if (isInside(path) && !existsSync(join(folder, id, path))) problems.push({ file, field, message: `no such file: ${category}/${id}/${path}` });
      }
      if (!parsed) continue;
      const { id: declared } = parsed as { id: string };
      if (declared !== id) problems.push({ file, field: 'id', message: `must equal the folder name "${id}"` });
      (entries[category] as unknown[]).push(parsed);
    }
  }

  if (manifest) {
    for (const [i, game] of manifest.card_games.entries()) {
      for (const [j, back] of game.backs.entries()) {
        if (!existsSync(join(root, back))) problems.push({ file: 'catalog.json', field: `card_games.${i}.backs.${j}`, message: `no such file: ${back}` });
      }
    }
    const games = new Set(manifest.card_games.map((g) => g.id));
    for (const card of entries.cards) {
      if (!games.has(card.game_id)) {
        problems.push({ file: `cards/${card.id}/entry.json`, field: 'game_id', message: `"${card.game_id}" is not in catalog.json card_games` });
      }
    }
  }

  if (problems.length > 0 || !manifest) {
    const lines = problems.map((p) => `${p.file}: ${p.field ? `${p.field}: ` : ''}${p.message}`);
    throw new AssayError('CATALOG_INVALID', `the catalog in ${root} has ${problems.length} problem(s):\n  ${lines.join('\n  ')}`, {
      context: { problems },
    });
  }
  return {
    root,
    manifest,
    ...entries,
    entryFile: (category, entryId, relativePath) => join(root, category, entryId, relativePath),
    rootFile: (relativePath) => join(root, relativePath),
  };
}

async function readJson<T>(
  root: string,
  file: string,
  schema: z.ZodType<T>,
  problems: CatalogProblem[],
): Promise<{ raw: unknown; parsed: T | undefined }> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(join(root, file), 'utf8'));
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    problems.push({ file, field: '', message: missing ? 'missing' : `not valid JSON: ${(error as Error).message}` });
    return { raw: undefined, parsed: undefined };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { raw, parsed: parsed.data };
  for (const issue of parsed.error.issues) problems.push({ file, field: issue.path.map(String).join('.'), message: issue.message });
  return { raw, parsed: undefined };
}

/** Every image path an entry names (valid or not), with the field that names it. */
function imagePaths(entry: unknown): [string, string][] {
  const images = (entry as { images?: unknown } | undefined)?.images;
  if (typeof images !== 'object' || images === null) return [];
  return Object.entries(images).flatMap(([key, value]): [string, string][] => {
    if (typeof value === 'string') return [[`images.${key}`, value]];
    if (Array.isArray(value)) return value.filter((p) => typeof p === 'string').map((path, i): [string, string] => [`images.${key}.${i}`, path]);
    return [];
  });
}

/** Paths that leave the catalog are reported by the schema; they are never looked up on disk. */
function isInside(path: string): boolean {
  return !path.startsWith('/') && !path.split(/[\\/]/).includes('..');
}
