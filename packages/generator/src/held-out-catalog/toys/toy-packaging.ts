import { createRng, hashSeed } from '../../random.ts';
import { fmt, serifFont, svgDocument, svgText } from '../../svg.ts';
import { tone as shade } from './tone.ts';
import { drawHeldOutToy } from './toy-drawings.ts';
import type { HeldOutPackaging, HeldOutToy, HeldOutView } from './toy-list.ts';

/*
 * Held-out toy images at 320×320 on a plain cool-white studio background (the generator cuts
 * them out by flood-filling from the border whatever is near the corner colour, so nothing light
 * touches an outline without a darker edge): item views, and packaging in the maker's style, each
 * with the brand and the model number printed legibly. A box can add its
 * end panel: the number large, a barcode, the maker's address and the age warning.
 */

export const heldOutToyImageSize = 320;
const Z = heldOutToyImageSize;
const studio = '#eef2f5';
const condensed = 'DejaVu Sans Condensed';

function toyAt(toy: HeldOutToy, x: number, y: number, size: number, view: HeldOutView = 'front'): string {
  return `<g transform="translate(${fmt(x)},${fmt(y)}) scale(${fmt(size / 256)})">${drawHeldOutToy(toy.look, view)}</g>`;
}

const fitName = (name: string, max: number) => (name.length > max ? `${name.slice(0, max - 1)}…` : name);

/** A printed box: front face, a sliver of top and side for depth. */
function box(x: number, y: number, w: number, h: number, colour: string, depth = 12): string {
  return `<path d="M${x},${y} L${x + depth},${y - depth} L${x + w + depth},${y - depth} L${x + w},${y} Z" fill="${shade(colour, 1.2)}"/>` +
    `<path d="M${x + w},${y} L${x + w + depth},${y - depth} L${x + w + depth},${y + h - depth} L${x + w},${y + h} Z" fill="${shade(colour, 0.65)}"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${colour}"/>`;
}

function sunburst(cx: number, cy: number, colour: string, x: number, y: number, w: number, h: number): string {
  let rays = '';
  for (let i = 0; i < 18; i++) {
    const a0 = (i / 18) * Math.PI * 2;
    const a1 = a0 + Math.PI / 18;
    rays += `<path d="M${cx},${cy} L${fmt(cx + 400 * Math.cos(a0))},${fmt(cy + 400 * Math.sin(a0))} L${fmt(cx + 400 * Math.cos(a1))},${fmt(cy + 400 * Math.sin(a1))} Z" fill="${colour}" opacity="0.35"/>`;
  }
  return `<svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">${rays}</svg>`;
}

