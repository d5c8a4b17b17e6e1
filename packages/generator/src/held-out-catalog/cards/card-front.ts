import { fmt, serifFont, svgDocument, svgText } from '../../svg.ts';
import { drawHeldOutArt } from './card-art.ts';
import type { FrameKind, HeldOutCard } from './card-list.ts';

/*
 * Held-out card fronts at 315×440 (63×88 mm at 5 px/mm; the sample draws 300×420). Three frames:
 *  - black-border: a near-black printed border, a bevelled allegiance-coloured frame, set name and
 *    number along the top (number top-right), art, type line, rules box, and the name in a banner
 *    at the bottom;
 *  - cream-border: a cream border, an element-coloured panel, name top-left and HP top-right,
 *    a gold-framed art window, attacks, and the number bottom-left with the set bottom-right;
 *  - borderless: the art runs to the cut on all four sides; the number sits top-right in a pill,
 *    and name, class, text and ATK/DEF are printed over a dark fade at the bottom.
 */

export const heldOutCardWidth = 315;
export const heldOutCardHeight = 440;
const W = heldOutCardWidth;
const H = heldOutCardHeight;

const condensed = 'DejaVu Sans Condensed';
const serifCondensed = 'DejaVu Serif Condensed';
const mono = 'DejaVu Sans Mono';

/** Rainbow foil: diagonal bands in several hues, faint so the print still reads. */
function foil(id: string, x: number, y: number, w: number, h: number, opacity: number): string {
  const hues = ['#ff5e7e', '#ffd84d', '#5effa1', '#4dc3ff', '#b45eff', '#ff5e7e'];
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.6" spreadMethod="reflect" gradientTransform="scale(0.45)">` +
    hues.map((c, i) => `<stop offset="${fmt(i / (hues.length - 1))}" stop-color="${c}"/>`).join('') +
    `</linearGradient></defs><rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" fill="url(#${id})" opacity="${fmt(opacity)}"/>`;
}

function artWindow(card: HeldOutCard, x: number, y: number, w: number, h: number, rx: number): string {
  return `<defs><clipPath id="art-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/></clipPath></defs>` +
    `<g clip-path="url(#art-clip)"><svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${drawHeldOutArt(card.art, w, h)}</svg>` +
    (card.foil && card.game.frame === 'black-border' ? foil('art-foil', x, y, w, h, 0.18) : '') + '</g>';
}

function blackBorder(card: HeldOutCard): string {
  const b = card.game.border;
  const inner = { x: b, y: b, w: W - 2 * b, h: H - 2 * b };
  const art = { x: inner.x + 9, y: inner.y + 30, w: inner.w - 18, h: 196 };
  const typeY = art.y + art.h + 6;
  const boxY = typeY + 26;
  const bannerY = inner.y + inner.h - 44;
  const frame =
    `<defs><linearGradient id="bevel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></linearGradient></defs>` +
    `<rect x="${inner.x}" y="${inner.y}" width="${inner.w}" height="${inner.h}" rx="9" fill="${card.tint}"/>` +
    `<rect x="${inner.x}" y="${inner.y}" width="${inner.w}" height="${inner.h}" rx="9" fill="url(#bevel)"/>`;
  const top =
    svgText(inner.x + 12, inner.y + 19, card.set.toUpperCase(), { size: 10, fill: '#f6ecd2', family: serifCondensed, weight: 'bold', extra: 'letter-spacing="1.5"' }) +
    `<rect x="${inner.x + inner.w - 76}" y="${inner.y + 6}" width="66" height="18" rx="9" fill="#111111" opacity="0.85"/>` +
    svgText(inner.x + inner.w - 43, inner.y + 19, card.number, { size: 11, fill: '#f6ecd2', anchor: 'middle', weight: 'bold', family: mono });
  const typeLine = `<rect x="${inner.x + 7}" y="${typeY}" width="${inner.w - 14}" height="20" rx="3" fill="#1c1a17" opacity="0.8"/>` +
    svgText(inner.x + 14, typeY + 14.5, card.kicker, { size: 11, fill: '#f0e3c0', family: serifCondensed, extra: 'font-style="italic"' });
  const rules = `<rect x="${inner.x + 9}" y="${boxY}" width="${inner.w - 18}" height="${bannerY - boxY - 8}" rx="4" fill="#ebe3cf" stroke="#2a2520" stroke-width="1.5"/>` +
    card.text.map((line, i) => svgText(inner.x + 18, boxY + 20 + i * 16, line, { size: 11.5, fill: '#1f1a14', family: serifFont })).join('') +
    (card.edition ? svgText(inner.x + 18, bannerY - 16, card.edition.toUpperCase(), { size: 8, fill: '#6b5f4c', family: serifCondensed, extra: 'letter-spacing="1"' }) : '') +
    (card.stat !== '—' ? `<rect x="${inner.x + inner.w - 60}" y="${bannerY - 30}" width="46" height="22" rx="4" fill="#f6ecd2" stroke="#2a2520" stroke-width="1.5"/>` +
      svgText(inner.x + inner.w - 37, bannerY - 14, card.stat, { size: 13, fill: '#1f1a14', anchor: 'middle', weight: 'bold', family: serifFont }) : '');
  const nameSize = card.name.length > 18 ? 16 : 19;
  const banner = `<path d="M${inner.x + 4},${bannerY} L${inner.x + inner.w - 4},${bannerY} L${inner.x + inner.w - 14},${bannerY + 18} L${inner.x + inner.w - 4},${bannerY + 36} L${inner.x + 4},${bannerY + 36} L${inner.x + 14},${bannerY + 18} Z" fill="#1a1714"/>` +
    svgText(W / 2, bannerY + 24, card.name, { size: nameSize, fill: '#f3e2b3', anchor: 'middle', weight: 'bold', family: serifFont });
  return `<rect width="${W}" height="${H}" fill="#121212"/>` + frame + top +
    `<rect x="${art.x - 2}" y="${art.y - 2}" width="${art.w + 4}" height="${art.h + 4}" rx="7" fill="#1a1714"/>` + artWindow(card, art.x, art.y, art.w, art.h, 6) +
    typeLine + rules + banner + (card.foil ? foil('frame-foil', inner.x, inner.y, inner.w, inner.h, 0.12) : '');
}

