import sharp from 'sharp';
import { blockiness, loadPhoto, luma, sharpness, stopwatch, type PhotoQualityMetrics, type RgbImage, type TextImage } from '@assay/pixels';
import { locateObjects } from './locate/locate-objects.ts';
import { objectFeatures, type ToyFeatures } from './identify/object-features.ts';

/** Long side of the copy objects are located and described on. */
export const toyWorkSide = 320;
/** Objects reported per photo, largest first: the subject, a second toy, then clutter. */
const maxObjects = 4;
/** Longest side the full-resolution copy is kept at; hand-set when written (f2a2c6d). */
const maxFullSide = 1600;
/** Focus is judged on at most twice this many pixels square of the box's middle (453b528: focus judged on the middle of the box). */
const focusHalf = 200;

// Text crops for OCR: set with plates levelled and binarised against the local mean (80d622d), by
// hand on generator photos; the effect of each alone was not measured.
/** Background kept round the object's box, as a share of the photo's long side. */
const textPad = 0.02;
/** Tilts between these (degrees) are levelled; smaller ones are left, larger ones are no tilt. */
const minTilt = 1;
const maxTilt = 30;
/** Width text is read at: 700 px when the label reader took a width (a4516f4), 800 since one OCR reader served cards and toys (f598303). */
const textWidth = 800;
/** The local mean is a blur of the crop's width over this. */
const localMeanDivisor = 40;
/** A crop whose middle's median grey is under this is a dark plate carrying light lettering. */
const darkPlate = 110;
/** A letter-sized blob: at most this share of the crop each way, at least this many pixels, at most this tall for its width and this wide for its height. */
const maxLetterShare = 0.3;
const minLetterPixels = 20;
const maxLetterTall = 7;
const maxLetterWide = 8;
/** The crop's middle (for the plate's polarity): rows and columns between these shares. */
const middleTop = 0.3;
const middleBottom = 0.7;
const middleLeft = 0.2;
const middleRight = 0.8;

export interface ToyPhotoObject {
  /** Bounding box in original-photo pixels: left, top, right, bottom. */
  box: [number, number, number, number];
  /** Share of the photo the object covers. */
  area: number;
  /** Turn of the object's long axis from horizontal, degrees clockwise (−90..90): levels a plate of text for OCR. */
  angle: number;
  /** Share of its bounding box the object covers: near 1 for a plate, label or box, less for most toys. */
  fill: number;
  features: ToyFeatures;
  /** Mean luminance (0..255) of the object's pixels: with a matched reference, shows shadow and glare (see toyExposure). */
  luma: number;
  /** Features of other readings of the object's extent (its cast shadow trimmed, touching clutter cut loose); matching takes the best. */
  variants: ToyFeatures[];
}

/** What one photo shows of the objects on the table, before matching. Structured-clone safe. */
export interface ToyPhotoAnalysis {
  /** Objects found, largest first (empty: nothing stands out from the table). */
  objects: ToyPhotoObject[];
  /** Quality of the largest object's view (`cutOff` is its edge contact, see toyQualityIssues). */
  quality: PhotoQualityMetrics | null;
  /** Milliseconds per stage. */
  timings: Record<string, number>;
}

/** Decode → locate objects on the table → describe each; quality from the largest. */
export async function analyseToyPhoto(bytes: Buffer): Promise<ToyPhotoAnalysis> {
  const { timings, lap } = stopwatch();
  const photo = await loadPhoto(bytes, { workSide: toyWorkSide, maxSide: maxFullSide });
  lap('decode');
  const located = locateObjects(photo.work).slice(0, maxObjects);
  lap('locate');
  const toOriginal = (photo.original.width / photo.work.width);
  const objects = located.map((o) => ({
    box: o.box.map((v) => Math.round(v * toOriginal)) as ToyPhotoObject['box'],
    area: Math.round(o.area * 10_000) / 10_000,
    angle: Math.round(principalAngle(o) * 10) / 10,
    fill: Math.round((o.mask.reduce((n, v) => n + v, 0) / o.mask.length) * 100) / 100,
    features: objectFeatures(photo.work, o),
    luma: Math.round(meanLuma(photo.work, o)),
    variants: (o.alternatives ?? []).map((a) => objectFeatures(photo.work, a)),
  }));
  lap('features');
  const main = located[0];
  const quality = main ? { ...qualityOf(photo.full, photo.scale, main.box, photo.original), cutOff: edgeContact(main, photo.work.width, photo.work.height) } : null;
  lap('quality');
  return { objects, quality, timings };
}

