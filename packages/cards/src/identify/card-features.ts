import sharp from 'sharp';
import { boxResize, chroma, encode, normalise, toGray, type RgbImage } from '@assay/pixels';
import { dctHash } from './dct-hash.ts';

/** Version of the feature layout; references computed with another version must be recomputed. */
export const cardFeaturesVersion = 1;

/** Sizes of the stored grids (columns × rows), portrait card. */
export const featureGrids = { thumb: [24, 33], colour: [8, 11], detail: [96, 132], tone: [12, 16] } as const;
/**
 * A mean colour difference of this share of the colour grid's 100-level scale (see `encode` below)
 * counts as no colour likeness at all, in matching and in the layout search alike: from the first
 * layout match (35a1471), not measured alone. Wider tolerates tinted light and white balance;
 * narrower tells like-framed cards of other colours apart sooner.
 */
export const colourDifferenceAtNone = 0.12;

/**
 * What matching compares, the same for a flat reference scan and a rectified photo. JSON-safe:
 * grids are base64 of signed bytes, so a card's features take about 14 kB.
 */
export interface CardFeatures {
  version: typeof cardFeaturesVersion;
  /** 64-bit DCT perceptual hash of the luminance, hex. */
  hash: string;
  /** Luminance with a fitted brightness plane removed and scaled to unit variance (×32, clamped). */
  thumb: string;
  /** Chromaticity (r−g, b−y over intensity) at 8×11, ×100: survives exposure and white balance drift. */
  colour: string;
  /** Luminance normalised like `thumb`, fine enough to tell cards apart by their small print. */
  detail: string;
  /** Raw luminance at 12×16, halved (0..127): with a reference's tone, shows shadow and glare. */
  tone: string;
  /**
   * Photos only: the detail cells blown out to white (a reflection, or white print overexposed), as
   * base64 bits, row-major. Matching leaves them out: there the photo shows the light, not the card.
   */
  blownOut?: string;
}

export interface CardFeatureOptions {
  /** Mark blown-out cells (`blownOut`): for photos, not reference scans, whose white is print. */
  maskBlownOut?: boolean;
}

/** Darkest channel from which a pixel counts as blown out: white print in a scan is 255, in a photo lower. */
const blownOutLevel = 250;

/** Features of an upright card image (exactly the card: no background border). */
export async function cardFeatures(card: RgbImage, options: CardFeatureOptions = {}): Promise<CardFeatures> {
  const [dw, dh] = featureGrids.detail;
  const { data } = await sharp(card.data, { raw: { width: card.width, height: card.height, channels: 3 } })
    .resize(dw, dh, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const luma = toGray({ width: dw, height: dh, data }).data;
  const [tw, th] = featureGrids.thumb;
  const [cw, ch] = featureGrids.colour;
  const blown = options.maskBlownOut ? blownOutCells(data, dw * dh) : null;
  const masks = blown?.some((b) => b) ? gridMasks(blown) : null;
  return {
    version: cardFeaturesVersion,
    hash: dctHash(boxResize(luma, dw, dh, 32, 32)),
    thumb: encode(normalise(boxResize(luma, dw, dh, tw, th), tw, th), 32),
    colour: encode(chroma(data, dw, dh, cw, ch), 100),
    detail: encode(normalise(luma, dw, dh), 32),
    tone: encode(boxResize(luma, dw, dh, featureGrids.tone[0], featureGrids.tone[1]), 0.5),
    ...(masks && { blownOut: Buffer.from(packBits(masks.detail)).toString('base64') }),
  };
}

/** Cells of the detail grid whose darkest channel is blown out, grown by a cell for the glow around. */
function blownOutCells(rgb: Uint8Array | Buffer, cells: number): Uint8Array {
  const [w, h] = featureGrids.detail;
  const blown = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) blown[i] = Math.min(rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!) >= blownOutLevel ? 1 : 0;
  const grown = new Uint8Array(cells);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!blown[y * w + x]) continue;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(h - 1, y + 1); yy++) for (let xx = Math.max(0, x - 1); xx <= Math.min(w - 1, x + 1); xx++) grown[yy * w + xx] = 1;
    }
  }
  return grown;
}

/** A detail-grid mask and what it covers of the coarser grids: a cell half blown out or more. */
export interface GridMasks {
  thumb: Uint8Array;
  colour: Uint8Array;
  detail: Uint8Array;
}

export function gridMasks(detail: Uint8Array): GridMasks {
  const [dw, dh] = featureGrids.detail;
  const coarser = ([w, h]: readonly [number, number]) => Uint8Array.from(boxResize(Float32Array.from(detail), dw, dh, w, h), (v) => (v >= 0.5 ? 1 : 0));
  return { thumb: coarser(featureGrids.thumb), colour: coarser(featureGrids.colour), detail };
}

function packBits(mask: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(mask.length / 8));
  for (let i = 0; i < mask.length; i++) if (mask[i]) bytes[i >> 3]! |= 1 << (i & 7);
  return bytes;
}

/** A `blownOut` string back to one byte (0 or 1) per detail cell. */
export function unpackBits(encoded: string): Uint8Array {
  const bytes = Buffer.from(encoded, 'base64');
  const [dw, dh] = featureGrids.detail;
  return Uint8Array.from({ length: dw * dh }, (_, i) => (bytes[i >> 3]! >> (i & 7)) & 1);
}
