import { createRng, type Rng } from '../../random.ts';
import { fmt } from '../../svg.ts';

/*
 * The held-out cards' art, in another hand than the sample's flat geometric motifs: a banded
 * (posterised) sky, a large celestial disc, layered ground, one silhouetted subject with a rim of
 * light, then a halftone dot screen and a vignette over everything, like printed illustration.
 * Subjects are drawn in a 100×100 box and scaled, so the same art fills a small window or a whole
 * borderless card.
 */

export const artSubjects = [
  'wyrm', 'knight', 'stag', 'golem', 'moth', 'citadel', 'tree', 'jelly', 'mech', 'hood', 'drone', 'blade', 'fox', 'whale', 'lantern', 'mask',
] as const;
export type ArtSubject = (typeof artSubjects)[number];

/** Sky top, sky bottom, ground, subject, light (rim, disc and halftone). */
export type ArtPalette = readonly [string, string, string, string, string];

export const artPalettes = {
  cinder: ['#1d0b14', '#b8432f', '#2b0f12', '#120608', '#ffb35c'],
  glacier: ['#0f2a44', '#7fc8d6', '#16324a', '#0a1a2a', '#e6fbff'],
  verdigris: ['#0e2b26', '#4f9e7f', '#163a2f', '#08170f', '#d8ffc9'],
  saffron: ['#5a2a05', '#f2b134', '#6b3d0e', '#2a1302', '#fff1b8'],
  orchid: ['#24103a', '#c062b3', '#2e1440', '#12061f', '#ffd1f3'],
  neon: ['#05021a', '#3b0a6b', '#0b0830', '#020010', '#2ef2ff'],
  acid: ['#06140a', '#1f6b2a', '#0a2410', '#010802', '#c6ff3d'],
  sunset: ['#2a0c3d', '#ff6f59', '#3d1235', '#160414', '#ffe66d'],
  ash: ['#1b1b1f', '#8d8a86', '#2a2827', '#0d0d0e', '#f4eee2'],
  tide: ['#021d2b', '#1b7fa6', '#043447', '#01121b', '#9ef0ff'],
  rust: ['#2d1406', '#a65a2a', '#3b1d0b', '#160903', '#ffd2a1'],
  ultra: ['#0a0a2e', '#ff2e88', '#1a0a3a', '#050214', '#ffe600'],
} as const satisfies Record<string, ArtPalette>;
export type ArtPaletteName = keyof typeof artPalettes;

export interface ArtDesign {
  subject: ArtSubject;
  palette: ArtPaletteName;
  /** Varies the disc, the ground and the subject's place. */
  seed: number;
}

const p = (list: [number, number][]) => `M${list.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' L')} Z`;

