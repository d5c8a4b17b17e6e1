import { fmt, serifFont, svgDocument, svgText } from '../../svg.ts';
import { heldOutCardHeight as H, heldOutCardWidth as W } from './card-front.ts';
import type { HeldOutBack } from './card-list.ts';

/*
 * The held-out games' backs at 315×440, none like a sample back: Obsidian Accord has a brown
 * border around a faceted black gem, Hollowmere a blue border around a swirl and a bold wordmark,
 * and Neon Syndicate prints to the cut (no border at all, so its back can't show off-centre).
 */

function obsidian(): string {
  const b = 18;
  const [w, h] = [W - 2 * b, H - 2 * b];
  const [cx, cy] = [W / 2, H / 2];
  let rays = '';
  for (let i = 0; i < 24; i++) {
    const a = (i / 24) * Math.PI * 2;
    rays += `<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx + 260 * Math.cos(a))}" y2="${fmt(cy + 260 * Math.sin(a))}" stroke="#b08a4a" stroke-width="1" opacity="0.35"/>`;
  }
  const gem = (r: number) => Array.from({ length: 6 }, (_, i) => {
    const a = (i / 6) * Math.PI * 2 - Math.PI / 2;
    return `${fmt(cx + r * Math.cos(a))},${fmt(cy + r * Math.sin(a))}`;
  }).join(' ');
  const facets = Array.from({ length: 6 }, (_, i) => {
    const a = (i / 6) * Math.PI * 2 - Math.PI / 2;
    return `<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx + 72 * Math.cos(a))}" y2="${fmt(cy + 72 * Math.sin(a))}" stroke="#6a6a78" stroke-width="1.5"/>`;
  }).join('');
  const corner = (x: number, y: number, sx: number, sy: number) =>
    `<path d="M${x},${y + sy * 40} L${x},${y} L${x + sx * 40},${y} M${x + sx * 8},${y + sy * 24} L${x + sx * 8},${y + sy * 8} L${x + sx * 24},${y + sy * 8}" fill="none" stroke="#c9a45c" stroke-width="3"/>`;
  return `<rect width="${W}" height="${H}" fill="#4a2c1a"/>` +
    `<defs><radialGradient id="well" cx="0.5" cy="0.5" r="0.7"><stop offset="0" stop-color="#2a2438"/><stop offset="1" stop-color="#07060a"/></radialGradient></defs>` +
    `<rect x="${b}" y="${b}" width="${w}" height="${h}" fill="url(#well)"/>` +
    `<svg x="${b}" y="${b}" width="${w}" height="${h}" viewBox="${b} ${b} ${w} ${h}">${rays}</svg>` +
    `<polygon points="${gem(84)}" fill="#15141c" stroke="#c9a45c" stroke-width="4"/><polygon points="${gem(72)}" fill="#22202c"/>${facets}<polygon points="${gem(30)}" fill="#3b3650" stroke="#8b86a8" stroke-width="1.5"/>` +
    corner(b + 10, b + 10, 1, 1) + corner(W - b - 10, b + 10, -1, 1) + corner(b + 10, H - b - 10, 1, -1) + corner(W - b - 10, H - b - 10, -1, -1) +
    svgText(cx, b + 58, 'OBSIDIAN', { size: 30, fill: '#d9b46a', anchor: 'middle', weight: 'bold', family: serifFont, extra: 'letter-spacing="4"' }) +
    svgText(cx, H - b - 44, 'ACCORD', { size: 30, fill: '#d9b46a', anchor: 'middle', weight: 'bold', family: serifFont, extra: 'letter-spacing="8"' });
}