/** The photo-quality metrics, measured on the object's box. */
function qualityOf(full: RgbImage, scale: number, box: [number, number, number, number], original: { width: number; height: number }): PhotoQualityMetrics {
  const [x0, y0, x1, y1] = box.map((v) => Math.round(v * scale));
  // Focus is judged on the middle of the box, at most 400 px square: the toy is there, and it is cheap.
  const [cx, cy] = [(x0! + x1!) / 2, (y0! + y1!) / 2];
  const [hw, hh] = [Math.min(focusHalf, (x1! - x0!) / 2), Math.min(focusHalf, (y1! - y0!) / 2)];
  const crop = cropRgb(full, Math.round(cx - hw), Math.round(cy - hh), Math.round(cx + hw), Math.round(cy + hh));
  const toOriginal = original.width / full.width;
  const short = Math.min(x1! - x0!, y1! - y0!);
  return {
    sharpness: sharpness(crop, 0),
    shortSide: short * toOriginal,
    areaShare: ((x1! - x0!) * (y1! - y0!)) / (full.width * full.height),
    cutOff: 0,
    blockiness: blockiness(full),
    width: original.width,
    height: original.height,
  };
}

/**
 * How far the object runs along the photo's edge: per side, the share of the box's extent along it
 * where the object touches the outermost pixel row or column; the largest side. A toy merely near
 * the edge, or a corner grazing it, stays near 0.
 */
function edgeContact({ box, mask }: { box: [number, number, number, number]; mask: Uint8Array }, width: number, height: number): number {
  const [x0, y0, x1, y1] = box;
  const bw = x1 - x0;
  const bh = y1 - y0;
  const count = (along: number, at: (i: number) => number) => {
    let n = 0;
    for (let i = 0; i < along; i++) n += at(i);
    return n / along;
  };
  let contact = 0;
  if (y0 === 0) contact = Math.max(contact, count(bw, (i) => mask[i]!));
  if (y1 === height) contact = Math.max(contact, count(bw, (i) => mask[(bh - 1) * bw + i]!));
  if (x0 === 0) contact = Math.max(contact, count(bh, (i) => mask[i * bw]!));
  if (x1 === width) contact = Math.max(contact, count(bh, (i) => mask[i * bw + bw - 1]!));
  return Math.round(contact * 100) / 100;
}

/** Mean luminance of the object's pixels in `image`. */
function meanLuma(image: RgbImage, { box, mask }: { box: [number, number, number, number]; mask: Uint8Array }): number {
  const w = box[2] - box[0];
  let [sum, n] = [0, 0];
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const o = ((box[1] + Math.floor(i / w)) * image.width + box[0] + (i % w)) * 3;
    sum += luma(image.data[o]!, image.data[o + 1]!, image.data[o + 2]!);
    n++;
  }
  return n > 0 ? sum / n : 0;
}

/** Direction of the mask's principal axis (second moments), degrees clockwise from horizontal. */
function principalAngle({ box, mask }: { box: [number, number, number, number]; mask: Uint8Array }): number {
  const w = box[2] - box[0];
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) (n++, (sx += i % w), (sy += Math.floor(i / w)));
  if (n === 0) return 0;
  const [mx, my] = [sx / n, sy / n];
  let xx = 0;
  let yy = 0;
  let xy = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const dx = (i % w) - mx;
    const dy = Math.floor(i / w) - my;
    xx += dx * dx;
    yy += dy * dy;
    xy += dx * dy;
  }
  return (0.5 * Math.atan2(2 * xy, xx - yy) * 180) / Math.PI;
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

