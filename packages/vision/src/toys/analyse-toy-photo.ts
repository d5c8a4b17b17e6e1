import sharp from 'sharp';
import type { PhotoQualityMetrics } from '../analyse-card-photo.ts';
import type { RgbImage } from '../image/raster.ts';
import { loadPhoto } from '../image/load-photo.ts';
import type { LabelImage } from '../ocr/label-reader.ts';
import { blockiness } from '../quality/blockiness.ts';
import { sharpness } from '../quality/sharpness.ts';
import { locateObjects } from './locate-objects.ts';
import { objectFeatures, type ToyFeatures } from './object-features.ts';

/** Long side of the copy objects are located and described on. */
export const toyWorkSide = 320;
/** Objects reported per photo, largest first: the subject, a second toy, then clutter. */
const maxObjects = 4;

export interface ToyPhotoObject {
  /** Bounding box in original-photo pixels: left, top, right, bottom. */
  box: [number, number, number, number];
  /** Share of the photo the object covers. */
  area: number;
  features: ToyFeatures;
}

/** What one photo shows of the objects on the table, before matching. Structured-clone safe. */
export interface ToyPhotoAnalysis {
  /** Objects found, largest first (empty: nothing stands out from the table). */
  objects: ToyPhotoObject[];
  /** Quality of the largest object's view (the `card*` metrics are the object's). */
  quality: PhotoQualityMetrics | null;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/** Decode → locate objects on the table → describe each; quality from the largest. */
export async function analyseToyPhoto(bytes: Buffer): Promise<ToyPhotoAnalysis> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round((now - t) * 10) / 10;
    t = now;
  };
  const photo = await loadPhoto(bytes, { workSide: toyWorkSide, maxSide: 1600 });
  lap('decode');
  const located = locateObjects(photo.work).slice(0, maxObjects);
  lap('locate');
  const toOriginal = (photo.original.width / photo.work.width);
  const objects = located.map((o) => ({
    box: o.box.map((v) => Math.round(v * toOriginal)) as ToyPhotoObject['box'],
    area: Math.round(o.area * 10_000) / 10_000,
    features: objectFeatures(photo.work, o),
  }));
  lap('features');
  const main = located[0];
  const quality = main ? qualityOf(photo.full, photo.scale, main.box, photo.original) : null;
  lap('quality');
  return { objects, quality, timings };
}

/** The card engine's quality metrics, measured on the object's box instead of a card. */
function qualityOf(full: RgbImage, scale: number, box: [number, number, number, number], original: { width: number; height: number }): PhotoQualityMetrics {
  const [x0, y0, x1, y1] = box.map((v) => Math.round(v * scale));
  const crop = cropRgb(full, x0!, y0!, x1!, y1!);
  const toOriginal = original.width / full.width;
  const short = Math.min(x1! - x0!, y1! - y0!);
  // A box flush with the photo's edge is an object running past it.
  const touching = [x0! <= 1, y0! <= 1, x1! >= full.width - 1, y1! >= full.height - 1].filter(Boolean).length;
  return {
    sharpness: sharpness(crop, 0),
    cardShortSide: short * toOriginal,
    areaShare: ((x1! - x0!) * (y1! - y0!)) / (full.width * full.height),
    cutOff: touching > 0 ? 0.05 * touching : 0,
    blockiness: blockiness(full),
    width: original.width,
    height: original.height,
  };
}

function cropRgb(image: RgbImage, x0: number, y0: number, x1: number, y1: number): RgbImage {
  const width = Math.max(1, Math.min(image.width, x1) - Math.max(0, x0));
  const height = Math.max(1, Math.min(image.height, y1) - Math.max(0, y0));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const from = ((y + Math.max(0, y0)) * image.width + Math.max(0, x0)) * 3;
    data.set(image.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { width, height, data };
}

/**
 * The photo's text, ready for OCR: the box (or the whole photo) in grayscale, dark print on a light
 * ground (a plate lighter than its lettering is inverted: moulded marks on dark plastic), ~1000 px wide.
 */
export async function textCrop(bytes: Buffer, box: [number, number, number, number] | null): Promise<LabelImage> {
  let image = sharp(bytes, { autoOrient: true, failOn: 'none' });
  const meta = await image.metadata();
  const [w, h] = [meta.autoOrient.width, meta.autoOrient.height];
  if (box) {
    const pad = Math.round(0.03 * Math.max(w, h));
    const left = Math.max(0, box[0] - pad);
    const top = Math.max(0, box[1] - pad);
    image = image.extract({ left, top, width: Math.min(w, box[2] + pad) - left, height: Math.min(h, box[3] + pad) - top });
  }
  const { data, info } = await image.resize({ width: 1000, withoutEnlargement: false }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const gray = new Uint8Array(data);
  // The plate is most of the crop: its median says whether the lettering is darker or lighter.
  const histogram = new Uint32Array(256);
  for (const v of gray) histogram[v]!++;
  let seen = 0;
  let median = 0;
  while (median < 255 && (seen += histogram[median]!) < gray.length / 2) median++;
  if (median < 110) for (let i = 0; i < gray.length; i++) gray[i] = 255 - gray[i]!;
  return { width: info.width, height: info.height, data: gray };
}
