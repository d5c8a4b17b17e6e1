import { and, eq } from 'drizzle-orm';
import { imageFormats, type ImageFormat } from '@assay/contract';
import type { Database } from '../client.ts';
import { images } from '../schema/index.ts';

export interface StoredImage {
  ref: string;
  orgId: string;
  sha256: string;
  format: ImageFormat;
  width: number;
  height: number;
  byteLength: number;
  filename: string | null;
}

export function createImagesRepository(db: Database) {
  return {
    async insert(image: StoredImage): Promise<void> {
      await db.insert(images).values(image);
    },

    /** The image behind `ref` if `orgId` uploaded it; another account's ref is simply not found. */
    async find(ref: string, orgId: string): Promise<StoredImage | null> {
      const [row] = await db
        .select()
        .from(images)
        .where(and(eq(images.ref, ref), eq(images.orgId, orgId)));
      if (!row || !(imageFormats as readonly string[]).includes(row.format)) return null;
      const { createdAt: _createdAt, ...image } = row;
      return { ...image, format: row.format as ImageFormat };
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
