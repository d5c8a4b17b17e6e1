import { distance, rectifyLuma, type Quad, type RgbImage } from '@assay/pixels';
import { regionQuad } from './card-space.ts';

/** A grading holder's label found above a card, ready for OCR. */
export interface HolderLabel {
  /** Label region in photo pixels, clockwise from top-left. */
  quad: Quad;
  /** Grayscale label crop, upright, ~600 px wide, dark print on light (8-bit, one byte per pixel). */
  gray: { width: number; height: number; data: Uint8Array };
  /** Share of the label region blown out by light: glare on the holder's plastic. */
  glare: number;
}

/** Where a slab's label sits relative to the card, in card units (generous: holders differ). */
const labelRegion = { x0: -0.04, y0: -0.3, x1: 1.04, y1: 0 } as const;

/**
 * Looks for a holder label above the card: a light panel carrying dark print. A penny sleeve or a
 * bare card has background there, which rarely is both light and sparsely dark-printed in rows
 * (a light-on-dark label is inverted first);
 * OCR then settles whether what was found is a label. Returns null when nothing label-like is there.
 */
export function findHolderLabel(photo: RgbImage, card: Quad): HolderLabel | null {
  const quad = regionQuad(card, labelRegion.x0, labelRegion.y0, labelRegion.x1, labelRegion.y1);
  // The label's lower corners must be in the photo; a slab filling the frame may lose the top of
  // the region (rectify repeats the border there, which OCR ignores).
  const inside = quad.filter((p) => p.x >= 0 && p.y >= 0 && p.x <= photo.width && p.y <= photo.height).length;
  if (inside < 2) return null;
  const width = Math.min(640, Math.max(200, Math.round(distance(quad[0], quad[1]) * 1.5)));
  const height = Math.round((width * (labelRegion.y1 - labelRegion.y0) * distance(card[1], card[2])) / ((labelRegion.x1 - labelRegion.x0) * distance(card[0], card[1])));
  const luma = rectifyLuma(photo, quad, width, height);
  const gray = new Uint8Array(width * height);
  let blown = 0;
  for (let i = 0; i < gray.length; i++) {
    const v = luma[i]!;
    gray[i] = v;
    if (v > 250) blown++;
  }
  const glare = blown / gray.length;
  // Some companies print light on a dark label: turn those dark-on-light for the check and for OCR.
  // A dark label framed by a slab's light plastic and the background above can leave the region's median
  // light: judge by the label's panel too (just above the card, left of a QR code), near black on such labels.
  if (median(gray) < 110 || median(panel(gray, width, height)) < 50) for (let i = 0; i < gray.length; i++) gray[i] = 255 - gray[i]!;
  if (!looksLikeLabel(gray, width, height)) return null;
  return { quad, gray: { width, height, data: gray }, glare };
}

/** Where a label's panel sits in the region: x 10–60 %, y 55–95 % (clear of its frame and a QR code). */
function panel(gray: Uint8Array, width: number, height: number): Uint8Array {
  const x0 = Math.round(width * 0.1);
  const x1 = Math.round(width * 0.6);
  const y0 = Math.round(height * 0.55);
  const y1 = Math.round(height * 0.95);
  const out = new Uint8Array((x1 - x0) * (y1 - y0));
  let k = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) out[k++] = gray[y * width + x]!;
  return out;
}

function median(values: Uint8Array): number {
  const counts = new Uint32Array(256);
  for (let i = 0; i < values.length; i++) counts[values[i]!]!++;
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += counts[v]!) >= values.length / 2) return v;
  return 255;
}

/**
 * Runs a row through print crosses at the least: a line of text or a barcode is many strokes,
 * where the edge of an object on a light table (clutter, the card's own top) is one or two.
 */
const minStrokes = 6;

/**
 * Rows of print on a light panel: enough light rows, and some rows sparsely printed in many
 * separate strokes, dark on light or (a dark label the check above left as it is) light on dark.
 * A false label costs a whole OCR pass, which takes longer than the photo's analysis.
 */
function looksLikeLabel(gray: Uint8Array, width: number, height: number): boolean {
  let lightRows = 0;
  let printRows = 0;
  for (let y = 0; y < height; y++) {
    const row = gray.subarray(y * width, (y + 1) * width);
    let sum = 0;
    for (let x = 0; x < width; x++) sum += row[x]!;
    const mean = sum / width;
    if (mean > 150) lightRows++;
    const darkPrint = mean > 120 && isPrinted(row, (v) => v < mean - 60);
    if (darkPrint || (mean < 135 && isPrinted(row, (v) => v > mean + 60))) printRows++;
  }
  return lightRows > height * 0.3 && printRows > height * 0.08;
}

/** A row sparsely covered by `ink` (2–50 % of it) in at least `minStrokes` separate runs. */
function isPrinted(row: Uint8Array, ink: (value: number) => boolean): boolean {
  let inked = 0;
  let strokes = 0;
  let inStroke = false;
  for (let x = 0; x < row.length; x++) {
    const on = ink(row[x]!);
    if (on) inked++;
    if (on && !inStroke) strokes++;
    inStroke = on;
  }
  return inked > row.length * 0.02 && inked < row.length * 0.5 && strokes >= minStrokes;
}
