import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AssayError, isAssayError } from '@assay/contract';
import type { Bucket, BucketObject, ObjectContent } from '../bucket.ts';
import { assertLength, assertMaxBytes, pageSizeOf } from '../limits.ts';
import { assertValidKey } from '../object-key.ts';
import { readCapped } from '../read-capped.ts';
import { objectTooLarge } from '../too-large.ts';
import { FileDescriber, isGone } from './describe-file.ts';
import { tempFilePrefix, walkKeys } from './walk-keys.ts';

export interface FolderBucketOptions {
  /** The folder whose files are the objects; keys are paths relative to it. */
  root: string;
}

/** Files hashed at once while listing: enough to overlap I/O, few enough to spare the disk. */
const hashConcurrency = 8;

// A file where a folder should be, or the reverse: S3 allows both "a" and "a/b", a folder cannot.
const conflicts = new Set(['EISDIR', 'ENOTDIR', 'ENOTEMPTY', 'EEXIST']);

function unavailable(root: string, action: string, error: unknown): AssayError {
  const retryable = !conflicts.has((error as NodeJS.ErrnoException).code ?? '');
  return new AssayError('UNAVAILABLE', `the bucket folder ${root} could not ${action}`, { retryable, context: { root }, cause: error });
}

/**
 * A bucket kept as files in a folder, for the one-machine setup and for tests. Only regular files
 * are objects. Symbolic links below the root are never followed, so no key reaches outside it; the
 * root itself may be a link.
 */
export function createFolderBucket(options: FolderBucketOptions): Bucket {
  const root = resolve(options.root);
  const describer = new FileDescriber();
  const pathOf = (key: string) => join(root, ...key.split('/'));

  /** Whether the open file really is `root/key`, reached without any link on the way. */
  async function isInside(key: string, handleIno: number, handleDev: number): Promise<boolean> {
    const path = pathOf(key);
    const [real, expected] = await Promise.all([realpath(path), realpath(root).then((realRoot) => join(realRoot, ...key.split('/')))]);
    if (real !== expected) return false;
    // The file we opened must be the one that path names now, not one swapped in meanwhile.
    const current = await stat(real);
    return current.ino === handleIno && current.dev === handleDev;
  }

  /**
   * Opens the file of `key` (through no link, and still the one its path names) and reads it with
   * `read`; null when there is no such file, the bucket's UNAVAILABLE when it cannot be read.
   */
  async function withFile(key: string, read: (handle: FileHandle, stats: Stats) => Promise<ObjectContent | null>): Promise<ObjectContent | null> {
    let handle;
    try {
      handle = await open(pathOf(key), constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (error) {
      if (isGone(error)) return null;
      throw unavailable(root, `read ${key}`, error);
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile() || !(await isInside(key, stats.ino, stats.dev))) return null;
      return await read(handle, stats);
    } catch (error) {
      if (isAssayError(error)) throw error;
      if (isGone(error)) return null;
      throw unavailable(root, `read ${key}`, error);
    } finally {
      await handle.close();
    }
  }

  /** Creates the key's folders one by one, refusing to pass through a symbolic link. */
  async function ensureFolders(key: string): Promise<string> {
    let folder = root;
    for (const segment of key.split('/').slice(0, -1)) {
      folder = join(folder, segment);
      await mkdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      const stats = await lstat(folder);
      if (stats.isSymbolicLink()) throw new RangeError(`object key ${JSON.stringify(key)} leads through a symbolic link`);
      if (!stats.isDirectory()) throw Object.assign(new Error(`${folder} is a file, so it cannot hold ${key}`), { code: 'ENOTDIR' });
    }
    return folder;
  }

  return {
    async list(listOptions = {}) {
      const pageSize = pageSizeOf(listOptions);
      const keys: string[] = [];
      try {
        for await (const key of walkKeys(root, { prefix: listOptions.prefix ?? '', startAfter: listOptions.startAfter ?? '' })) {
          keys.push(key);
          if (keys.length > pageSize) break; // one more than a page tells whether there are more
        }
        const page = keys.slice(0, pageSize);
        const objects: (BucketObject | undefined)[] = [];
        for (let i = 0; i < page.length; i += hashConcurrency) {
          objects.push(...(await Promise.all(page.slice(i, i + hashConcurrency).map((key) => describer.describe(key, pathOf(key))))));
        }
        return {
          objects: objects.filter((object): object is BucketObject => object !== undefined),
          nextStartAfter: keys.length > pageSize ? page.at(-1) : undefined,
        };
      } catch (error) {
        throw unavailable(root, 'be listed', error);
      }
    },

    async get(key, getOptions = {}) {
      assertValidKey(key);
      const { maxBytes } = getOptions;
      assertMaxBytes(maxBytes);
      return withFile(key, async (handle, stats) => {
        if (maxBytes !== undefined && stats.size > maxBytes) throw objectTooLarge(key, stats.size, maxBytes);
        const bytes = await readCapped(handle.createReadStream({ autoClose: false, start: 0 }), key, maxBytes);
        return { key, size: bytes.length, etag: createHash('md5').update(bytes).digest('hex'), lastModified: stats.mtime, bytes };
      });
    },

    async readStart(key, length) {
      assertValidKey(key);
      assertLength(length);
      return withFile(key, async (handle) => {
        const object = await describer.describeOpen(key, pathOf(key), handle);
        if (!object) return null;
        const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(Math.min(length, object.size)), position: 0 });
        return { ...object, bytes: buffer.subarray(0, bytesRead) };
      });
    },

    async put(key, bytes) {
      assertValidKey(key);
      let temp: string | undefined;
      try {
        const folder = await ensureFolders(key);
        // Written aside, then renamed over the target: readers see the old or the new file, whole.
        temp = join(folder, `${tempFilePrefix}${randomBytes(6).toString('hex')}`);
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, pathOf(key));
      } catch (error) {
        if (temp !== undefined) await rm(temp, { force: true });
        if (error instanceof RangeError) throw error;
        throw unavailable(root, `store ${key}`, error);
      }
    },

    async ready() {
      try {
        if (!(await stat(root)).isDirectory()) throw new Error(`${root} is not a folder`);
      } catch (error) {
        throw unavailable(root, 'be found', error);
      }
    },

    async close() {},
  };
}
