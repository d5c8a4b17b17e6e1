import sharp from 'sharp';
import { applyHomography, homographyFromPoints, type Point, type Quad, type RgbImage } from '@assay/pixels';

export interface CardDesign {
  border: string;
  frame: string;
  art: string;
  name: string;
  /** Frame inset as a share of width / height on a centred card. */
  insetX: number;
  insetY: number;
  /** Printing shift as a share of width / height (positive: right / down). */
  shiftX?: number;
  shiftY?: number;
  /** Printed card number (a reprint differs only here); 012/120 by default. */
  number?: string;
}

/** A flat card face in the style of the sample catalog: border, printed frame, art box, name. */
export async function renderCard(design: CardDesign, width = 315, height = 440): Promise<RgbImage> {
  const fx = (design.insetX + (design.shiftX ?? 0)) * width;
  const fy = (design.insetY + (design.shiftY ?? 0)) * height;
  const fw = width * (1 - 2 * design.insetX);
  const fh = height * (1 - 2 * design.insetY);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${design.border}"/>
    <rect x="${fx}" y="${fy}" width="${fw}" height="${fh}" fill="${design.frame}"/>
    <rect x="${fx + fw * 0.08}" y="${fy + fh * 0.14}" width="${fw * 0.84}" height="${fh * 0.5}" fill="${design.art}"/>
    <circle cx="${fx + fw * 0.5}" cy="${fy + fh * 0.39}" r="${fw * 0.22}" fill="${design.frame}" opacity="0.6"/>
    <text x="${fx + fw * 0.08}" y="${fy + fh * 0.1}" font-family="sans-serif" font-size="${fh * 0.07}" font-weight="bold" fill="#111">${design.name}</text>
    <text x="${fx + fw * 0.08}" y="${fy + fh * 0.8}" font-family="sans-serif" font-size="${fh * 0.04}" fill="#222">A card of the test set, ${design.name}</text>
    <text x="${fx + fw * 0.7}" y="${fy + fh * 0.95}" font-family="sans-serif" font-size="${fh * 0.035}" fill="#222">${design.number ?? '012/120'}</text>
  </svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** A mottled backdrop: random blocks of colour, blurred, plus pixel noise. */
export async function renderBackground(width: number, height: number, seed: number): Promise<RgbImage> {
  let state = seed >>> 0 || 1;
  const random = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const shapes = Array.from({ length: 40 }, () => {
    const c = () => Math.floor(60 + random() * 150);
    return `<rect x="${random() * width}" y="${random() * height}" width="${random() * width * 0.3}" height="${random() * height * 0.3}" fill="rgb(${c()},${c()},${c()})" transform="rotate(${random() * 90} ${width / 2} ${height / 2})"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#777"/>${shapes}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).blur(3).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + Math.floor((random() - 0.5) * 16)));
  return { width: info.width, height: info.height, data };
}

/**
 * Paints `card` into `photo` so that its corners land on `quad` (perspective, antialiased by 4×
 * supersampling at the outline). Returns the photo, modified in place.
 */
export function paintCard(photo: RgbImage, card: RgbImage, quad: Quad): RgbImage {
  const corners: Point[] = [
    { x: 0, y: 0 },
    { x: card.width, y: 0 },
    { x: card.width, y: card.height },
    { x: 0, y: card.height },
  ];
  const toCard = homographyFromPoints(quad, corners);
  const minX = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.x))));
  const maxX = Math.min(photo.width - 1, Math.ceil(Math.max(...quad.map((p) => p.x))));
  const minY = Math.max(0, Math.floor(Math.min(...quad.map((p) => p.y))));
  const maxY = Math.min(photo.height - 1, Math.ceil(Math.max(...quad.map((p) => p.y))));
  const sub = [0.125, 0.375, 0.625, 0.875];
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const sum = [0, 0, 0];
      let inside = 0;
      for (const dy of sub) {
        for (const dx of sub) {
          const p = applyHomography(toCard, { x: x + dx, y: y + dy });
          if (p.x < 0 || p.y < 0 || p.x >= card.width || p.y >= card.height) continue;
          const o = (Math.floor(p.y) * card.width + Math.floor(p.x)) * 3;
          for (let k = 0; k < 3; k++) sum[k]! += card.data[o + k]!;
          inside++;
        }
      }
      if (inside === 0) continue;
      const o = (y * photo.width + x) * 3;
      const share = inside / 16;
      for (let k = 0; k < 3; k++) photo.data[o + k] = Math.round(sum[k]! / 16 + photo.data[o + k]! * (1 - share));
    }
  }
  return photo;
}

/** A card quad: centre, height in pixels, rotation in degrees, and a keystone (perspective) factor. */
export function cardQuad(cx: number, cy: number, height: number, degrees: number, keystone = 0): Quad {
  const w = (height * 63) / 88;
  const top = w * (1 - keystone);
  const base: Point[] = [
    { x: -top / 2, y: -height / 2 },
    { x: top / 2, y: -height / 2 },
    { x: w / 2, y: height / 2 },
    { x: -w / 2, y: height / 2 },
  ];
  const r = (degrees * Math.PI) / 180;
  return base.map((p) => ({ x: cx + p.x * Math.cos(r) - p.y * Math.sin(r), y: cy + p.x * Math.sin(r) + p.y * Math.cos(r) })) as Quad;
}

export async function toJpeg(image: RgbImage, quality = 90): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).jpeg({ quality }).toBuffer();
}