/** Subject silhouettes as path data in a 100×100 box, standing on y = 100. */
const subjects: Record<ArtSubject, string> = {
  wyrm: 'M10,92 C20,70 38,78 44,64 C50,50 36,40 44,30 C52,20 66,24 70,16 L76,6 L76,18 C84,18 90,24 86,30 L74,32 C66,38 74,50 66,62 C58,76 40,74 34,90 Z M46,46 C30,30 16,34 4,22 C18,40 20,52 40,56 Z M60,44 C80,30 92,36 98,26 C92,44 84,52 64,54 Z',
  knight: 'M44,6 C52,2 60,6 60,16 L60,24 L44,24 L44,16 Z M38,26 L66,26 L72,58 L64,60 L62,100 L54,100 L52,70 L50,100 L42,100 L40,60 L32,58 Z M70,30 L92,4 L95,7 L74,34 Z M18,34 L36,34 L36,56 C36,66 27,72 27,72 C27,72 18,66 18,56 Z',
  stag: 'M18,62 C22,50 40,46 60,48 L70,38 L68,30 C64,22 56,18 52,8 L56,8 C60,16 66,20 70,22 L70,10 L74,10 L74,24 C78,20 84,12 86,4 L90,6 C88,16 82,24 76,30 L80,38 C86,40 88,46 84,48 L74,50 L72,62 L70,100 L64,100 L62,70 L34,70 L30,100 L24,100 L22,74 C16,72 14,66 18,62 Z',
  golem: 'M38,8 L62,8 L66,26 L34,26 Z M24,28 L76,28 L82,62 L70,62 L68,74 L62,100 L52,100 L50,78 L48,100 L38,100 L32,74 L30,62 L18,62 Z M8,34 L22,30 L24,60 L12,70 Z M92,34 L78,30 L76,60 L88,70 Z',
  moth: 'M50,20 C54,20 56,26 56,34 L56,80 C56,88 44,88 44,80 L44,34 C44,26 46,20 50,20 Z M46,30 C30,6 6,8 4,24 C2,40 24,52 44,50 Z M54,30 C70,6 94,8 96,24 C98,40 76,52 56,50 Z M44,54 C26,56 12,70 18,86 C26,96 40,80 46,66 Z M56,54 C74,56 88,70 82,86 C74,96 60,80 54,66 Z M48,20 L40,6 M52,20 L60,6',
  citadel: 'M6,100 L6,60 L14,60 L14,52 L20,52 L20,60 L28,60 L28,40 L24,40 L32,18 L40,40 L36,40 L36,56 L46,56 L46,30 L42,30 L50,2 L58,30 L54,30 L54,56 L64,56 L64,44 L60,44 L68,26 L76,44 L72,44 L72,60 L84,60 L84,50 L92,50 L92,60 L96,60 L96,100 Z',
  tree: 'M46,100 L48,66 C36,64 22,60 14,48 C6,36 14,20 28,22 C30,10 44,4 54,10 C64,2 80,8 82,20 C94,20 100,34 92,46 C84,58 66,64 54,66 L56,100 Z',
  jelly: 'M14,44 C14,20 32,8 50,8 C68,8 86,20 86,44 C80,42 74,46 70,44 C64,48 58,44 50,46 C42,44 36,48 30,44 C24,46 20,42 14,44 Z M22,46 C18,60 28,70 22,84 L26,84 C32,70 22,60 26,46 Z M38,48 C34,64 44,78 36,96 L40,96 C48,78 38,64 42,48 Z M58,48 C62,64 52,78 60,96 L64,96 C56,78 66,64 62,48 Z M74,46 C78,60 68,70 74,84 L78,84 C72,70 82,60 78,46 Z',
  mech: 'M40,6 L60,6 L62,22 L38,22 Z M26,24 L74,24 L78,54 L22,54 Z M10,26 L24,26 L26,52 L16,66 L8,62 Z M90,26 L76,26 L74,52 L84,66 L92,62 Z M30,56 L48,56 L46,80 L50,100 L30,100 L34,80 Z M52,56 L70,56 L66,80 L70,100 L50,100 L54,80 Z',
  hood: 'M50,4 C66,4 74,18 74,34 C74,44 70,52 64,56 C80,62 90,78 92,100 L8,100 C10,78 20,62 36,56 C30,52 26,44 26,34 C26,18 34,4 50,4 Z',
  drone: 'M34,44 L66,44 L72,58 L28,58 Z M8,36 L34,36 L34,40 L8,40 Z M66,36 L92,36 L92,40 L66,40 Z M19,40 L23,40 L30,48 L26,50 Z M81,40 L77,40 L70,48 L74,50 Z M44,58 L56,58 L54,68 L46,68 Z',
  blade: 'M10,94 L18,86 L22,90 L14,98 Z M16,84 L24,76 L30,82 L22,90 Z M20,78 L28,74 L30,76 L26,84 Z M26,74 C40,56 60,34 92,6 C70,40 48,62 30,80 Z',
  fox: 'M30,100 C22,84 24,62 36,50 L34,28 L42,38 L48,36 L56,26 L56,40 C64,48 66,58 62,70 C76,66 92,74 94,88 C90,80 78,78 70,84 C72,92 70,98 66,100 Z',
  whale: 'M4,56 C10,36 34,26 58,30 C76,32 88,40 92,50 L98,42 L100,58 L92,56 C86,70 66,78 44,76 C24,74 8,68 4,56 Z M40,74 L30,90 L46,76 Z',
  lantern: 'M44,4 L56,4 L56,10 L64,16 L64,20 L36,20 L36,16 L44,10 Z M34,22 L66,22 L70,70 L30,70 Z M30,72 L70,72 L64,80 L36,80 Z M47,80 L53,80 L53,100 L47,100 Z',
  mask: 'M50,6 C74,6 90,22 90,44 C90,70 72,94 50,96 C28,94 10,70 10,44 C10,22 26,6 50,6 Z',
};

/** Details cut out of a subject (eyes, windows, visor) in the light colour. */
const glints: Partial<Record<ArtSubject, string>> = {
  knight: 'M46,14 L58,14 L58,17 L46,17 Z',
  golem: 'M42,15 L47,15 L47,19 L42,19 Z M53,15 L58,15 L58,19 L53,19 Z M44,38 L56,38 L56,48 L44,48 Z',
  citadel: 'M48,36 L52,36 L52,44 L48,44 Z M30,46 L34,46 L34,52 L30,52 Z M66,50 L70,50 L70,56 L66,56 Z',
  mech: 'M42,12 L58,12 L58,16 L42,16 Z M44,32 L56,32 L56,44 L44,44 Z',
  hood: 'M42,36 L46,36 L46,39 L42,39 Z M54,36 L58,36 L58,39 L54,39 Z',
  drone: 'M46,50 L54,50 L54,54 L46,54 Z',
  lantern: 'M38,26 L62,26 L65,66 L35,66 Z',
  mask: 'M28,38 C32,32 42,32 44,40 C38,44 32,44 28,38 Z M72,38 C68,32 58,32 56,40 C62,44 68,44 72,38 Z M46,66 L54,66 L50,74 Z',
  stag: 'M76,34 L79,34 L79,37 L76,37 Z',
  whale: 'M80,46 L83,46 L83,49 L80,49 Z',
  fox: 'M50,42 L53,42 L53,45 L50,45 Z',
};

