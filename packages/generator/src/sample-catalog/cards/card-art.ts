import { createRng, type Rng } from '../../random.ts';
import { fmt, points } from '../../svg.ts';

/*
 * Procedural card art. Each motif lays out a few large light and dark masses in its own way, so
 * cards stay tellable apart in grayscale and at thumbnail size, not only by hue.
 */

export const artMotifs = [
  'peaks', 'orb', 'crystal', 'beast', 'waves', 'tower', 'sunburst', 'forest', 'vortex', 'skyline', 'flame', 'rune', 'serpent', 'comet',
] as const;
export type ArtMotif = (typeof artMotifs)[number];

/** Sky (top, bottom), then three subject colours from dark to light. */
export type Palette = readonly [string, string, string, string, string];

export const palettes = {
  ember: ['#2a0a06', '#a8321c', '#3b1208', '#f06a21', '#ffd36b'],
  frost: ['#dff3ff', '#7fb6dd', '#1c3f66', '#4f8fc9', '#ffffff'],
  moss: ['#c9e39a', '#4e7d33', '#17300f', '#3f6b22', '#e8f5c0'],
  dusk: ['#1b1035', '#7b3f8c', '#0d0820', '#c35a9b', '#ffb4d9'],
  sand: ['#fbe8bd', '#d9a45b', '#5a3a17', '#a8692c', '#fff6de'],
  abyss: ['#02131c', '#0b4b5e', '#01080c', '#1ea3a8', '#9ff7ea'],
  storm: ['#8e9aa8', '#3d4652', '#14181d', '#c6ccd4', '#fdfd96'],
  bloom: ['#ffe1ec', '#f28ab2', '#6b1238', '#d94a82', '#fff7fb'],
  void: ['#050505', '#24123a', '#000000', '#6d3bd1', '#e4d4ff'],
  citrus: ['#fff9c4', '#f4c430', '#6a4a00', '#e07b00', '#ffffff'],
  slate: ['#e9ecef', '#adb5bd', '#212529', '#495057', '#f8f9fa'],
  toxic: ['#1a2a05', '#5c8a0a', '#0b1402', '#b6f000', '#f4ffd0'],
} as const satisfies Record<string, Palette>;
export type PaletteName = keyof typeof palettes;

export interface ArtSpec {
  motif: ArtMotif;
  palette: PaletteName;
  /** Varies positions and proportions within the motif. */
  seed: number;
}

type Draw = (w: number, h: number, p: Palette, rng: Rng) => string;

const circle = (x: number, y: number, r: number, fill: string, extra = '') => `<circle cx="${fmt(x)}" cy="${fmt(y)}" r="${fmt(r)}" fill="${fill}" ${extra}/>`;
const poly = (list: [number, number][], fill: string, extra = '') => `<polygon points="${points(list)}" fill="${fill}" ${extra}/>`;
const path = (d: string, fill: string, extra = '') => `<path d="${d}" fill="${fill}" ${extra}/>`;

