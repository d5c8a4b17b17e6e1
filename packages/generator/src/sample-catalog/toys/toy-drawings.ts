import { fmt } from '../../svg.ts';
import type { ToyLook, ToyShape } from './toy-list.ts';

/*
 * Flat-shaded toy drawings in a 256×256 box, in two views: 'front' (the canonical one) and
 * 'side' (turned, or from behind). Darker side faces give each toy some volume.
 */

export type ToyView = 'front' | 'side';
type Draw = (l: ToyLook, view: ToyView) => string;

const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0) =>
  `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" rx="${rx}" fill="${fill}"/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(rx)}" ry="${fmt(ry)}" fill="${fill}" ${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;
const outline = 'stroke="#1a1a1a" stroke-width="2" stroke-linejoin="round"';

/** Darkens a #rrggbb colour, for the side faces that turn away from the light. */
export function shade(hex: string, factor: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.round(((n >> shift) & 255) * factor).toString(16).padStart(2, '0');
  return `#${ch(16)}${ch(8)}${ch(0)}`;
}

const wheel = (x: number, y: number, r: number) => ellipse(x, y, r, r, '#1a1a1a') + ellipse(x, y, r * 0.5, r * 0.5, '#b0b0b0');

const figure: Draw = (l, view) => {
  const back = view === 'side';
  const helmet = [
    path('M104,40 C104,18 152,18 152,40 L152,70 L104,70 Z', l.secondary, outline) + (back ? '' : rect(110, 44, 36, 12, l.accent, 4)),
    path('M104,42 C104,20 152,20 152,42 L152,70 L104,70 Z', l.primary, outline) + path('M104,34 L88,10 L112,28 Z M152,34 L168,10 L144,28 Z', l.accent, outline),
    ellipse(128, 46, 24, 26, '#f1c27d', outline) + path('M104,40 C106,14 150,14 152,40 C140,30 116,30 104,40 Z', l.accent, outline),
    path('M102,44 C102,16 154,16 154,44 L154,72 L102,72 Z', l.primary, outline) + (back ? '' : rect(108, 40, 40, 16, '#1a1a1a', 6)),
  ][l.variant % 4]!;
  const body = path('M96,76 L160,76 L166,150 L90,150 Z', l.primary, outline) + rect(96, 150, 64, 14, l.accent) +
    rect(98, 164, 26, 70, l.secondary) + rect(132, 164, 26, 70, l.secondary) + rect(94, 228, 32, 10, '#1a1a1a', 3) + rect(130, 228, 32, 10, '#1a1a1a', 3) +
    rect(72, 80, 20, 64, l.primary) + rect(164, 80, 20, 64, l.primary) + ellipse(82, 150, 10, 10, l.secondary) + ellipse(174, 150, 10, 10, l.secondary);
  const chest = back ? rect(104, 84, 48, 56, shade(l.primary, 0.7), 6) : path('M112,88 L144,88 L128,112 Z', l.accent);
  const gear = [rect(178, 120, 40, 10, '#555'), rect(180, 60, 6, 96, '#cfd8dc'), ellipse(70, 118, 18, 26, l.accent, outline), rect(176, 96, 10, 60, l.accent)][l.variant % 4]!;
  return helmet + body + chest + (back ? '' : gear);
};

const mecha: Draw = (l, view) => {
  const side = view === 'side';
  const w = side ? 0.7 : 1;
  const x = (v: number) => 128 + (v - 128) * w;
  const horns = ['M112,30 L100,8 L120,26 Z M144,30 L156,8 L136,26 Z', 'M118,26 L128,4 L138,26 Z', 'M106,34 L84,24 L110,40 Z M150,34 L172,24 L146,40 Z'][l.variant % 3]!;
  return path(horns, l.accent, outline) +
    rect(x(110), 26, 36 * w, 30, l.secondary, 4) + rect(x(116), 36, 24 * w, 8, side ? l.secondary : '#22d3ee') +
    rect(x(88), 60, 80 * w, 66, l.primary, 6) + rect(x(104), 70, 48 * w, 30, l.secondary, 4) +
    rect(x(60), 60, 28 * w, 28, l.accent, 6) + rect(x(168), 60, 28 * w, 28, l.accent, 6) +
    rect(x(64), 90, 20 * w, 60, l.primary) + rect(x(172), 90, 20 * w, 60, l.primary) +
    rect(x(100), 126, 56 * w, 18, l.accent) +
    rect(x(96), 146, 28 * w, 76, l.primary) + rect(x(132), 146, 28 * w, 76, l.primary) +
    rect(x(90), 222, 38 * w, 16, l.secondary, 3) + rect(x(128), 222, 38 * w, 16, l.secondary, 3);
};