/** Which way lettering differs from its ground: printed dark on a light box, or moulded lighter than dark plastic. */
export type TextPolarity = 'dark' | 'light';

/**
 * The photo's text, ready for OCR: the object's box (or the whole photo), turned level by `angle`
 * when that is a small tilt, 800 px wide, binarised against the local mean (moulded lettering is
 * only a shade off its plastic, and light falls unevenly) so that lettering of the given polarity
 * comes out black on white. `polarity` defaults to a guess from the middle of the crop: a dark
 * plate carries light lettering.
 */
export async function textCrop(
  bytes: Buffer,
  box: [number, number, number, number] | null,
  angle = 0,
  polarity?: TextPolarity,
): Promise<TextImage & { polarity: TextPolarity }> {
  let image = sharp(bytes, { autoOrient: true, failOn: 'none' });
  const meta = await image.metadata();
  const [w, h] = [meta.autoOrient.width, meta.autoOrient.height];
  if (box) {
    const pad = Math.round(textPad * Math.max(w, h));
    const left = Math.max(0, box[0] - pad);
    const top = Math.max(0, box[1] - pad);
    image = sharp(await image.extract({ left, top, width: Math.min(w, box[2] + pad) - left, height: Math.min(h, box[3] + pad) - top }).toBuffer());
  }
  if (Math.abs(angle) > minTilt && Math.abs(angle) < maxTilt) image = sharp(await image.rotate(-angle, { background: '#808080' }).toBuffer());
  const gray = await image.resize({ width: textWidth }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = gray.info;
  const local = await sharp(gray.data, { raw: { width, height, channels: 1 } }).blur(width / localMeanDivisor).extractChannel(0).raw().toBuffer();
  const which = polarity ?? (centralMedian(gray.data, width, height) < darkPlate ? 'light' : 'dark');
  const data = new Uint8Array(width * height);
  for (let i = 0; i < data.length; i++) {
    const d = gray.data[i]! - local[i]!;
    data[i] = (which === 'dark' ? d < -inkContrast : d > inkContrast) ? 0 : 255;
  }
  keepLetterSized(data, width, height);
  return { width, height, data, polarity: which };
}

/**
 * Whitens ink blobs that cannot be letters: the dark table round a plate, its shadow, barcode bars
 * and specks. Tesseract reads sparse text far better without them.
 */
function keepLetterSized(data: Uint8Array, width: number, height: number) {
  const seen = new Uint8Array(data.length);
  const stack: number[] = [];
  const blob: number[] = [];
  for (let start = 0; start < data.length; start++) {
    if (data[start] !== 0 || seen[start]) continue;
    blob.length = 0;
    stack.push(start);
    seen[start] = 1;
    let [x0, y0, x1, y1] = [width, height, 0, 0];
    while (stack.length > 0) {
      const p = stack.pop()!;
      blob.push(p);
      const x = p % width;
      const y = (p - x) / width;
      x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
        if (q >= 0 && q < data.length && data[q] === 0 && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    const [bw, bh] = [x1 - x0 + 1, y1 - y0 + 1];
    const touching = x0 === 0 || y0 === 0 || x1 === width - 1 || y1 === height - 1;
    // Barcode bars and plate rims are far thinner for their length than any letter.
    const letter = !touching && bh <= maxLetterShare * height && bw <= maxLetterShare * width && blob.length >= minLetterPixels && bh <= maxLetterTall * bw && bw <= maxLetterWide * bh;
    if (!letter) for (const p of blob) data[p] = 255;
  }
}

/** Grey levels lettering must differ from its surroundings' mean by. */
const inkContrast = 10;

function centralMedian(data: Uint8Array | Buffer, width: number, height: number): number {
  const histogram = new Uint32Array(256);
  let n = 0;
  for (let y = Math.floor(height * middleTop); y < height * middleBottom; y++) {
    for (let x = Math.floor(width * middleLeft); x < width * middleRight; x++, n++) histogram[data[y * width + x]!]!++;
  }
  let seen = 0;
  let median = 0;
  while (median < 255 && (seen += histogram[median]!) < n / 2) median++;
  return median;
}