const packagings: Record<HeldOutPackaging, (toy: HeldOutToy) => string> = {
  'picture-box': (toy) => {
    const colour = shade(toy.look.second, 0.6);
    return box(28, 44, 252, 252, colour) + sunburst(154, 170, shade(toy.look.second, 1.3), 28, 44, 252, 252) +
      `<rect x="28" y="44" width="252" height="42" fill="${shade(toy.look.main, 0.45)}"/>` +
      svgText(154, 74, toy.brand.toUpperCase(), { size: toy.brand.length > 14 ? 17 : 22, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: serifFont, extra: 'letter-spacing="1"' }) +
      toyAt(toy, 70, 90, 168) +
      `<circle cx="246" cy="112" r="26" fill="#ffd23f"/>` + svgText(246, 109, toy.boxNote.split(' ')[0]!, { size: 9, fill: '#1a1a1a', anchor: 'middle', weight: 'bold', family: condensed }) +
      svgText(246, 121, toy.boxNote.split(' ').slice(1, 3).join(' ').replace(/^[·⇄] ?/, ''), { size: 7, fill: '#1a1a1a', anchor: 'middle', family: condensed }) +
      `<rect x="34" y="250" width="240" height="40" fill="#fff4d6"/>` +
      svgText(154, 268, fitName(toy.name, 32), { size: 13, fill: '#1a1a1a', anchor: 'middle', weight: 'bold', family: condensed }) +
      svgText(42, 285, toy.modelNumbers[0]!, { size: 12, fill: '#1a1a1a', weight: 'bold', family: condensed }) +
      svgText(266, 285, toy.boxNote, { size: 8, fill: '#333', anchor: 'end', family: condensed });
  },
  'collector-case': (toy) =>
    `<rect x="30" y="236" width="260" height="56" rx="4" fill="#161616"/><rect x="30" y="236" width="260" height="6" fill="#3a3a3a"/>` +
    svgText(160, 260, toy.brand.toUpperCase(), { size: 15, fill: '#c9c9c9', anchor: 'middle', weight: 'bold', extra: 'letter-spacing="3"' }) +
    svgText(160, 276, fitName(toy.name, 34), { size: 11, fill: '#e6e6e6', anchor: 'middle', family: condensed }) +
    svgText(44, 287, toy.modelNumbers[0]!, { size: 10, fill: '#e6c66a', weight: 'bold', family: condensed }) + svgText(276, 287, toy.boxNote, { size: 8, fill: '#bdbdbd', anchor: 'end', family: condensed }) +
    // The acrylic case: a faint tint inside a clearly edged frame (the edge also keeps a cut-out of
    // this image from eating into the case).
    `<rect x="40" y="40" width="240" height="196" fill="#d9e3ec"/><rect x="41.5" y="41.5" width="237" height="193" fill="none" stroke="#9fb0bf" stroke-width="3"/>` + toyAt(toy, 56, 52, 208) +
    `<path d="M40,40 L110,40 L40,130 Z" fill="#ffffff" opacity="0.35"/><path d="M200,40 L230,40 L120,236 L90,236 Z" fill="#ffffff" opacity="0.18"/>`,
  'header-bag': (toy) => {
    const rng = createRng(hashSeed(toy.slug, 'bag'));
    let crinkles = '';
    for (let i = 0; i < 6; i++) crinkles += `<path d="M${fmt(60 + rng.next() * 200)},${fmt(110 + rng.next() * 170)} l${fmt(rng.range(-30, 30))},${fmt(rng.range(10, 40))}" stroke="#ffffff" stroke-width="3" opacity="0.5"/>`;
    return `<rect x="50" y="96" width="220" height="196" rx="4" fill="#dde6ee"/>` + toyAt(toy, 66, 108, 188) + crinkles +
      `<rect x="50" y="96" width="220" height="196" rx="4" fill="#ffffff" opacity="0.15"/><rect x="51" y="97" width="218" height="194" rx="4" fill="none" stroke="#a9b7c3" stroke-width="3"/>` +
      `<path d="M46,30 L274,30 L274,98 L46,98 Z" fill="${shade(toy.look.main, 0.5)}"/><circle cx="160" cy="44" r="8" fill="${studio}"/>` +
      svgText(160, 70, toy.brand.toUpperCase(), { size: 18, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: condensed, extra: 'letter-spacing="2"' }) +
      svgText(58, 91, fitName(toy.name, 26), { size: 10, fill: '#ffffff', family: condensed }) +
      svgText(262, 91, toy.modelNumbers[0]!, { size: 11, fill: '#ffe066', anchor: 'end', weight: 'bold', family: condensed });
  },
  'heart-tag': (toy) => {
    const heart = 'M0,14 C-4,-4 -30,-6 -30,14 C-30,30 -10,42 0,52 C10,42 30,30 30,14 C30,-6 4,-4 0,14 Z';
    return toyAt(toy, 10, 40, 240) + `<path d="M172,120 C200,110 214,96 226,80" fill="none" stroke="#d23f6b" stroke-width="3"/>` +
      `<g transform="translate(250,54) scale(2.1) rotate(12)"><path d="${heart}" fill="#d23f6b"/><path d="${heart}" fill="none" stroke="#ffffff" stroke-width="0.8" transform="scale(0.88) translate(0,2)"/></g>` +
      svgText(252, 92, toy.brand, { size: 15, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: serifFont, extra: 'font-style="italic" transform="rotate(12 252 92)"' }) +
      svgText(248, 112, toy.character ?? toy.name, { size: 11, fill: '#ffffff', anchor: 'middle', family: condensed, extra: 'transform="rotate(12 248 112)"' }) +
      svgText(244, 130, toy.modelNumbers[0]!, { size: 11, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: condensed, extra: 'transform="rotate(12 244 130)"' }) +
      `<rect x="60" y="262" width="70" height="34" fill="#fff6e0" stroke="#c9b99a" stroke-width="2"/>` + svgText(95, 277, toy.brand, { size: 9, fill: '#444', anchor: 'middle', family: condensed }) + svgText(95, 290, 'CE · 0+', { size: 8, fill: '#444', anchor: 'middle', family: condensed });
  },
  'blind-box': (toy) =>
    box(30, 70, 150, 180, shade(toy.look.second, 0.7), 26) +
    svgText(105, 150, '?', { size: 110, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: condensed, extra: 'opacity="0.9"' }) +
    svgText(105, 96, toy.brand.split(' ')[0]!.toUpperCase(), { size: 16, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: condensed, extra: 'letter-spacing="2"' }) +
    svgText(105, 200, (toy.series ?? '').toUpperCase(), { size: 13, fill: '#ffe066', anchor: 'middle', weight: 'bold', family: condensed }) +
    svgText(105, 236, toy.boxNote, { size: 8, fill: '#ffffff', anchor: 'middle', family: condensed }) +
    // The collector card that came out of the box names the figure.
    `<g transform="rotate(-6 240 190)"><rect x="186" y="110" width="110" height="160" rx="6" fill="#ffffff" stroke="#cfcfcf"/>` + toyAt(toy, 196, 118, 90) +
    svgText(241, 226, fitName(toy.character ?? toy.name, 14), { size: 11, fill: '#222', anchor: 'middle', weight: 'bold', family: condensed }) +
    svgText(241, 246, toy.modelNumbers[0]!, { size: 11, fill: '#222', anchor: 'middle', weight: 'bold', family: condensed }) + '</g>',
  'kit-box': (toy) =>
    box(14, 80, 286, 180, '#1f3550', 14) +
    `<defs><linearGradient id="kit-sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5e8fc4"/><stop offset="1" stop-color="#d9e7f2"/></linearGradient></defs>` +
    `<rect x="22" y="112" width="270" height="140" fill="url(#kit-sky)"/>` + toyAt(toy, 80, 104, 150) +
    `<rect x="14" y="80" width="286" height="30" fill="#1f3550"/>` + svgText(24, 101, toy.brand.toUpperCase(), { size: 16, fill: '#ffffff', weight: 'bold', family: condensed, extra: 'letter-spacing="1"' }) +
    `<rect x="210" y="84" width="84" height="22" fill="#ffd23f"/>` + svgText(252, 100, toy.modelNumbers[0]!, { size: 12, fill: '#1a1a1a', anchor: 'middle', weight: 'bold', family: condensed }) +
    `<path d="M22,206 L110,206 L96,232 L22,232 Z" fill="#c62828"/>` + svgText(30, 224, toy.boxNote.split(' · ')[0]!, { size: 11, fill: '#ffffff', weight: 'bold', family: condensed }) +
    svgText(286, 246, fitName(toy.name, 34), { size: 11, fill: '#1a1a1a', anchor: 'end', weight: 'bold', family: condensed }),
  tray: (toy) =>
    `<path d="M20,90 L300,90 L286,292 L34,292 Z" fill="#c9a878"/><path d="M36,104 L284,104 L274,280 L46,280 Z" fill="#e2c99e"/>` + toyAt(toy, 62, 80, 196) +
    `<path d="M20,90 L300,90 L286,292 L34,292 Z" fill="#ffffff" opacity="0.12"/><path d="M40,96 L120,96 L60,200 Z" fill="#ffffff" opacity="0.25"/>` +
    `<rect x="190" y="230" width="100" height="52" rx="4" fill="#fffaf0" stroke="#8a6a3a"/>` +
    svgText(240, 248, toy.brand, { size: 11, fill: '#5a3a1a', anchor: 'middle', weight: 'bold', family: serifFont, extra: 'font-style="italic"' }) +
    svgText(240, 262, fitName(toy.character ?? toy.name, 16), { size: 9, fill: '#5a3a1a', anchor: 'middle', family: condensed }) +
    svgText(240, 276, toy.modelNumbers[0]!, { size: 10, fill: '#1a1a1a', anchor: 'middle', weight: 'bold', family: condensed }),
  tin: (toy) => {
    let pattern = '';
    for (let i = 0; i < 7; i++) pattern += `<circle cx="${60 + i * 34}" cy="${i % 2 === 0 ? 150 : 200}" r="12" fill="${i % 2 === 0 ? toy.look.accent : toy.look.second}" opacity="0.85"/>`;
    return `<rect x="44" y="70" width="232" height="214" fill="${toy.look.main}"/>` + `<ellipse cx="160" cy="284" rx="116" ry="18" fill="${shade(toy.look.main, 0.6)}"/>` + pattern +
      `<rect x="44" y="70" width="232" height="214" fill="url(#tin-sheen)"/>` +
      `<defs><linearGradient id="tin-sheen" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.3"/><stop offset="0.6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.4"/></linearGradient></defs>` +
      `<ellipse cx="160" cy="70" rx="118" ry="22" fill="#c9c9c9"/><ellipse cx="160" cy="66" rx="110" ry="18" fill="#e0e0e0"/>` +
      `<rect x="70" y="100" width="180" height="36" rx="4" fill="#fff6dc"/>` + svgText(160, 124, toy.brand.toUpperCase(), { size: 18, fill: '#1a1a1a', anchor: 'middle', weight: 'bold', family: serifFont }) +
      `<rect x="70" y="226" width="180" height="40" rx="4" fill="#fff6dc"/>` + svgText(160, 242, fitName(toy.name, 28), { size: 10, fill: '#1a1a1a', anchor: 'middle', weight: 'bold', family: condensed }) +
      svgText(160, 259, `${toy.modelNumbers[0]!} · ${toy.boxNote}`, { size: 10, fill: '#1a1a1a', anchor: 'middle', family: condensed });
  },
};

