import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AssayError } from '@assay/contract';
import { assertSha256, type ImageStore } from './store.ts';

export interface FolderImageStoreOptions {
  dir: string;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

function unavailable(action: string, error: unknown): AssayError {
  return new AssayError('UNAVAILABLE', `the image folder could not ${action}`, { cause: error });
}

/**
 * Keeps images as files under `dir`, sharded as ab/cd/<sha256> so that no folder grows huge. The
 * content type is not kept: the bytes say what they are.
 */
export function createFolderImageStore(options: FolderImageStoreOptions): ImageStore {
  const { dir } = options;
  const pathOf = (sha256: string) => join(dir, sha256.slice(0, 2), sha256.slice(2, 4), sha256);

  async function has(sha256: string): Promise<boolean> {
    assertSha256(sha256);
    try {
      await access(pathOf(sha256));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw unavailable('be read', error);
    }
  }

  return {
    has,
    async put(sha256, bytes) {
      if (await has(sha256)) return;
      const target = pathOf(sha256);
      // Write then rename: a reader never sees half a file, and concurrent puts of the same image
      // each rename a complete copy over the other.
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await mkdir(join(dir, sha256.slice(0, 2), sha256.slice(2, 4)), { recursive: true });
        await writeFile(temp, bytes);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw unavailable('store an image', error);
      }
    },
    async get(sha256) {
      assertSha256(sha256);
      try {
        return await readFile(pathOf(sha256));
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable('be read', error);
      }
    },
    async ready() {
      try {
        await mkdir(dir, { recursive: true });
        await access(dir);
      } catch (error) {
        throw unavailable(`be created at ${dir}`, error);
      }
    },
    async close() {},
  };
}
