import { createRng } from '../../random.ts';
import { fmt, serifFont, svgDocument, svgText } from '../../svg.ts';
import { cardHeight as H, cardWidth as W } from './card-front.ts';
import type { BackDesign } from './card-list.ts';

/*
 * Card backs at 300×420. Each has a uniform border around a busy centre, like real backs: the
 * border is what back centering is measured on, the centre is what makes the back recognisable.
 */

const frame = (border: number, colour: string, inner: Inner, keyline: string) =>
  `<rect width="${W}" height="${H}" fill="${colour}"/>` +
  `<svg x="${border}" y="${border}" width="${W - 2 * border}" height="${H - 2 * border}" viewBox="0 0 ${W - 2 * border} ${H - 2 * border}">${inner(W - 2 * border, H - 2 * border)}</svg>` +
  // The keyline sits inside the frame, so the uniform border is exactly `border` wide.
  `<rect x="${border + 1}" y="${border + 1}" width="${W - 2 * border - 2}" height="${H - 2 * border - 2}" fill="none" stroke="${keyline}" stroke-width="2"/>`;

type Inner = (w: number, h: number) => string;

const aetherium: Inner = (w, h) => {
  const cx = w / 2;
  const cy = h / 2;
  let rays = '';
  for (let i = 0; i < 16; i++) {
    const angle = (i / 16) * Math.PI * 2;
    const r = i % 2 === 0 ? 110 : 70;
    rays += `<line x1="${fmt(cx)}" y1="${fmt(cy)}" x2="${fmt(cx + r * Math.cos(angle))}" y2="${fmt(cy + r * Math.sin(angle))}" stroke="#e0b84c" stroke-width="${i % 2 === 0 ? 3 : 1.5}"/>`;
  }
  return `<defs><radialGradient id="bg"><stop offset="0" stop-color="#5b3fa8"/><stop offset="1" stop-color="#1f1346"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>${rays}` +
    [96, 70, 40].map((r) => `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${r}" fill="none" stroke="#e0b84c" stroke-width="3"/>`).join('') +
    `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="22" fill="#e0b84c"/>` +
    svgText(cx, 52, 'AETHERIUM', { size: 30, fill: '#e0b84c', anchor: 'middle', weight: 'bold', family: serifFont }) +
    svgText(cx, h - 34, 'TRADING CARD GAME', { size: 13, fill: '#e0b84c', anchor: 'middle', extra: 'letter-spacing="3"' });
};

const starfall: Inner = (w, h) => {
  const rng = createRng(7);
  let stars = '';
  for (let i = 0; i < 90; i++) stars += `<circle cx="${fmt(rng.next() * w)}" cy="${fmt(rng.next() * h)}" r="${fmt(rng.range(0.5, 2))}" fill="#ffffff" opacity="${fmt(rng.range(0.4, 1))}"/>`;
  return `<rect width="${w}" height="${h}" fill="#0b1433"/>${stars}` +
    `<path d="M${w + 20},40 Q${fmt(w * 0.4)},${fmt(h * 0.35)} -20,${h - 60} L-20,${h - 20} Q${fmt(w * 0.5)},${fmt(h * 0.45)} ${w + 20},90 Z" fill="#ff8c2a" opacity="0.9"/>` +
    `<circle cx="${w - 40}" cy="62" r="26" fill="#ffe08a"/>` +
    `<rect x="22" y="${h / 2 + 2}" width="${w - 44}" height="80" rx="12" fill="#0b1433" stroke="#ff8c2a" stroke-width="3"/>` +
    svgText(w / 2, h / 2 + 40, 'STARFALL', { size: 38, fill: '#ffffff', anchor: 'middle', weight: 'bold', extra: 'letter-spacing="2"' }) +
    svgText(w / 2, h / 2 + 68, 'LEGENDS', { size: 24, fill: '#ff8c2a', anchor: 'middle', weight: 'bold', extra: 'letter-spacing="8"' });
};

const kaiju: Inner = (w, h) => {
  let stripes = '';
  for (let x = -h; x < w; x += 36) stripes += `<polygon points="${x},0 ${x + 16},0 ${x + 16 + h},${h} ${x + h},${h}" fill="#1a1a1a"/>`;
  const claw = [0, 1, 2].map((i) => `<path d="M${70 + i * 40},${h / 2 - 70} Q${95 + i * 40},${h / 2} ${60 + i * 40},${h / 2 + 80}" fill="none" stroke="#ffd400" stroke-width="16" stroke-linecap="round"/>`).join('');
  return `<rect width="${w}" height="${h}" fill="#b3121b"/>${stripes}<circle cx="${w / 2}" cy="${h / 2}" r="105" fill="#111111"/>${claw}` +
    `<rect x="0" y="${h - 62}" width="${w}" height="40" fill="#111111"/>` +
    svgText(w / 2, h - 32, 'KAIJU CLASH', { size: 27, fill: '#ffd400', anchor: 'middle', weight: 'bold' });
};

const mythicTides: Inner = (w, h) => {
  let waves = '';
  for (let row = 0; row < 9; row++) {
    let d = `M0,${h}`;
    for (let x = 0; x <= w; x += 10) d += ` L${x},${fmt(row * 48 + 20 + 14 * Math.sin(x / 24 + row))}`;
    waves += `<path d="${d} L${w},${h} Z" fill="${row % 2 === 0 ? '#0f766e' : '#14b8a6'}" opacity="0.9"/>`;
  }
  return `<rect width="${w}" height="${h}" fill="#042f2e"/>${waves}<ellipse cx="${w / 2}" cy="${h / 2}" rx="100" ry="50" fill="#f0fdfa"/>` +
    svgText(w / 2, h / 2 + 9, 'MYTHIC TIDES', { size: 24, fill: '#042f2e', anchor: 'middle', weight: 'bold' });
};

const designs: Record<BackDesign, { border: number; colour: string; keyline: string; inner: Inner }> = {
  aetherium: { border: 16, colour: '#2a1d57', keyline: '#e0b84c', inner: aetherium },
  starfall: { border: 14, colour: '#ff8c2a', keyline: '#ffffff', inner: starfall },
  kaiju: { border: 20, colour: '#111111', keyline: '#ffd400', inner: kaiju },
  'mythic-tides': { border: 15, colour: '#e7e2cf', keyline: '#0f766e', inner: mythicTides },
};

export function cardBackSvg(design: BackDesign): string {
  const d = designs[design];
  return svgDocument(W, H, frame(d.border, d.colour, d.inner, d.keyline));
}
