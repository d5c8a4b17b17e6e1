import sharp from 'sharp';
import type { Point, RawImage } from '../photo/raw-image.ts';
import { rawInput, toRaw } from '../photo/raw-image.ts';
import { createRng, hashSeed } from '../random.ts';
import { fmt, svgDocument } from '../svg.ts';
import { drawHolderLabel, type HolderLabel } from './holder-label.ts';

/*
 * What lies on the table: the card alone, in a penny sleeve, or sealed in a grading holder. The
 * result is one flat RGBA image plus where the card's corners are inside it, ready to be put into
 * perspective.
 */

export type Quad = [Point, Point, Point, Point];

export interface CardObject {
  image: RawImage;
  /** The card's corners inside `image`, clockwise from its top-left. */
  card: Quad;
}

/** A reflection across plastic: a soft bright band, positioned as fractions of the object. */
export interface Streak {
  /** Where the band crosses the object's centre line, 0..1 along its width. */
  position: number;
  /** Degrees from vertical. */
  angle: number;
  /** Band width as a fraction of the object's width. */
  width: number;
  /** Peak opacity of the reflection. */
  strength: number;
}

export interface Wrapping {
  sleeve: boolean;
  holder: HolderLabel | null;
  /** Which side of the holder faces the camera: its label shows its front or its reverse. */
  side: 'front' | 'back';
  streak: Streak | null;
}

function streakSvg(streak: Streak, w: number, h: number): string {
  const cx = streak.position * w;
  const half = (streak.width * w) / 2;
  const dx = Math.tan((streak.angle * Math.PI) / 180) * h;
  return `<defs><linearGradient id="streak" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="${fmt(streak.strength)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient></defs>` +
    `<polygon points="${fmt(cx - half - dx / 2)},0 ${fmt(cx + half - dx / 2)},0 ${fmt(cx + half + dx / 2)},${h} ${fmt(cx - half + dx / 2)},${h}" fill="url(#streak)"/>`;
}

/**
 * Scratches and scuffs on a holder's plastic, over the label and the card alike: hairlines that
 * catch the light (a few dark), more and longer the worse `amount` (0–1) is, and above 0.5 a couple
 * of dull scuffed patches. Placed from the certificate code, so both photos of a slab agree.
 */
function scratchesSvg(amount: number, code: string, w: number, h: number): string {
  const rng = createRng(hashSeed('scratches', code));
  let out = '';
  const count = Math.round(6 + 40 * amount);
  for (let i = 0; i < count; i++) {
    const [x, y] = [rng.range(0, w), rng.range(0, h)];
    const length = rng.range(0.04, 0.1 + 0.35 * amount) * w;
    const angle = rng.range(0, Math.PI);
    const [ex, ey] = [x + Math.cos(angle) * length, y + Math.sin(angle) * length];
    const bend = rng.normal(0, 0.08) * length;
    const [cx, cy] = [(x + ex) / 2 - Math.sin(angle) * bend, (y + ey) / 2 + Math.cos(angle) * bend];
    const dark = rng.chance(0.2);
    out += `<path d="M${fmt(x)},${fmt(y)} Q${fmt(cx)},${fmt(cy)} ${fmt(ex)},${fmt(ey)}" fill="none" stroke="${dark ? '#000000' : '#ffffff'}" stroke-opacity="${fmt(rng.range(0.2, 0.35 + 0.4 * amount) * (dark ? 0.5 : 1))}" stroke-width="${fmt(rng.range(0.8, 1.2 + 1.6 * amount))}" stroke-linecap="round"/>`;
  }
  if (amount > 0.5) {
    out += '<defs><filter id="scuff"><feGaussianBlur stdDeviation="14"/></filter></defs>';
    for (let i = 0; i < 2; i++) {
      out += `<ellipse cx="${fmt(rng.range(0.1, 0.9) * w)}" cy="${fmt(rng.range(0.1, 0.9) * h)}" rx="${fmt(rng.range(0.08, 0.2) * w)}" ry="${fmt(rng.range(0.04, 0.1) * h)}" fill="#ffffff" fill-opacity="${fmt(rng.range(0.12, 0.25) * amount)}" filter="url(#scuff)"/>`;
    }
  }
  return out;
}

const quadAt = (x: number, y: number, w: number, h: number): Quad => [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];

async function compose(width: number, height: number, under: string, card: RawImage, left: number, top: number, over: string): Promise<RawImage> {
  return toRaw(sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).composite([
    { input: Buffer.from(svgDocument(width, height, under)) },
    { input: card.data, ...rawInput(card), left, top },
    { input: Buffer.from(svgDocument(width, height, over)) },
  ]));
}

export async function wrapCard(face: RawImage, wrapping: Wrapping): Promise<CardObject> {
  const { width: cw, height: ch } = face;
  if (wrapping.holder) {
    const margin = Math.round(cw * 0.07);
    const labelHeight = Math.round(cw * 0.27);
    const gap = Math.round(cw * 0.04);
    const width = cw + 2 * margin;
    const height = margin + labelHeight + gap + ch + margin;
    const top = margin + labelHeight + gap;
    const r = fmt(cw * 0.04);
    // Clear plastic: a faint body behind the card, a bright rim and a darker inner edge in front.
    const under = `<rect width="${width}" height="${height}" rx="${r}" fill="#e6edf2" opacity="0.3"/>` +
      `<rect x="${margin - 8}" y="${top - 8}" width="${cw + 16}" height="${ch + 16}" rx="6" fill="#dfe6ea" opacity="0.35"/>`;
    const over = `<rect x="${margin - 8}" y="${top - 8}" width="${cw + 16}" height="${ch + 16}" rx="6" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3"/>` +
      `<g transform="translate(${margin * 0.55},${margin * 0.55})">${drawHolderLabel(wrapping.holder, width - margin * 1.1, labelHeight, wrapping.side)}</g>` +
      `<rect x="3" y="3" width="${width - 6}" height="${height - 6}" rx="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="6"/>` +
      `<rect x="10" y="10" width="${width - 20}" height="${height - 20}" rx="${r}" fill="none" stroke="#000000" stroke-opacity="0.22" stroke-width="3"/>` +
      (wrapping.holder.scratches ? scratchesSvg(wrapping.holder.scratches, wrapping.holder.certificateNumber, width, height) : '') +
      (wrapping.streak ? streakSvg(wrapping.streak, width, height) : '');
    return { image: await compose(width, height, under, face, margin, top, over), card: quadAt(margin, top, cw, ch) };
  }
  if (wrapping.sleeve) {
    // Penny sleeves are a little wider than the card and open at the top, where they stand proud.
    const side = Math.round(cw * 0.025);
    const top = Math.round(ch * 0.055);
    const bottom = Math.round(ch * 0.012);
    const width = cw + 2 * side;
    const height = ch + top + bottom;
    const under = `<rect width="${width}" height="${height}" rx="5" fill="#ffffff" opacity="0.1"/>`;
    const over = `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="5" fill="#ffffff" fill-opacity="0.06" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"/>` +
      `<path d="M0,${top * 0.5} L${width},${top * 0.5}" stroke="#ffffff" stroke-opacity="0.35" stroke-width="2"/>` +
      (wrapping.streak ? streakSvg(wrapping.streak, width, height) : '');
    return { image: await compose(width, height, under, face, side, top, over), card: quadAt(side, top, cw, ch) };
  }
  return { image: face, card: quadAt(0, 0, cw, ch) };
}