/** Subjects that float (no ground under them) sit higher in the frame. */
const floating = new Set<ArtSubject>(['moth', 'jelly', 'drone', 'whale', 'mask', 'lantern']);

function ground(w: number, h: number, base: number, colour: string, rng: Rng): string {
  const list: [number, number][] = [[0, h]];
  const steps = rng.int(5, 9);
  for (let i = 0; i <= steps; i++) list.push([(i / steps) * w, base - rng.range(0, 0.08) * h]);
  list.push([w, h]);
  return `<path d="${p(list)}" fill="${colour}"/>`;
}

/**
 * The art as SVG elements inside a w×h box (the caller positions and clips it). `id` keeps the
 * gradient and pattern ids unique when several pieces of art share one document.
 */
export function drawHeldOutArt(design: ArtDesign, w: number, h: number, id = 'art'): string {
  const [skyTop, skyBottom, earth, body, light] = artPalettes[design.palette];
  const rng = createRng(design.seed);
  // Posterised sky: a handful of flat bands from top to bottom colour instead of a smooth ramp.
  const bands = 7;
  let sky = '';
  for (let i = 0; i < bands; i++) {
    sky += `<rect x="0" y="${fmt((i / bands) * h)}" width="${fmt(w)}" height="${fmt(h / bands + 1)}" fill="${skyTop}"/>` +
      `<rect x="0" y="${fmt((i / bands) * h)}" width="${fmt(w)}" height="${fmt(h / bands + 1)}" fill="${skyBottom}" opacity="${fmt(i / (bands - 1))}"/>`;
  }
  const discR = Math.min(w, h) * rng.range(0.16, 0.26);
  const [dx, dy] = [w * rng.range(0.2, 0.8), h * rng.range(0.16, 0.34)];
  const disc = `<circle cx="${fmt(dx)}" cy="${fmt(dy)}" r="${fmt(discR * 1.35)}" fill="${light}" opacity="0.18"/><circle cx="${fmt(dx)}" cy="${fmt(dy)}" r="${fmt(discR)}" fill="${light}" opacity="0.85"/>`;
  const far = ground(w, h, h * 0.74, skyTop, rng);
  const near = ground(w, h, h * 0.86, earth, rng);

  const size = Math.min(w * 0.86, h * 0.74) * rng.range(0.92, 1.05);
  const sx = w * rng.range(0.42, 0.58) - size / 2;
  const sy = (floating.has(design.subject) ? h * 0.52 : h * 0.9) - size * (floating.has(design.subject) ? 0.5 : 1);
  const place = `translate(${fmt(sx)},${fmt(sy)}) scale(${fmt(size / 100)})`;
  const stroke = Math.max(1.2, 260 / size);
  const subject =
    // A rim of light on the side facing the disc, then the silhouette, then its lit details.
    `<g transform="translate(${fmt(dx > w / 2 ? 2 : -2)},-2)"><path transform="${place}" d="${subjects[design.subject]}" fill="${light}" stroke="${light}" stroke-width="${fmt(stroke)}" stroke-linejoin="round"/></g>` +
    `<path transform="${place}" d="${subjects[design.subject]}" fill="${body}" stroke="${body}" stroke-width="${fmt(stroke * 0.5)}" stroke-linejoin="round"/>` +
    (glints[design.subject] ? `<path transform="${place}" d="${glints[design.subject]}" fill="${light}"/>` : '');

  const dot = Math.max(3, Math.round(Math.min(w, h) / 55));
  const screen =
    `<defs><pattern id="${id}-dots" width="${dot}" height="${dot}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<circle cx="${dot / 2}" cy="${dot / 2}" r="${fmt(dot * 0.28)}" fill="${light}"/></pattern>` +
    `<radialGradient id="${id}-vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></radialGradient></defs>` +
    `<rect width="${fmt(w)}" height="${fmt(h * 0.6)}" fill="url(#${id}-dots)" opacity="0.16"/>` +
    `<rect width="${fmt(w)}" height="${fmt(h)}" fill="url(#${id}-vignette)"/>`;
  return sky + disc + far + near + subject + screen;
}