const draws: Record<ArtMotif, Draw> = {
  peaks: (w, h, p, rng) => {
    const sun = circle(rng.range(0.2, 0.8) * w, rng.range(0.15, 0.35) * h, rng.range(0.08, 0.14) * w, p[4]);
    const ridge = (base: number, jag: number, fill: string) => {
      const pts: [number, number][] = [[0, h]];
      for (let x = 0; x <= w; x += w / rng.int(4, 7)) pts.push([x, base * h - rng.range(0, jag) * h]);
      pts.push([w, h]);
      return poly(pts, fill);
    };
    return sun + ridge(0.55, 0.35, p[3]) + ridge(0.8, 0.25, p[2]);
  },
  orb: (w, h, p, rng) => {
    const cx = rng.range(0.35, 0.65) * w;
    const cy = rng.range(0.4, 0.6) * h;
    const r = rng.range(0.22, 0.3) * h;
    let stars = '';
    for (let i = 0; i < 24; i++) stars += circle(rng.next() * w, rng.next() * h, rng.range(0.6, 1.6), p[4]);
    const tilt = rng.range(-25, 25);
    return `${stars}${circle(cx, cy, r, p[3])}${circle(cx - r * 0.3, cy - r * 0.3, r * 0.55, p[4], 'opacity="0.35"')}<ellipse cx="${fmt(cx)}" cy="${fmt(cy)}" rx="${fmt(r * 1.8)}" ry="${fmt(r * 0.35)}" fill="none" stroke="${p[4]}" stroke-width="${fmt(r * 0.12)}" transform="rotate(${fmt(tilt)} ${fmt(cx)} ${fmt(cy)})"/>`;
  },
  crystal: (w, h, p, rng) => {
    let out = poly([[0, h * 0.85], [w, h * 0.75], [w, h], [0, h]], p[2]);
    const count = rng.int(4, 6);
    for (let i = 0; i < count; i++) {
      const x = w * (0.15 + (0.7 * i) / (count - 1)) + rng.range(-8, 8);
      const top = h * rng.range(0.1, 0.5);
      const half = w * rng.range(0.05, 0.09);
      const fill = i % 2 === 0 ? p[3] : p[4];
      out += poly([[x - half, h * 0.85], [x - half * 0.8, top + half], [x, top], [x + half * 0.8, top + half], [x + half, h * 0.85]], fill, `stroke="${p[2]}" stroke-width="1.5"`);
    }
    return out;
  },
  beast: (w, h, p, rng) => {
    const cx = rng.range(0.4, 0.6) * w;
    const body = `<ellipse cx="${fmt(cx)}" cy="${fmt(h * 0.78)}" rx="${fmt(w * 0.34)}" ry="${fmt(h * 0.3)}" fill="${p[2]}"/>`;
    const headR = h * rng.range(0.2, 0.26);
    const hy = h * 0.42;
    const horn = rng.range(0.6, 1.1) * headR;
    const horns = poly([[cx - headR * 0.7, hy - headR * 0.5], [cx - headR * 1.1, hy - headR - horn], [cx - headR * 0.2, hy - headR * 0.8]], p[4]) +
      poly([[cx + headR * 0.7, hy - headR * 0.5], [cx + headR * 1.1, hy - headR - horn], [cx + headR * 0.2, hy - headR * 0.8]], p[4]);
    const eyes = circle(cx - headR * 0.4, hy, headR * 0.16, p[4]) + circle(cx + headR * 0.4, hy, headR * 0.16, p[4]);
    return body + horns + circle(cx, hy, headR, p[3]) + eyes;
  },
  waves: (w, h, p, rng) => {
    let out = circle(rng.range(0.6, 0.85) * w, h * 0.22, h * 0.13, p[4]);
    const layers = [p[3], p[2], p[3], p[2]];
    layers.forEach((fill, i) => {
      const base = h * (0.45 + i * 0.14);
      const amp = h * rng.range(0.03, 0.07);
      const phase = rng.next() * Math.PI * 2;
      const pts: [number, number][] = [[0, h]];
      for (let x = 0; x <= w; x += 8) pts.push([x, base + amp * Math.sin(x / (w / 3) * Math.PI + phase)]);
      pts.push([w, h]);
      out += poly(pts, fill, `opacity="${i === 0 ? 0.7 : 1}"`);
    });
    return out;
  },
  tower: (w, h, p, rng) => {
    const tw = w * rng.range(0.18, 0.26);
    const x = rng.range(0.3, 0.7) * w - tw / 2;
    const top = h * rng.range(0.22, 0.32);
    let out = poly([[0, h * 0.88], [w, h * 0.82], [w, h], [0, h]], p[2]);
    out += `<rect x="${fmt(x)}" y="${fmt(top)}" width="${fmt(tw)}" height="${fmt(h - top)}" fill="${p[3]}"/>`;
    out += poly([[x - tw * 0.15, top], [x + tw / 2, top - h * 0.2], [x + tw * 1.15, top]], p[2]);
    for (let i = 0; i < 3; i++) out += `<rect x="${fmt(x + tw * 0.38)}" y="${fmt(top + h * (0.12 + i * 0.16))}" width="${fmt(tw * 0.24)}" height="${fmt(h * 0.08)}" fill="${p[4]}"/>`;
    return out;
  },
  sunburst: (w, h, p, rng) => {
    const cx = rng.range(0.3, 0.7) * w;
    const cy = rng.range(0.35, 0.65) * h;
    const rays = rng.int(10, 16);
    const R = Math.hypot(w, h);
    let out = '';
    for (let i = 0; i < rays; i++) {
      const a0 = (i / rays) * Math.PI * 2;
      const a1 = a0 + Math.PI / rays;
      out += poly([[cx, cy], [cx + R * Math.cos(a0), cy + R * Math.sin(a0)], [cx + R * Math.cos(a1), cy + R * Math.sin(a1)]], p[3]);
    }
    return out + circle(cx, cy, h * 0.22, p[2]) + circle(cx, cy, h * 0.14, p[4]);
  },
  forest: (w, h, p, rng) => {
    let out = '';
    for (const [row, fill, scale] of [[0.55, p[3], 0.7], [0.8, p[2], 1]] as const) {
      const count = rng.int(5, 8);
      for (let i = 0; i < count; i++) {
        const x = (i + rng.range(0.1, 0.9)) * (w / count);
        const th = h * 0.45 * scale * rng.range(0.75, 1.1);
        const tw = th * 0.45;
        out += poly([[x - tw / 2, row * h + th * 0.2], [x, row * h - th * 0.8], [x + tw / 2, row * h + th * 0.2]], fill);
      }
      out += `<rect x="0" y="${fmt(row * h + h * 0.08)}" width="${w}" height="${fmt(h)}" fill="${fill}"/>`;
    }
    return circle(rng.range(0.15, 0.85) * w, h * 0.18, h * 0.08, p[4]) + out;
  },
  vortex: (w, h, p, rng) => {
    const cx = rng.range(0.35, 0.65) * w;
    const cy = rng.range(0.4, 0.6) * h;
    const turns = rng.range(2.2, 3.2);
    const dir = rng.chance(0.5) ? 1 : -1;
    let d = '';
    for (let t = 0; t <= 1.0001; t += 0.01) {
      const a = dir * t * turns * Math.PI * 2;
      const r = t * h * 0.55;
      d += `${t === 0 ? 'M' : 'L'}${fmt(cx + r * Math.cos(a))},${fmt(cy + r * Math.sin(a))}`;
    }
    return path(d, 'none', `stroke="${p[3]}" stroke-width="${fmt(h * 0.09)}" stroke-linecap="round"`) + circle(cx, cy, h * 0.07, p[4]);
  },
  skyline: (w, h, p, rng) => {
    let out = '';
    let x = 0;
    while (x < w) {
      const bw = w * rng.range(0.09, 0.17);
      const bh = h * rng.range(0.3, 0.75);
      out += `<rect x="${fmt(x)}" y="${fmt(h - bh)}" width="${fmt(bw - 2)}" height="${fmt(bh)}" fill="${p[2]}"/>`;
      for (let wy = h - bh + 8; wy < h - 8; wy += 12) {
        if (rng.chance(0.55)) out += `<rect x="${fmt(x + bw * 0.3)}" y="${fmt(wy)}" width="${fmt(bw * 0.3)}" height="5" fill="${p[4]}"/>`;
      }
      x += bw;
    }
    return circle(rng.range(0.1, 0.9) * w, h * 0.2, h * 0.1, p[3]) + out;
  },
  flame: (w, h, p, rng) => {
    let out = '';
    const tongues = rng.int(3, 5);
    for (const [scale, fill] of [[1, p[3]], [0.65, p[4]]] as const) {
      for (let i = 0; i < tongues; i++) {
        const x = w * (0.2 + (0.6 * i) / (tongues - 1));
        const top = h * (1 - scale * rng.range(0.55, 0.9));
        const half = w * 0.11 * scale;
        out += path(`M${fmt(x - half)},${fmt(h)} C${fmt(x - half * 1.4)},${fmt((top + h) / 2)} ${fmt(x)},${fmt(top + h * 0.15)} ${fmt(x + rng.range(-6, 6))},${fmt(top)} C${fmt(x + half * 0.4)},${fmt(top + h * 0.25)} ${fmt(x + half * 1.4)},${fmt((top + h) / 2)} ${fmt(x + half)},${fmt(h)} Z`, fill);
      }
    }
    return out;
  },
  rune: (w, h, p, rng) => {
    const cx = w / 2 + rng.range(-0.1, 0.1) * w;
    const cy = h / 2;
    const r = h * 0.38;
    const n = rng.int(5, 8);
    // A star polygon {n/k}: visiting every k-th vertex draws the crossing lines of a rune.
    const k = Math.max(2, Math.floor((n - 1) / 2));
    const star: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const a = (((i * k) % n) / n) * Math.PI * 2 - Math.PI / 2;
      star.push([cx + r * 0.8 * Math.cos(a), cy + r * 0.8 * Math.sin(a)]);
    }
    return circle(cx, cy, r, 'none', `stroke="${p[3]}" stroke-width="${fmt(h * 0.04)}"`) +
      circle(cx, cy, r * 0.6, p[2]) +
      `<polygon points="${points(star)}" fill="none" stroke="${p[4]}" stroke-width="${fmt(h * 0.025)}"/>`;
  },
  serpent: (w, h, p, rng) => {
    const amp = h * rng.range(0.18, 0.28);
    const phase = rng.next() * Math.PI;
    let d = '';
    for (let x = -10; x <= w + 10; x += 6) d += `${x === -10 ? 'M' : 'L'}${fmt(x)},${fmt(h * 0.55 + amp * Math.sin((x / w) * Math.PI * 2.2 + phase))}`;
    const hx = w * 0.78;
    const hy = h * 0.55 + amp * Math.sin(0.78 * Math.PI * 2.2 + phase);
    return path(d, 'none', `stroke="${p[2]}" stroke-width="${fmt(h * 0.16)}" stroke-linecap="round"`) +
      path(d, 'none', `stroke="${p[3]}" stroke-width="${fmt(h * 0.06)}" stroke-dasharray="6 8"`) +
      circle(hx, hy, h * 0.12, p[2]) + circle(hx + h * 0.04, hy - h * 0.03, h * 0.03, p[4]);
  },
  comet: (w, h, p, rng) => {
    let stars = '';
    for (let i = 0; i < 30; i++) stars += circle(rng.next() * w, rng.next() * h, rng.range(0.5, 1.4), p[4]);
    const x = rng.range(0.6, 0.8) * w;
    const y = rng.range(0.25, 0.4) * h;
    const tail = poly([[x, y - h * 0.08], [0, h * rng.range(0.75, 1)], [x, y + h * 0.08]], p[3], 'opacity="0.85"');
    return stars + tail + circle(x, y, h * 0.1, p[4]);
  },
};

/** The art as SVG elements inside a w×h box (the caller clips and positions it). */
export function drawArt(spec: ArtSpec, w: number, h: number): string {
  const p = palettes[spec.palette];
  const sky = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p[0]}"/><stop offset="1" stop-color="${p[1]}"/></linearGradient>`;
  return `<defs>${sky}</defs><rect width="${w}" height="${h}" fill="url(#sky)"/>${draws[spec.motif](w, h, p, createRng(spec.seed))}`;
}
