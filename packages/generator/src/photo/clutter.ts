import type { Rng } from '../random.ts';
import { fmt } from '../svg.ts';

/*
 * Everyday desk clutter around the card: pens, coins, dice, sticky notes, a phone, a cable, keys.
 * Each item casts a small soft shadow. Items are drawn under the card, so they can crowd its
 * outline as in real photos but never cover it.
 */

type Item = (rng: Rng, unit: number) => string;

const colours = ['#1d4ed8', '#dc2626', '#111827', '#f59e0b', '#10b981', '#6b7280', '#f3f4f6', '#7c3aed'];

const items: Item[] = [
  // Pen: a long capsule with a clip.
  (rng, u) => `<rect x="${fmt(-u * 1.6)}" y="${fmt(-u * 0.07)}" width="${fmt(u * 3.2)}" height="${fmt(u * 0.14)}" rx="${fmt(u * 0.07)}" fill="${rng.pick(colours)}"/>` +
    `<rect x="${fmt(u * 0.6)}" y="${fmt(-u * 0.1)}" width="${fmt(u * 0.8)}" height="${fmt(u * 0.05)}" fill="#c0c0c0"/>`,
  // Coin.
  (rng, u) => {
    const r = u * rng.range(0.25, 0.4);
    const metal = rng.pick(['#c9ccd1', '#b87333', '#d4af37']);
    return `<circle r="${fmt(r)}" fill="${metal}"/><circle r="${fmt(r * 0.85)}" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="${fmt(r * 0.06)}"/>`;
  },
  // Die.
  (rng, u) => {
    const s = u * 0.35;
    const pips = Array.from({ length: rng.int(1, 6) }, (_, i) => `<circle cx="${fmt(((i % 3) - 1) * s * 0.28)}" cy="${fmt((Math.floor(i / 3) - 0.5) * s * 0.3)}" r="${fmt(s * 0.07)}" fill="#111"/>`).join('');
    return `<rect x="${fmt(-s / 2)}" y="${fmt(-s / 2)}" width="${fmt(s)}" height="${fmt(s)}" rx="${fmt(s * 0.15)}" fill="${rng.pick(['#f9fafb', '#dc2626', '#2563eb'])}"/>${pips}`;
  },
  // Sticky note with a few scribbled lines.
  (rng, u) => {
    const s = u * 1.1;
    const lines = Array.from({ length: 3 }, (_, i) => `<path d="M${fmt(-s * 0.35)},${fmt(-s * 0.2 + i * s * 0.18)} l${fmt(s * rng.range(0.4, 0.7))},${fmt(rng.range(-2, 2))}" stroke="#1e3a8a" stroke-width="${fmt(u * 0.025)}"/>`).join('');
    return `<rect x="${fmt(-s / 2)}" y="${fmt(-s / 2)}" width="${fmt(s)}" height="${fmt(s)}" fill="${rng.pick(['#fde68a', '#fbcfe8', '#bbf7d0', '#bae6fd'])}"/>${lines}`;
  },
  // Phone, face down.
  (rng, u) => `<rect x="${fmt(-u * 0.55)}" y="${fmt(-u * 1.15)}" width="${fmt(u * 1.1)}" height="${fmt(u * 2.3)}" rx="${fmt(u * 0.15)}" fill="${rng.pick(['#111827', '#374151', '#e5e7eb'])}"/>` +
    `<rect x="${fmt(-u * 0.4)}" y="${fmt(-u * 1.0)}" width="${fmt(u * 0.4)}" height="${fmt(u * 0.4)}" rx="${fmt(u * 0.08)}" fill="#000" opacity="0.5"/>`,
  // Cable, a loose curve.
  (rng, u) => `<path d="M${fmt(-u * 2)},0 C${fmt(-u)},${fmt(u * rng.range(-1.5, 1.5))} ${fmt(u)},${fmt(u * rng.range(-1.5, 1.5))} ${fmt(u * 2)},${fmt(u * rng.range(-0.5, 0.5))}" fill="none" stroke="${rng.pick(['#f9fafb', '#111827'])}" stroke-width="${fmt(u * 0.08)}" stroke-linecap="round"/>`,
  // Key on a ring.
  (_rng, u) => `<circle r="${fmt(u * 0.3)}" fill="none" stroke="#9ca3af" stroke-width="${fmt(u * 0.05)}"/><circle cx="${fmt(u * 0.5)}" r="${fmt(u * 0.2)}" fill="#d1a54a"/><rect x="${fmt(u * 0.65)}" y="${fmt(-u * 0.06)}" width="${fmt(u * 0.7)}" height="${fmt(u * 0.12)}" fill="#d1a54a"/>`,
  // Sheet of paper with printed lines, partly in frame.
  (rng, u) => `<rect x="${fmt(-u * 1.5)}" y="${fmt(-u * 2)}" width="${fmt(u * 3)}" height="${fmt(u * 4)}" fill="#fafaf7"/>` +
    Array.from({ length: 12 }, (_, i) => `<rect x="${fmt(-u * 1.2)}" y="${fmt(-u * 1.7 + i * u * 0.3)}" width="${fmt(u * rng.range(1.4, 2.4))}" height="${fmt(u * 0.05)}" fill="#9ca3af"/>`).join(''),
];

/** SVG elements for `count` clutter items scattered over a width×height photo. */
export function drawClutter(rng: Rng, width: number, height: number, count: number): string {
  const unit = Math.min(width, height) * 0.08;
  let out = '';
  for (let i = 0; i < count; i++) {
    const item = rng.pick(items)(rng, unit * rng.range(0.8, 1.3));
    // Bias towards the edges: the middle is where the card goes and would hide them anyway.
    const edge = rng.int(0, 3);
    const along = rng.next();
    const inset = rng.range(0, 0.22);
    const [x, y] = ([[along, inset], [1 - inset, along], [along, 1 - inset], [inset, along]] as const)[edge]!;
    const transform = `translate(${fmt(x * width)},${fmt(y * height)}) rotate(${fmt(rng.range(0, 360))})`;
    // Two offset silhouettes make a cheap penumbra; an SVG blur filter costs more than the rest of the photo.
    const shadow = silhouette(item);
    out += `<g transform="translate(${fmt(unit * 0.1)},${fmt(unit * 0.14)}) ${transform}" opacity="0.18">${shadow}</g>`;
    out += `<g transform="translate(${fmt(unit * 0.05)},${fmt(unit * 0.07)}) ${transform}" opacity="0.22">${shadow}</g>`;
    out += `<g transform="${transform}">${item}</g>`;
  }
  return out;
}

/** The item in black, for its shadow; unfilled outlines stay unfilled. */
function silhouette(svg: string): string {
  return svg.replace(/fill="(?!none)[^"]*"/g, 'fill="#000"').replace(/stroke="(?!none)[^"]*"/g, 'stroke="#000"');
}