function hollowmere(): string {
  const b = 16;
  const [cx, cy] = [W / 2, H / 2];
  let swirl = '';
  for (let r = 20; r < 300; r += 22) swirl += `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#7ec3ef" stroke-width="9" opacity="${fmt(0.55 - r / 700)}"/>`;
  const word = (y: number, text: string, size: number) =>
    svgText(cx, y, text, { size, fill: '#1d3d8a', anchor: 'middle', weight: 'bold', family: 'DejaVu Sans Condensed', extra: 'stroke="#1d3d8a" stroke-width="7" stroke-linejoin="round"' }) +
    svgText(cx, y, text, { size, fill: '#ffd23f', anchor: 'middle', weight: 'bold', family: 'DejaVu Sans Condensed' });
  return `<rect width="${W}" height="${H}" fill="#1f5f96"/>` +
    `<defs><radialGradient id="sea" cx="0.5" cy="0.5" r="0.65"><stop offset="0" stop-color="#e8f6ff"/><stop offset="1" stop-color="#2a7fc0"/></radialGradient></defs>` +
    `<rect x="${b}" y="${b}" width="${W - 2 * b}" height="${H - 2 * b}" rx="10" fill="url(#sea)"/>` +
    `<svg x="${b}" y="${b}" width="${W - 2 * b}" height="${H - 2 * b}" viewBox="${b} ${b} ${W - 2 * b} ${H - 2 * b}">${swirl}</svg>` +
    // A crescent moon over still water, the game's emblem.
    `<circle cx="${cx}" cy="${cy}" r="66" fill="#1d3d8a"/><circle cx="${cx}" cy="${cy}" r="58" fill="#2f8f83"/>` +
    `<circle cx="${cx - 8}" cy="${cy - 8}" r="34" fill="#fff6c8"/><circle cx="${cx + 8}" cy="${cy - 18}" r="30" fill="#2f8f83"/>` +
    `<path d="M${cx - 50},${cy + 30} Q${cx},${cy + 18} ${cx + 50},${cy + 30}" fill="none" stroke="#fff6c8" stroke-width="4"/>` +
    `<path d="M${cx - 40},${cy + 42} Q${cx},${cy + 32} ${cx + 40},${cy + 42}" fill="none" stroke="#fff6c8" stroke-width="3"/>` +
    word(b + 66, 'HOLLOWMERE', 34) + svgText(cx, H - b - 30, 'COLLECTIBLE CARD GAME', { size: 12, fill: '#1d3d8a', anchor: 'middle', weight: 'bold', extra: 'letter-spacing="2"' });
}

function neon(): string {
  let grid = '';
  const horizon = H * 0.58;
  for (let i = -10; i <= 10; i++) grid += `<line x1="${fmt(W / 2 + i * 14)}" y1="${fmt(horizon)}" x2="${fmt(W / 2 + i * 70)}" y2="${H}" stroke="#2ef2ff" stroke-width="1.5" opacity="0.8"/>`;
  for (let k = 1; k <= 8; k++) grid += `<line x1="0" y1="${fmt(horizon + (H - horizon) * (k / 8) ** 1.8)}" x2="${W}" y2="${fmt(horizon + (H - horizon) * (k / 8) ** 1.8)}" stroke="#2ef2ff" stroke-width="1.5" opacity="0.8"/>`;
  let stripes = '';
  for (let k = 0; k < 6; k++) stripes += `<rect x="0" y="${fmt(horizon - 40 + k * 9)}" width="${W}" height="${3 + k}" fill="#150634"/>`;
  const sun = `<defs><clipPath id="sun"><circle cx="${W / 2}" cy="${fmt(horizon - 10)}" r="92"/></clipPath></defs>` +
    `<g clip-path="url(#sun)"><circle cx="${W / 2}" cy="${fmt(horizon - 10)}" r="92" fill="#ff2e88"/>${stripes}</g>`;
  return `<defs><linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#07021c"/><stop offset="0.58" stop-color="#3b0a6b"/><stop offset="0.58" stop-color="#150634"/><stop offset="1" stop-color="#05010f"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#night)"/>` + sun + `<rect x="0" y="${fmt(horizon)}" width="${W}" height="${fmt(H - horizon)}" fill="#150634"/>` + grid +
    svgText(W / 2, 92, 'NEON', { size: 56, fill: '#2ef2ff', anchor: 'middle', weight: 'bold', family: 'DejaVu Sans Mono', extra: 'letter-spacing="6"' }) +
    svgText(W / 2, 124, 'SYNDICATE', { size: 26, fill: '#ffe600', anchor: 'middle', weight: 'bold', family: 'DejaVu Sans Mono', extra: 'letter-spacing="5"' });
}

const designs: Record<HeldOutBack, () => string> = { obsidian, hollowmere, neon };

export function heldOutCardBackSvg(back: HeldOutBack): string {
  return svgDocument(W, H, designs[back]());
}