function energy(x: number, y: number, colour: string): string {
  return `<circle cx="${x}" cy="${y}" r="6" fill="${colour}" stroke="#222" stroke-width="1"/><circle cx="${x - 2}" cy="${y - 2}" r="2" fill="#ffffff" opacity="0.6"/>`;
}

function creamBorder(card: HeldOutCard): string {
  const b = card.game.border;
  const inner = { x: b, y: b, w: W - 2 * b, h: H - 2 * b };
  const art = { x: inner.x + 12, y: inner.y + 40, w: inner.w - 24, h: 172 };
  const panel =
    `<defs><linearGradient id="panel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe8"/><stop offset="0.5" stop-color="${card.tint}" stop-opacity="0.55"/><stop offset="1" stop-color="${card.tint}"/></linearGradient></defs>` +
    `<rect x="${inner.x}" y="${inner.y}" width="${inner.w}" height="${inner.h}" rx="7" fill="${card.tint}"/>` +
    `<rect x="${inner.x + 3}" y="${inner.y + 3}" width="${inner.w - 6}" height="${inner.h - 6}" rx="5" fill="url(#panel)"/>`;
  const nameSize = card.name.length > 11 ? 19 : 22;
  const head =
    svgText(inner.x + 10, inner.y + 13, card.kicker, { size: 8, fill: '#3a3a3a', family: condensed, extra: 'font-style="italic"' }) +
    svgText(inner.x + 10, inner.y + 33, card.name, { size: nameSize, fill: '#161616', weight: 'bold', family: condensed }) +
    svgText(inner.x + inner.w - 30, inner.y + 32, card.stat, { size: 15, fill: '#c0141b', anchor: 'end', weight: 'bold', family: condensed }) +
    energy(inner.x + inner.w - 18, inner.y + 27, card.tint);
  const window = `<rect x="${art.x - 4}" y="${art.y - 4}" width="${art.w + 8}" height="${art.h + 8}" fill="#d9b44a" stroke="#8a6a1c" stroke-width="1.5"/>` +
    artWindow(card, art.x, art.y, art.w, art.h, 0);
  const stripY = art.y + art.h + 8;
  const strip = `<rect x="${inner.x + 26}" y="${stripY}" width="${inner.w - 52}" height="14" fill="#e9d79a" opacity="0.9"/>` +
    svgText(W / 2, stripY + 10.5, `No. ${card.number.split('/')[0]}  ${card.name} Hollowling`, { size: 8, fill: '#3a3a3a', anchor: 'middle', family: condensed, extra: 'font-style="italic"' });
  const attacks = card.text.map((line, i) => {
    const y = stripY + 44 + i * 34;
    const [label, damage] = [line.replace(/ \d+$/, ''), line.match(/\d+$/)?.[0] ?? ''];
    return energy(inner.x + 20, y - 5, card.tint) + (i > 0 ? energy(inner.x + 34, y - 5, '#d8d2c0') : '') +
      svgText(inner.x + 52, y, label, { size: 14, fill: '#161616', weight: 'bold', family: condensed }) +
      svgText(inner.x + inner.w - 16, y, damage, { size: 16, fill: '#161616', anchor: 'end', weight: 'bold', family: condensed }) +
      `<line x1="${inner.x + 14}" y1="${y + 14}" x2="${inner.x + inner.w - 14}" y2="${y + 14}" stroke="#000" stroke-opacity="0.25"/>`;
  }).join('');
  const footY = inner.y + inner.h - 10;
  const rarity = card.value >= 10 ? '★' : card.value >= 2 ? '◆' : '●';
  const foot =
    svgText(inner.x + 12, footY - 20, 'weakness', { size: 7.5, fill: '#2b2b2b', family: condensed }) +
    svgText(W / 2, footY - 20, 'resistance', { size: 7.5, fill: '#2b2b2b', family: condensed, anchor: 'middle' }) +
    svgText(inner.x + inner.w - 12, footY - 20, 'retreat', { size: 7.5, fill: '#2b2b2b', family: condensed, anchor: 'end' }) +
    svgText(inner.x + 12, footY, `${card.number} ${rarity}`, { size: 10, fill: '#161616', weight: 'bold', family: condensed }) +
    svgText(inner.x + inner.w - 12, footY, `${card.set} ©${card.year}`, { size: 8, fill: '#161616', anchor: 'end', family: condensed, extra: 'font-style="italic"' });
  // The 1st Edition stamp: a small black disc at the lower left of the art, the only mark the
  // Unlimited printing lacks.
  const stamp = card.edition === '1st Edition'
    ? `<circle cx="${art.x + 4}" cy="${art.y + art.h + 4}" r="11" fill="#111"/><circle cx="${art.x + 4}" cy="${art.y + art.h + 4}" r="8.5" fill="none" stroke="#fff" stroke-width="1"/>` +
      svgText(art.x + 4, art.y + art.h + 8, '1', { size: 11, fill: '#fff', anchor: 'middle', weight: 'bold', family: condensed })
    : '';
  const holo = card.foil ? foil('reverse-holo', inner.x + 3, stripY - 2, inner.w - 6, inner.y + inner.h - stripY - 1, 0.28) : '';
  return `<rect width="${W}" height="${H}" fill="#efe3c2"/>` + panel + holo + head + window + stamp + strip + attacks + foot;
}