const doll: Draw = (l, view) => {
  const side = view === 'side';
  const hair = l.variant % 2 === 0
    ? path('M100,50 C96,10 160,10 156,50 L164,130 L92,130 Z', l.secondary)
    : path('M102,48 C100,14 156,14 154,48 L158,82 L98,82 Z', l.secondary) + ellipse(160, 40, 12, 12, l.secondary);
  const face = side ? ellipse(136, 52, 20, 26, '#f3c9a5') : ellipse(128, 52, 24, 28, '#f3c9a5') + ellipse(119, 52, 3, 4, '#1a1a1a') + ellipse(137, 52, 3, 4, '#1a1a1a') + path('M120,64 Q128,70 136,64', 'none', 'stroke="#c0392b" stroke-width="2"');
  return hair + face + rect(118, 80, 20, 12, '#f3c9a5') +
    path('M108,92 L148,92 L150,130 L186,214 L70,214 Z', l.primary, outline) + rect(108, 124, 40, 8, l.accent) +
    rect(112, 214, 12, 24, '#f3c9a5') + rect(132, 214, 12, 24, '#f3c9a5') + rect(108, 234, 18, 6, l.accent, 2) + rect(130, 234, 18, 6, l.accent, 2) +
    (side ? '' : rect(88, 96, 14, 60, '#f3c9a5', 6) + rect(154, 96, 14, 60, '#f3c9a5', 6));
};

function plush(ears: string, extra: (l: ToyLook, side: boolean) => string): Draw {
  return (l, view) => {
    const side = view === 'side';
    return path(ears, l.primary, outline) + ellipse(128, 178, 62, 58, l.primary, outline) + ellipse(128, 188, 36, 36, l.secondary) +
      ellipse(128, 92, 54, 48, l.primary, outline) + (side ? ellipse(96, 104, 22, 16, l.secondary) : ellipse(128, 108, 22, 16, l.secondary)) +
      (side ? ellipse(108, 84, 5, 6, '#1a1a1a') : ellipse(110, 84, 6, 7, '#1a1a1a') + ellipse(146, 84, 6, 7, '#1a1a1a') + ellipse(128, 102, 7, 5, '#1a1a1a')) +
      ellipse(82, 236, 22, 12, l.primary, outline) + ellipse(174, 236, 22, 12, l.primary, outline) + extra(l, side);
  };
}

const vehicle: Draw = (l, view) => {
  if (view === 'side') {
    // Seen from the front: a low box with headlights and the grille.
    const tall = l.variant === 1 ? 20 : 0;
    return rect(60, 110 - tall, 136, 70 + tall, l.primary, 12) + rect(78, 94 - tall, 100, 38, l.secondary, 10) + rect(84, 100 - tall, 88, 24, '#9fd3f5', 6) +
      ellipse(82, 150, 12, 10, l.accent) + ellipse(174, 150, 12, 10, l.accent) + rect(106, 146, 44, 18, '#333', 3) +
      rect(64, 178, 24, 40 + tall / 2, '#1a1a1a', 6) + rect(168, 178, 24, 40 + tall / 2, '#1a1a1a', 6);
  }
  const bodies = [
    'M20,170 L36,140 L92,128 L120,104 L176,104 L204,132 L236,140 L240,170 Z',
    'M24,160 L24,120 L70,120 L86,86 L190,86 L200,120 L236,120 L236,160 Z',
    'M20,168 L26,142 L90,140 L106,122 L134,122 L146,140 L232,146 L238,168 Z',
    'M14,168 L30,150 L110,130 L150,120 L236,140 L244,168 Z',
  ];
  const v = l.variant % 4;
  const windows = ['M100,130 L124,110 L170,110 L190,130 Z', 'M96,92 L184,92 L188,120 L92,120 Z', 'M108,140 L118,126 L130,126 L138,140 Z', 'M116,132 L152,124 L196,136 Z'][v]!;
  const r = v === 1 ? 28 : 20;
  const y = v === 1 ? 166 : 170;
  return path(bodies[v]!, l.primary, outline) + path(windows, '#9fd3f5', outline) + rect(30, 150, 200, 6, l.secondary) +
    ellipse(232, 152, 6, 5, l.accent) + wheel(66, y, r) + wheel(194, y, r) + (v === 3 ? rect(120, 116, 60, 4, l.accent) : '');
};

