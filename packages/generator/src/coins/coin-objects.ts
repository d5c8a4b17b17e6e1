import sharp from 'sharp';
import type { Mat3 } from '../photo/homography.ts';
import type { Point, RawImage } from '../photo/raw-image.ts';
import { escapeXml, fmt, sansFont } from '../svg.ts';
import type { CoinFace } from './coin-instance.ts';
import type { HolderLayout, RollLayout } from './coin-layout.ts';

/*
 * The things coins come in, drawn on the plane in millimetres and rasterised at about their size
 * in the photo: a paper bank roll (crimped, printed, shaded as a cylinder) with its stack of
 * edge-on coins where the paper is torn back, and a mint-set holder with round slots.
 */

export interface PlaneImage {
  image: RawImage;
  /** Image pixels → plane mm. */
  toPlane: Mat3;
}

async function rasterize(x: number, y: number, width: number, height: number, pxPerMm: number, body: string): Promise<PlaneImage> {
  const w = Math.max(8, Math.round(width * pxPerMm));
  const h = Math.max(8, Math.round(height * pxPerMm));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${fmt(x)} ${fmt(y)} ${fmt(width)} ${fmt(height)}" preserveAspectRatio="none">${body}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { image: { data, width: info.width, height: info.height }, toPlane: [width / info.width, 0, x, 0, height / info.height, y, 0, 0, 1] };
}

