import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/*
 * The output folder of a drawn catalog (sample or held-out): emptied of what the writer owns, then
 * filled file by file, counting the files.
 */

export interface CatalogFolder {
  /** Writes a file at a path relative to the folder, making its parent folders. */
  write(relative: string, content: Buffer | string): Promise<void>;
  /** How many files have been written. */
  readonly files: number;
}

/** Removes `owned` (files and folders the writer regenerates) from `outDir`, keeping anything else. */
export async function openCatalogFolder(outDir: string, owned: readonly string[]): Promise<CatalogFolder> {
  for (const name of owned) await rm(join(outDir, name), { recursive: true, force: true });
  let files = 0;
  return {
    async write(relative, content) {
      await mkdir(dirname(join(outDir, relative)), { recursive: true });
      await writeFile(join(outDir, relative), content);
      files += 1;
    },
    get files() {
      return files;
    },
  };
}

/** JSON as the catalogs store it: two-space indent, a final newline. */
export const catalogJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