const truck: Draw = (l, view) => view === 'side'
  ? rect(58, 70, 140, 130, l.primary, 10) + rect(72, 84, 112, 46, '#9fd3f5', 6) + rect(100, 50, 56, 16, l.accent, 4) + rect(80, 150, 96, 20, '#ddd', 3) + rect(60, 196, 26, 34, '#1a1a1a', 6) + rect(170, 196, 26, 34, '#1a1a1a', 6)
  : path('M14,180 L14,110 L60,110 L76,80 L108,80 L108,180 Z', l.primary, outline) + rect(108, 118, 134, 62, l.primary) + rect(66, 88, 36, 26, '#9fd3f5') +
    path('M112,104 L240,58', 'none', `stroke="${l.secondary}" stroke-width="14"`) + path('M112,104 L240,58', 'none', 'stroke="#555" stroke-width="2" stroke-dasharray="4 10"') +
    rect(20, 66, 16, 10, l.accent, 3) + wheel(50, 184, 20) + wheel(150, 184, 20) + wheel(204, 184, 20);

const bus: Draw = (l, view) => view === 'side'
  ? rect(64, 52, 128, 170, l.primary, 12) + rect(76, 66, 104, 60, '#9fd3f5', 4) + rect(90, 136, 76, 16, l.accent, 3) + ellipse(84, 190, 10, 9, l.secondary) + ellipse(172, 190, 10, 9, l.secondary) + rect(68, 218, 24, 18, '#1a1a1a', 4) + rect(164, 218, 24, 18, '#1a1a1a', 4)
  : rect(12, 82, 232, 96, l.primary, 12) + rect(12, 82, 232, 14, l.secondary, 6) +
    Array.from({ length: 6 }, (_, i) => rect(24 + i * 36, 102, 28, 30, '#9fd3f5', 3)).join('') + rect(12, 150, 232, 8, l.accent) + wheel(60, 182, 20) + wheel(196, 182, 20);

const spaceship: Draw = (l, view) => view === 'side'
  ? ellipse(128, 128, 40, 40, l.primary, outline) + path('M20,150 L98,118 L98,150 Z M236,150 L158,118 L158,150 Z', l.secondary, outline) + ellipse(128, 116, 16, 12, '#9fd3f5') + ellipse(128, 160, 22, 10, l.accent)
  : path('M16,140 L180,100 C220,104 244,120 244,136 C244,150 220,160 180,160 Z', l.primary, outline) + path('M120,112 L80,60 L150,104 Z M120,152 L80,206 L150,158 Z', l.secondary, outline) +
    path('M176,108 C200,110 218,120 222,130 L180,130 Z', '#9fd3f5') + path('M16,126 L2,120 L2,156 L16,150 Z', l.accent) + rect(60, 128, 90, 6, l.accent);

const studs = (x: number, y: number, n: number, colour: string) => Array.from({ length: n }, (_, i) => rect(x + 4 + i * 14, y - 5, 9, 5, shade(colour, 0.8), 1)).join('');
const brick = (x: number, y: number, w: number, h: number, colour: string) => rect(x, y, w, h, colour) + rect(x + w, y + 4, 6, h - 4, shade(colour, 0.65)) + studs(x, y, Math.floor(w / 14), colour);