function borderless(card: HeldOutCard): string {
  const fade = `<defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.45" stop-color="#000" stop-opacity="0.7"/><stop offset="1" stop-color="#000" stop-opacity="0.9"/></linearGradient></defs>` +
    `<rect x="0" y="${H - 170}" width="${W}" height="170" fill="url(#fade)"/>`;
  const nameFill = card.parallel === 'Secret Rare' ? '#f5d77a' : '#ffffff';
  const nameSize = card.name.length > 15 ? 22 : 26;
  const text =
    `<rect x="${W - 112}" y="12" width="100" height="22" rx="11" fill="#000" opacity="0.6"/>` +
    svgText(W - 62, 28, card.number, { size: 12, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: mono }) +
    `<circle cx="28" cy="24" r="12" fill="#000" opacity="0.55"/><circle cx="28" cy="24" r="8" fill="${card.tint}"/>` +
    svgText(16, H - 106, card.name, { size: nameSize, fill: nameFill, weight: 'bold', family: condensed, extra: 'letter-spacing="0.5"' }) +
    `<rect x="16" y="${H - 98}" width="${W - 32}" height="2" fill="${card.tint}"/>` +
    svgText(16, H - 82, `[${card.kicker}]`, { size: 11, fill: card.tint, weight: 'bold', family: condensed }) +
    card.text.map((line, i) => svgText(16, H - 64 + i * 14, line, { size: 11, fill: '#e8e8e8', family: condensed })).join('') +
    (card.stat !== '—' ? svgText(W - 16, H - 18, card.stat, { size: 11, fill: '#ffffff', anchor: 'end', weight: 'bold', family: mono }) : '') +
    svgText(16, H - 18, `${card.set}${card.edition ? ` · ${card.edition}` : ''}`, { size: 8.5, fill: '#bdbdbd', family: condensed, extra: 'letter-spacing="0.5"' });
  const secret = card.foil ? foil('secret', 0, 0, W, H, 0.22) : '';
  return `<svg x="0" y="0" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${drawHeldOutArt(card.art, W, H)}</svg>` + secret + fade + text;
}

const frames: Record<FrameKind, (card: HeldOutCard) => string> = {
  'black-border': blackBorder,
  'cream-border': creamBorder,
  borderless,
};

export function heldOutCardFrontSvg(card: HeldOutCard): string {
  return svgDocument(W, H, frames[card.game.frame](card));
}
