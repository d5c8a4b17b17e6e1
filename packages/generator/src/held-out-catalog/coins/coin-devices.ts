import { fmt } from '../../svg.ts';
import type { CanadianPortrait, HeldOutDevice } from './coin-list.ts';

/*
 * The held-out coins' devices on a 300×300 face centred at (150,150), inside a radius of about 96.
 * Shapes carry no fill of their own: the face renderer wraps them in a group whose fill and outline
 * give the relief its look (a frosted gradient with an engraved outline, over a soft shadow).
 * Incised details set `fill="none"` and draw with the inherited outline colour.
 */

const cut = (width: number) => `fill="none" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const polar = (cx: number, cy: number, r: number, degrees: number): [number, number] =>
  [cx + r * Math.cos((degrees * Math.PI) / 180), cy + r * Math.sin((degrees * Math.PI) / 180)];

// A queen's bust facing right; the back of the head towards the left.
const bust = 'M150,66 C182,62 204,82 206,108 L216,128 L207,132 C209,138 207,142 205,146 L207,152 C201,162 191,166 183,166 L180,182 C188,194 204,202 220,208 L232,240 L74,240 C78,216 98,200 122,192 L127,172 C108,162 96,142 96,118 C96,86 120,66 150,66 Z';
const face = `<path ${cut(1.6)} d="M184,106 C190,102 196,104 198,108"/><path ${cut(1.4)} d="M198,150 L188,150"/><path ${cut(1.6)} d="M150,112 C160,112 162,130 150,134"/>`;
const necklace = Array.from({ length: 9 }, (_, i) => {
  const [x, y] = polar(160, 150, 56, 72 + i * 6);
  return `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="3.2"/>`;
}).join('');

const portraits: Record<CanadianPortrait, string> = {
  // Machin (1965–1989): hair drawn up under a tiara with a fringe of points.
  tiara: `<path d="M104,112 C96,80 126,60 156,62 C184,62 200,78 204,96 C190,86 168,84 150,90 C132,96 118,108 112,126 Z"/>` +
    Array.from({ length: 8 }, (_, i) => {
      const [x, y] = polar(150, 118, 58, 222 + i * 12);
      const [tx, ty] = polar(150, 118, 72, 222 + i * 12);
      return `<path d="M${fmt(x - 4)},${fmt(y)} L${fmt(tx)},${fmt(ty)} L${fmt(x + 4)},${fmt(y)} Z"/>`;
    }).join('') + `<path ${cut(2)} d="M118,138 C110,150 112,166 124,172"/>`,
  // de Pédery-Hunt (1990–2002): a tall diadem with arches and crosses.
  diadem: `<path d="M108,98 L110,60 L126,76 L138,46 L152,72 L166,44 L176,72 L192,58 L196,96 C170,88 134,88 108,98 Z"/>` +
    `<path ${cut(2)} d="M112,92 C140,84 170,84 194,90"/><circle cx="138" cy="42" r="5"/><circle cx="166" cy="40" r="5"/><path ${cut(2.2)} d="M104,120 C96,140 104,160 122,170"/>`,
  // Blunt (2003–2022): uncrowned, short waved hair.
  bare: `<path d="M100,122 C94,86 120,62 152,62 C182,62 200,80 200,98 C186,88 166,84 150,92 C136,100 130,118 128,140 C118,146 106,140 100,122 Z"/>` +
    [0, 1, 2, 3].map((i) => `<path ${cut(1.8)} d="M${112 + i * 6},${78 + i * 12} C${130 + i * 4},${70 + i * 10} ${150 + i * 2},${72 + i * 10} ${170},${80 + i * 6}"/>`).join(''),
};

/** An eleven-point maple leaf centred on (x, y), `r` to its tips, turned `turn` degrees. */
function mapleLeaf(x: number, y: number, r: number, turn: number): string {
  const tips: [number, number][] = [[0, -1], [0.28, -0.62], [0.62, -0.78], [0.52, -0.36], [0.98, -0.26], [0.74, 0.04], [0.86, 0.3], [0.32, 0.28], [0.2, 0.62], [0.06, 0.42], [0.04, 0.86]];
  const half = tips.map(([a, b]) => [a * r, b * r] as [number, number]);
  const outline = [...half, ...half.slice(0, -1).reverse().map(([a, b]) => [-a, b] as [number, number])];
  const pts = outline.map(([a, b]) => `${fmt(a)},${fmt(b)}`).join(' ');
  return `<g transform="translate(${fmt(x)},${fmt(y)}) rotate(${turn})"><polygon points="${pts}"/><path ${cut(1.2)} d="M0,${fmt(r * 0.86)} L0,${fmt(-r * 0.8)} M0,${fmt(r * 0.2)} L${fmt(r * 0.7)},${fmt(-r * 0.2)} M0,${fmt(r * 0.2)} L${fmt(-r * 0.7)},${fmt(-r * 0.2)}"/></g>`;
}

function oakLeaf(x: number, y: number, turn: number): string {
  const lobes = 'M0,0 C-10,-6 -18,-4 -16,-14 C-26,-16 -26,-26 -16,-30 C-24,-38 -18,-48 -8,-46 C-8,-56 0,-62 4,-66 C8,-60 14,-56 12,-46 C22,-48 26,-38 18,-30 C28,-26 26,-16 16,-14 C18,-4 10,-6 0,0 Z';
  return `<g transform="translate(${fmt(x)},${fmt(y)}) rotate(${turn}) scale(1.15)"><path d="${lobes}"/><path ${cut(1)} d="M0,0 L3,-60"/></g>`;
}

const acorn = (x: number, y: number, turn: number) =>
  `<g transform="translate(${fmt(x)},${fmt(y)}) rotate(${turn})"><ellipse cx="0" cy="10" rx="8" ry="11"/><path d="M-10,0 C-10,-8 10,-8 10,0 Z"/><path ${cut(1.2)} d="M0,-6 L0,-12"/></g>`;

/** Rough shapes of Europe's countries (2002 common side) or one continent (from 2007). */
function europe(x: number, y: number, s: number, map: 'nations' | 'continent'): string {
  const nations = [
    'M0,20 L10,8 L22,10 L26,22 L16,34 L4,30 Z', 'M26,10 L40,4 L50,12 L46,26 L30,24 Z', 'M30,26 L46,28 L48,44 L36,50 L28,40 Z',
    'M48,10 L62,6 L70,18 L60,28 L50,24 Z', 'M50,28 L62,30 L60,48 L50,46 Z', 'M14,36 L26,40 L24,56 L10,54 Z', 'M38,-14 L46,-30 L54,-22 L50,-2 L42,0 Z',
  ];
  const whole = 'M0,20 L8,6 L30,2 L38,-14 L46,-30 L56,-20 L52,-2 L64,4 L72,18 L62,30 L60,50 L48,48 L38,52 L26,42 L24,56 L8,54 L12,36 Z';
  const shapes = map === 'nations' ? nations.map((d) => `<path d="${d}"/>`).join('') : `<path d="${whole}"/>`;
  return `<g transform="translate(${fmt(x)},${fmt(y)}) scale(${fmt(s)})">${shapes}</g>`;
}

/** The common side's six lines with a star at each end (the twelve stars of Europe). */
function starLines(y0: number, y1: number): string {
  let out = '';
  for (let i = 0; i < 6; i++) {
    const y = y0 + ((y1 - y0) * i) / 5;
    out += `<path ${cut(1.4)} d="M176,${fmt(y)} L238,${fmt(y)}"/>${star(174, y, 4)}${star(240, y, 4)}`;
  }
  return out;
}

function star(x: number, y: number, r: number): string {
  const pts = Array.from({ length: 10 }, (_, i) => polar(x, y, i % 2 === 0 ? r : r * 0.45, -90 + i * 36)).map(([a, b]) => `${fmt(a)},${fmt(b)}`).join(' ');
  return `<polygon points="${pts}"/>`;
}

/** The twelve stars in a ring of radius `r` (euro national sides). */
export function starRing(r: number, size: number): string {
  return Array.from({ length: 12 }, (_, i) => star(...polar(150, 150, r, -90 + i * 30), size)).join('');
}

export function drawHeldOutDevice(device: HeldOutDevice): string {
  switch (device.kind) {
    case 'queen':
      return `<path d="${bust}"/>${portraits[device.portrait]}${face}${necklace}`;
    case 'maple-twig':
      return `<path ${cut(4)} d="M150,214 C150,190 148,170 150,150 M150,176 C140,160 126,150 112,146 M150,170 C162,154 176,146 190,144"/>` +
        mapleLeaf(108, 118, 44, -28) + mapleLeaf(194, 116, 44, 26);
    case 'beaver':
      // A beaver on a rock above the water line, its flat tail behind it.
      return `<path d="M70,200 C96,186 200,184 232,200 L232,210 L70,210 Z"/>` +
        `<path d="M92,184 C84,150 108,120 148,118 C180,116 204,128 214,146 C224,148 234,156 232,164 C226,172 214,170 206,168 C200,180 188,186 170,186 L168,196 L156,196 L154,186 L118,186 L116,196 L104,196 L102,186 C96,186 93,185 92,184 Z"/>` +
        `<path d="M94,178 C74,180 56,188 48,200 C66,204 86,196 100,186 Z"/><circle cx="206" cy="136" r="6"/><circle cx="214" cy="150" r="2.2" fill="none" stroke-width="1.4"/>` +
        `<path ${cut(1.1)} d="M58,196 L74,186 M64,198 L82,188 M72,198 L90,190 M124,140 C144,132 168,132 190,140 M118,156 C140,148 170,148 196,156"/>`;
    case 'schooner':
      return `<path d="M64,178 L236,178 L222,198 L84,198 Z"/><path ${cut(3)} d="M120,176 L120,64 M176,176 L176,76"/>` +
        `<path d="M124,70 L124,170 L168,170 Z"/><path d="M180,82 L180,170 L220,170 Z"/><path d="M116,74 L74,166 L116,166 Z"/><path d="M172,86 L136,164 L172,164 Z" opacity="0.85"/>` +
        `<path ${cut(1.6)} d="M60,210 C80,204 100,216 120,210 C140,204 160,216 180,210 C200,204 220,216 240,210"/>`;
    case 'caribou':
      // A caribou's head, long in the muzzle, under a spread of antlers.
      return `<path d="M148,116 C138,122 136,138 138,154 C140,176 142,200 146,214 C148,224 172,224 174,214 C178,200 180,176 182,154 C184,138 182,122 172,116 Z"/>` +
        `<path d="M140,128 C128,118 116,116 106,120 C114,130 126,136 140,138 Z M180,128 C192,118 204,116 214,120 C206,130 194,136 180,138 Z"/>` +
        [-1, 1].map((side) => {
          const x = (v: number) => fmt(160 + side * v);
          return `<path ${cut(5)} d="M${x(10)},118 C${x(26)},96 ${x(36)},76 ${x(34)},52 M${x(27)},98 C${x(50)},90 ${x(68)},80 ${x(80)},62 M${x(34)},74 C${x(54)},66 ${x(62)},54 ${x(64)},40 M${x(34)},60 C${x(28)},48 ${x(24)},40 ${x(16)},34 M${x(72)},72 L${x(88)},76"/>`;
        }).join('') + `<circle cx="148" cy="150" r="2.5" fill="none" stroke-width="1.5"/><circle cx="172" cy="150" r="2.5" fill="none" stroke-width="1.5"/>` +
        `<path ${cut(1.6)} d="M152,208 C156,212 164,212 168,208"/>`;
    case 'loon':
      return `<path d="M70,170 C90,150 130,140 170,146 C190,134 198,116 214,116 C226,116 234,124 246,128 L226,132 C220,140 214,152 206,162 C190,178 150,184 110,182 C92,182 78,178 70,170 Z"/>` +
        `<path ${cut(1.4)} d="M110,158 C130,152 160,152 190,160 M100,166 L120,162 M130,166 L150,162"/><circle cx="220" cy="124" r="2.4" fill="none" stroke-width="1.4"/>` +
        `<path ${cut(1.8)} d="M52,196 C80,190 110,200 140,194 C170,188 210,200 248,192"/><path d="M62,150 L66,96 L70,150 Z M76,152 L82,110 L84,152 Z"/>`;
    case 'polar-bear':
      // Drawn small and scaled up: the bear and its ice floe fill the toonie's core.
      return `<g transform="translate(154,170) scale(1.5) translate(-154,-170)"><path d="M96,184 C100,160 124,146 154,148 C176,146 192,150 204,160 L216,162 C224,164 224,172 216,176 L204,178 L202,192 L192,192 L188,180 L132,182 L128,194 L118,194 L116,182 C104,184 98,186 96,184 Z"/>` +
        `<path d="M84,194 L218,194 L206,206 L94,206 Z" opacity="0.9"/><circle cx="210" cy="166" r="2" fill="none" stroke-width="1.2"/></g>`;
    case 'oak-twig':
      return `<path ${cut(4)} d="M150,220 C150,196 148,176 150,156"/>` + oakLeaf(146, 160, -34) + oakLeaf(154, 160, 34) + acorn(138, 176, 20) + acorn(162, 180, -20);
    case 'brandenburg-gate': {
      let cols = '';
      for (let i = 0; i < 6; i++) cols += `<rect x="${86 + i * 24}" y="122" width="10" height="70"/>`;
      return `<rect x="76" y="192" width="148" height="10"/>${cols}<rect x="78" y="108" width="144" height="14"/><rect x="96" y="96" width="108" height="12"/>` +
        `<path d="M136,96 L140,74 L152,70 L160,80 L166,72 L170,96 Z"/><path ${cut(1.4)} d="M82,116 L218,116"/>`;
    }
    case 'federal-eagle': {
      const wing = (side: 1 | -1) => {
        const x = (v: number) => fmt(150 + side * v);
        return `<path d="M${x(14)},102 C${x(40)},86 ${x(66)},80 ${x(84)},88 L${x(80)},104 L${x(90)},108 L${x(80)},124 L${x(88)},130 L${x(74)},144 L${x(80)},150 L${x(60)},160 L${x(16)},150 Z"/>` +
          [0, 1, 2, 3].map((i) => `<path ${cut(1.2)} d="M${x(24)},${110 + i * 12} L${x(74 - i * 4)},${104 + i * 12}"/>`).join('');
      };
      return wing(-1) + wing(1) +
        `<path d="M134,100 C134,82 148,72 160,76 L172,80 L162,86 L164,96 C166,110 164,150 164,160 L136,160 C136,150 134,110 134,100 Z"/>` +
        `<path d="M130,160 L170,160 L176,196 L150,186 L124,196 Z"/><path d="M134,196 L128,214 M150,190 L150,212 M166,196 L172,214" fill="none" stroke-width="4" stroke-linecap="round"/>` +
        `<circle cx="156" cy="84" r="2" fill="none" stroke-width="1.2"/>`;
    }
    case 'holstentor':
      return `<rect x="80" y="128" width="40" height="74"/><rect x="180" y="128" width="40" height="74"/><path d="M76,130 L100,80 L124,130 Z M176,130 L200,80 L224,130 Z"/>` +
        `<rect x="118" y="116" width="64" height="86"/><path d="M114,118 L150,94 L186,118 Z"/><path d="M138,202 L138,172 C138,160 162,160 162,172 L162,202 Z" fill="none" stroke-width="2"/>` +
        [92, 108, 192, 208].map((x) => `<rect x="${x - 3}" y="146" width="6" height="10" fill="none" stroke-width="1.4"/>`).join('');
    case 'euro-globe':
      return `<circle cx="112" cy="162" r="46" fill="none" stroke-width="3"/><path ${cut(1.2)} d="M66,162 L158,162 M112,116 L112,208 M74,138 C100,146 124,146 150,138 M74,186 C100,178 124,178 150,186"/>` +
        europe(92, 134, 0.5, 'continent') + starLines(96, 200).replace(/M176,/g, 'M170,').replace(/L238,/g, 'L234,') +
        `<text x="204" y="128" font-family="DejaVu Sans Condensed" font-weight="bold" font-size="62" text-anchor="middle">${device.numeral}</text>`;
    case 'euro-map':
      // The value top left, Europe under it, the star lines on the right.
      return europe(72, 154, 0.95, device.map) + starLines(92, 206) +
        `<text x="112" y="112" font-family="DejaVu Sans Condensed" font-weight="bold" font-size="${device.numeral.length > 1 ? 50 : 62}" text-anchor="middle">${device.numeral}</text>`;
  }
}