/** Cylinder shading across the roll: dark edges, a bright band a third of the way down. */
const cylinder = (id: string, opacity: number) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="${opacity}"/>` +
  `<stop offset="0.32" stop-color="#fff" stop-opacity="${opacity * 0.7}"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/>` +
  `<stop offset="1" stop-color="#000" stop-opacity="${opacity * 1.2}"/></linearGradient>`;

/** `metal` is the coins' colour (e.g. the mean of the reference image). */
export function rollImage(roll: RollLayout, metal: string, pxPerMm: number): Promise<PlaneImage> {
  const { start, thickness: t, diameter: d, stacked } = roll;
  const [x0, yc] = start;
  const length = stacked * t;
  const top = yc - d / 2 - 0.8;
  const height = d + 1.6;
  const paperEnd = x0 + length * roll.covered;
  let body = `<defs>${cylinder('shade', 0.45)}` +
    `<pattern id="reeds" width="4" height="0.55" patternUnits="userSpaceOnUse"><rect width="4" height="0.18" fill="#000" fill-opacity="0.12"/></pattern></defs>`;
  if (!roll.wrapped) {
    // The exposed stack: one strip per coin (its edge), separated by a hairline.
    const bare = x0 + length * roll.covered - 1;
    body += `<rect x="${fmt(bare)}" y="${fmt(yc - d / 2)}" width="${fmt(x0 + length - bare)}" height="${fmt(d)}" rx="${fmt(t * 0.4)}" fill="${metal}"/>`;
    for (let i = Math.max(0, Math.floor((bare - x0) / t)); i <= stacked; i++) {
      body += `<rect x="${fmt(x0 + i * t - 0.08)}" y="${fmt(yc - d / 2)}" width="0.16" height="${fmt(d)}" fill="#000" fill-opacity="0.45"/>`;
    }
    body += `<rect x="${fmt(bare)}" y="${fmt(yc - d / 2)}" width="${fmt(x0 + length - bare)}" height="${fmt(d)}" fill="url(#reeds)"/>` +
      `<rect x="${fmt(bare)}" y="${fmt(yc - d / 2)}" width="${fmt(x0 + length - bare)}" height="${fmt(d)}" fill="url(#shade)"/>`;
  }
  // Paper: crimped left end always; the right end crimped too when wrapped, torn when open.
  const crimp = Math.min(5, d * 0.25);
  const right = roll.wrapped ? x0 + length : paperEnd;
  let tear = '';
  if (!roll.wrapped) {
    for (let k = 0, y = top; k <= 10; k++, y += height / 10) tear += ` L${fmt(right + (k % 2 ? 1.5 : -0.5) + Math.sin(k * 2.1) * 0.8)},${fmt(y)}`;
  }
  const paper = `M${fmt(x0)},${fmt(top)} L${fmt(right)},${fmt(top)}` +
    (roll.wrapped ? ` L${fmt(right)},${fmt(top + height)}` : tear) +
    ` L${fmt(x0)},${fmt(top + height)} Z`;
  const endCap = (x: number, dir: number) =>
    `<path d="M${fmt(x)},${fmt(top + 0.6)} Q${fmt(x + dir * crimp)},${fmt(yc)} ${fmt(x)},${fmt(top + height - 0.6)} Z" fill="${roll.paper}"/>` +
    Array.from({ length: 7 }, (_, k) => `<path d="M${fmt(x)},${fmt(top + ((k + 1) * height) / 8)} L${fmt(x + dir * crimp * 0.7)},${fmt(yc + (((k + 1) / 8) - 0.5) * height * 0.35)}" stroke="#000" stroke-opacity="0.25" stroke-width="0.25"/>`).join('');
  body += `<path d="${paper}" fill="${roll.paper}"/>` + endCap(x0, -1) + (roll.wrapped ? endCap(x0 + length, 1) : '');
  // Printed text repeats along the roll.
  const printLength = Math.max(12, roll.print.length * d * 0.1);
  for (let x = x0 + 2; x + printLength < right - 1; x += printLength + 6) {
    body += `<text x="${fmt(x)}" y="${fmt(yc + d * 0.1)}" font-family="${sansFont}" font-weight="bold" font-size="${fmt(d * 0.2)}" fill="#ffffff" fill-opacity="0.85">${escapeXml(roll.print)}</text>`;
  }
  body += `<path d="${paper}" fill="url(#shade)"/>`;
  return rasterize(x0 - crimp - 1, top - 1, length + 2 * crimp + 4, height + 2, pxPerMm, body);
}

export function holderImage(holder: HolderLayout, side: CoinFace, pxPerMm: number): Promise<PlaneImage> {
  const { width: w, height: h } = holder;
  const light = holder.colour === '#e9e4d8';
  const ink = light ? '#1f2937' : '#f5efe0';
  const slots = holder.slots.map((s) => ({ ...s, centre: (side === 'obverse' ? s.centre : [s.centre[0], h - s.centre[1]]) as Point }));
  const textTop = side === 'obverse' ? 0 : h - 24;
  let body = `<rect width="${fmt(w)}" height="${fmt(h)}" rx="2.5" fill="${holder.colour}"/>` +
    `<rect x="1.5" y="1.5" width="${fmt(w - 3)}" height="${fmt(h - 3)}" rx="2" fill="none" stroke="#d4af37" stroke-width="0.6"/>` +
    `<text x="${fmt(w / 2)}" y="${fmt(textTop + 10)}" font-family="${sansFont}" font-weight="bold" font-size="6" text-anchor="middle" fill="${ink}">${escapeXml(holder.title)}</text>` +
    `<text x="${fmt(w / 2)}" y="${fmt(textTop + 18)}" font-family="${sansFont}" font-size="4.2" text-anchor="middle" fill="${ink}">${escapeXml(side === 'obverse' ? holder.subtitle : 'REVERSE')}</text>`;
  for (const slot of slots) {
    const r = slot.diameter / 2;
    body += `<circle cx="${fmt(slot.centre[0])}" cy="${fmt(slot.centre[1])}" r="${fmt(r + 0.8)}" fill="#000" fill-opacity="0.35"/>` +
      `<circle cx="${fmt(slot.centre[0])}" cy="${fmt(slot.centre[1])}" r="${fmt(r)}" fill="#111" fill-opacity="0.6"/>`;
  }
  return rasterize(0, 0, w, h, pxPerMm, body);
}