const buildings: Record<'lighthouse' | 'outpost' | 'bakery', Draw> = {
  lighthouse: (l, view) => brick(20, 214, 216, 18, '#2f855a') +
    Array.from({ length: 7 }, (_, i) => brick(92 + i * 2, 186 - i * 24, 72 - i * 4, 22, i % 2 === 0 ? l.primary : l.secondary)).join('') +
    brick(100, 14, 56, 12, l.accent) + rect(106, 26, 44, 10, '#fde047') + (view === 'side' ? brick(170, 190, 56, 24, '#a16207') : brick(24, 190, 56, 24, '#a16207')),
  outpost: (l, view) => brick(10, 214, 236, 18, '#c2410c') + path('M40,212 C40,130 150,130 150,212 Z', l.primary, outline) + rect(60, 170, 20, 20, l.accent) +
    brick(150, 166, 80, 46, l.secondary) + brick(170, 120, 40, 44, l.primary) + rect(186, 60, 6, 60, '#6b7280') + ellipse(189, 58, 18, 8, l.accent) +
    (view === 'side' ? brick(14, 190, 30, 22, l.secondary) : ''),
  bakery: (l, view) => brick(16, 216, 224, 16, '#6b7280') + brick(40, 110, 170, 104, l.primary) + path('M30,112 L128,40 L226,112 Z', l.secondary, outline) +
    Array.from({ length: 6 }, (_, i) => rect(44 + i * 28, 120, 28, 16, i % 2 === 0 ? l.accent : '#ffffff')).join('') + rect(110, 160, 34, 54, l.secondary) +
    rect(56, 150, 40, 34, '#9fd3f5') + (view === 'side' ? rect(160, 150, 36, 34, '#9fd3f5') : ellipse(178, 166, 18, 18, '#fcd34d', outline)),
};

const playsets: Record<'pirate-rock' | 'ranger-base', Draw> = {
  'pirate-rock': (l, view) => ellipse(128, 226, 120, 18, '#38bdf8') + path('M40,224 C30,120 90,40 150,50 C210,60 232,140 220,224 Z', l.primary, outline) +
    ellipse(110, 110, 16, 20, '#1a1a1a') + ellipse(160, 110, 16, 20, '#1a1a1a') + path('M122,150 L148,150 L135,170 Z', '#1a1a1a') +
    rect(196, 40, 6, 60, '#7c4a1e') + path('M200,40 C170,30 160,48 160,48 M200,40 C230,28 240,48 240,48', 'none', `stroke="${l.secondary}" stroke-width="10"`) +
    (view === 'side' ? rect(30, 180, 50, 30, '#7c4a1e') : rect(56, 196, 40, 26, l.accent, 3)),
  'ranger-base': (l, view) => rect(16, 200, 224, 30, l.primary, 4) + rect(40, 110, 70, 90, l.secondary, 4) + rect(50, 124, 50, 20, '#9fd3f5') +
    rect(120, 60, 34, 140, l.primary, 4) + ellipse(137, 56, 30, 12, l.accent) + ellipse(200, 196, 34, 8, l.accent) + (view === 'side' ? rect(180, 130, 40, 64, l.secondary, 4) : path('M180,190 L200,150 L220,190 Z', '#e11d48')),
};