/** The end panel of a box: what a collector photographs to prove the exact variant. */
function endPanel(toy: HeldOutToy): string {
  const rng = createRng(hashSeed(toy.slug, 'barcode'));
  let bars = '';
  for (let x = 90; x < 230; x += 3.4) bars += `<rect x="${fmt(x)}" y="226" width="${rng.int(1, 2)}" height="44" fill="#111"/>`;
  return `<rect x="70" y="24" width="180" height="272" fill="#f6f2e8" stroke="#a89e86" stroke-width="3"/><rect x="70" y="24" width="180" height="40" fill="${shade(toy.look.main, 0.45)}"/>` +
    svgText(160, 50, toy.brand.toUpperCase(), { size: toy.brand.length > 14 ? 13 : 16, fill: '#ffffff', anchor: 'middle', weight: 'bold', family: condensed }) +
    svgText(160, 108, toy.modelNumbers[0]!, { size: 26, fill: '#111', anchor: 'middle', weight: 'bold', family: condensed }) +
    svgText(160, 136, fitName(toy.name, 26), { size: 11, fill: '#222', anchor: 'middle', family: condensed }) +
    svgText(160, 170, toy.manufacturer, { size: 9, fill: '#333', anchor: 'middle', family: condensed }) +
    svgText(160, 186, toy.makerMarks.at(-1)!, { size: 9, fill: '#333', anchor: 'middle', family: condensed }) +
    svgText(160, 208, '⚠ 0–3', { size: 10, fill: '#333', anchor: 'middle', family: condensed }) + bars +
    svgText(160, 284, `5 ${String(rng.int(100000, 999999))} ${String(rng.int(100000, 999999))}`, { size: 10, fill: '#111', anchor: 'middle', family: 'DejaVu Sans Mono' });
}

export function heldOutToyItemSvg(toy: HeldOutToy, view: HeldOutView): string {
  return svgDocument(Z, Z, `<rect width="${Z}" height="${Z}" fill="${studio}"/>${toyAt(toy, 32, 32, 256, view)}`);
}

/** The packaging images, front first (none for a toy sold loose). */
export function heldOutToyPackagingSvgs(toy: HeldOutToy): string[] {
  if (!toy.packaging) return [];
  const front = svgDocument(Z, Z, `<rect width="${Z}" height="${Z}" fill="${studio}"/>${packagings[toy.packaging](toy)}`);
  return toy.endPanel ? [front, svgDocument(Z, Z, `<rect width="${Z}" height="${Z}" fill="${studio}"/>${endPanel(toy)}`)] : [front];
}
