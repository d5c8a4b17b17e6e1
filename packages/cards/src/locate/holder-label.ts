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

// Unless said otherwise, hand-set when the label check was written (60629ba); not measured alone.
/** The label is read at this many times the card's width in the photo, between these widths (pixels). */
const readScale = 1.5;
const minReadWidth = 200;
const maxReadWidth = 640;
/** Grey above this is blown out by glare. */
const blownGrey = 250;
/** A region whose median is under the first, or whose panel's is under the second, is a dark label, inverted (e43c357). */
const darkRegion = 110;
const darkPanel = 50;
/** The label's panel in the region: x and y between these shares (e43c357). */
const panelLeft = 0.1;
const panelRight = 0.6;
const panelTop = 0.55;
const panelBottom = 0.95;
/** A row is light over this mean grey; dark print on it counts over this mean, light print under this (8e0510b); ink differs from the mean by this. */
const lightRow = 150;
const darkPrintRow = 120;
const lightPrintRow = 135;
const inkContrast = 60;
/** A label has more than this share of light rows and this share of printed rows. */
const lightRowsShare = 0.3;
const printRowsShare = 0.08;
/** A printed row is inked over more than this share and less than this share of it (8e0510b). */
const minInked = 0.02;
const maxInked = 0.5;

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
  const width = Math.min(maxReadWidth, Math.max(minReadWidth, Math.round(distance(quad[0], quad[1]) * readScale)));
  const height = Math.round((width * (labelRegion.y1 - labelRegion.y0) * distance(card[1], card[2])) / ((labelRegion.x1 - labelRegion.x0) * distance(card[0], card[1])));
  const luma = rectifyLuma(photo, quad, width, height);
  const gray = new Uint8Array(width * height);
  let blown = 0;
  for (let i = 0; i < gray.length; i++) {
    const v = luma[i]!;
    gray[i] = v;
    if (v > blownGrey) blown++;
  }
  const glare = blown / gray.length;
  // Some companies print light on a dark label: turn those dark-on-light for the check and for OCR.
  // A dark label framed by a slab's light plastic and the background above can leave the region's median
  // light: judge by the label's panel too (just above the card, left of a QR code), near black on such labels.
  if (median(gray) < darkRegion || median(panel(gray, width, height)) < darkPanel) for (let i = 0; i < gray.length; i++) gray[i] = 255 - gray[i]!;
  if (!looksLikeLabel(gray, width, height)) return null;
  return { quad, gray: { width, height, data: gray }, glare };
}

/** Where a label's panel sits in the region: x 10–60 %, y 55–95 % (clear of its frame and a QR code). */
function panel(gray: Uint8Array, width: number, height: number): Uint8Array {
  const x0 = Math.round(width * panelLeft);
  const x1 = Math.round(width * panelRight);
  const y0 = Math.round(height * panelTop);
  const y1 = Math.round(height * panelBottom);
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
    if (mean > lightRow) lightRows++;
    const darkPrint = mean > darkPrintRow && isPrinted(row, (v) => v < mean - inkContrast);
    if (darkPrint || (mean < lightPrintRow && isPrinted(row, (v) => v > mean + inkContrast))) printRows++;
  }
  return lightRows > height * lightRowsShare && printRows > height * printRowsShare;
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
  return inked > row.length * minInked && inked < row.length * maxInked && strokes >= minStrokes;
}