const animals: Record<'fox' | 'owl' | 'hedgehog', Draw> = {
  fox: (l, view) => path(view === 'side' ? 'M60,190 C40,120 100,90 150,110 L180,70 L186,112 L214,118 L190,140 C200,170 170,196 120,196 Z' : 'M80,200 C70,130 100,100 128,100 C156,100 186,130 176,200 Z M92,112 L84,60 L118,98 Z M164,112 L172,60 L138,98 Z', l.primary, outline) +
    path('M176,190 C230,170 236,120 210,110 C220,150 196,170 170,176 Z', l.primary, outline) + ellipse(128, 168, 26, 22, l.secondary) + (view === 'side' ? '' : ellipse(116, 130, 5, 6, l.accent) + ellipse(140, 130, 5, 6, l.accent)),
  owl: (l, view) => ellipse(128, 140, 62, 80, l.primary, outline) + ellipse(128, 160, 40, 52, l.secondary) + path('M76,70 L90,96 L104,76 Z M180,70 L166,96 L152,76 Z', l.primary, outline) +
    (view === 'side' ? ellipse(100, 104, 14, 14, l.accent) : ellipse(106, 104, 18, 18, l.accent) + ellipse(150, 104, 18, 18, l.accent) + ellipse(106, 104, 7, 7, '#1a1a1a') + ellipse(150, 104, 7, 7, '#1a1a1a') + path('M122,118 L134,118 L128,132 Z', '#f59e0b')),
  hedgehog: (l, view) => path(Array.from({ length: 14 }, (_, i) => { const a = Math.PI * (1 + i / 13); return `${i === 0 ? 'M' : 'L'}${fmt(128 + 92 * Math.cos(a))},${fmt(190 + 92 * Math.sin(a))} L${fmt(128 + 72 * Math.cos(a + 0.12))},${fmt(190 + 72 * Math.sin(a + 0.12))}`; }).join(' ') + ' Z', l.primary, outline) +
    (view === 'side' ? path('M180,190 C200,160 230,170 240,186 L210,194 Z', l.secondary, outline) : ellipse(128, 170, 40, 32, l.secondary) + ellipse(116, 162, 5, 6, '#1a1a1a') + ellipse(140, 162, 5, 6, '#1a1a1a')) + ellipse(188, 150, 10, 8, l.accent),
};

const draws: Record<ToyShape, Draw> = {
  figure, mecha, doll, car: vehicle, truck, bus, spaceship,
  bear: plush('M74,60 a22,22 0 1 1 30,-12 Z M182,60 a22,22 0 1 0 -30,-12 Z', () => ''),
  bunny: plush('M96,60 C80,0 104,-6 112,50 Z M160,60 C176,0 152,-6 144,50 Z', (l) => ellipse(128, 232, 10, 8, l.accent)),
  cat: plush('M80,70 L84,26 L116,52 Z M176,70 L172,26 L140,52 Z', (l, side) => (side ? '' : path('M96,100 L70,96 M96,106 L70,110 M160,100 L186,96 M160,106 L186,110', 'none', `stroke="${l.accent}" stroke-width="2"`))),
  penguin: plush('M128,40 Z', (l) => path('M118,112 L138,112 L128,126 Z', l.accent)),
  ...buildings, ...playsets, ...animals,
  top: (l, view) => path('M60,90 L196,90 L128,230 Z', l.primary, outline) + ellipse(128, 90, 68, 20, l.secondary, outline) + rect(122, 40, 12, 50, l.accent, 3) + (view === 'side' ? path('M96,110 L160,110 L150,130 L106,130 Z', l.accent) : path('M80,120 L176,120 L164,144 L92,144 Z', l.accent)),
  yoyo: (l, view) => view === 'side'
    ? rect(96, 40, 28, 176, l.primary, 12) + rect(132, 40, 28, 176, l.primary, 12) + rect(124, 100, 8, 56, l.accent) + path('M128,40 L128,4', 'none', 'stroke="#555" stroke-width="2"')
    : ellipse(128, 128, 90, 90, l.primary, outline) + ellipse(128, 128, 60, 60, l.secondary) + ellipse(128, 128, 18, 18, l.accent) + path('M128,38 L128,4', 'none', 'stroke="#555" stroke-width="2"'),
};

// Scenes without a distinct back are shown from the other side, i.e. mirrored.
const mirroredWhenTurned = new Set<ToyShape>(['lighthouse', 'outpost', 'bakery', 'pirate-rock', 'ranger-base', 'top']);

/** The toy's drawing as SVG elements in a 256×256 box, with a soft floor shadow. */
export function drawToy(look: ToyLook, view: ToyView): string {
  const art = draws[look.shape](look, view);
  const turned = view === 'side' && mirroredWhenTurned.has(look.shape) ? `<g transform="translate(256,0) scale(-1,1)">${art}</g>` : art;
  return ellipse(128, 238, 100, 10, '#000000', 'opacity="0.12"') + turned;
}
