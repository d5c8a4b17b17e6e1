import type { WearMeasurements } from '@assay/cards/scale';
import { fromRaw, toRaw, type RawImage } from '../photo/raw-image.ts';
import { createRng, type Rng } from '../random.ts';
import { fmt, svgDocument } from '../svg.ts';

/*
 * Wear drawn onto a flat card face, in proportion to the measurements that label it:
 *  - corners: rounder cut plus white fraying, radius and whitening growing with the corner's wear;
 *  - edges: white chips covering exactly `edges` of the perimeter;
 *  - surface: scratches, scuffs and print spots, their number and strength growing with `surface`.
 * Corners and edges are physical, so the back shows the front's pattern mirrored left-right;
 * surface marks differ per face.
 */

type Corners = [number, number, number, number];

/** The corners as seen on the back (clockwise from its top-left): the front's, mirrored. */
export function mirrorCorners([tl, tr, br, bl]: Corners): Corners {
  return [tr, tl, bl, br];
}

const paper = '#f1ede3';

function cornerRadii(corners: Corners, width: number): Corners {
  // A new trading card's die-cut corner is about 3 mm on 63 mm: ~4.8% of the width.
  return corners.map((w) => width * (0.048 + 0.05 * w)) as Corners;
}

function outlinePath([r0, r1, r2, r3]: Corners, w: number, h: number): string {
  return `M${fmt(r0)},0 H${fmt(w - r1)} A${fmt(r1)},${fmt(r1)} 0 0 1 ${w},${fmt(r1)} V${fmt(h - r2)} A${fmt(r2)},${fmt(r2)} 0 0 1 ${fmt(w - r2)},${h} H${fmt(r3)} A${fmt(r3)},${fmt(r3)} 0 0 1 0,${fmt(h - r3)} V${fmt(r0)} A${fmt(r0)},${fmt(r0)} 0 0 1 ${fmt(r0)},0 Z`;
}

function cornerFraying(rng: Rng, corners: Corners, radii: Corners, w: number, h: number): string {
  let out = '';
  const origins: [number, number, number][] = [[0, 0, 180], [w, 0, 270], [w, h, 0], [0, h, 90]];
  corners.forEach((wear, i) => {
    if (wear < 0.02) return;
    const r = radii[i]!;
    const [ox, oy, start] = origins[i]!;
    // Arc centre of the rounded corner.
    const cx = ox === 0 ? r : w - r;
    const cy = oy === 0 ? r : h - r;
    const band = 2 + wear * 14;
    const a0 = (start * Math.PI) / 180;
    const a1 = a0 + Math.PI / 2;
    const arc = `M${fmt(cx + r * Math.cos(a0))},${fmt(cy + r * Math.sin(a0))} A${fmt(r)},${fmt(r)} 0 0 1 ${fmt(cx + r * Math.cos(a1))},${fmt(cy + r * Math.sin(a1))}`;
    out += `<path d="${arc}" fill="none" stroke="${paper}" stroke-width="${fmt(band * 2)}" opacity="${fmt(0.55 + 0.45 * wear)}"/>`;
    for (let k = 0; k < Math.round(4 + wear * 24); k++) {
      const a = rng.range(a0 - 0.3, a1 + 0.3);
      const d = r - rng.range(0, band * 1.6);
      out += `<circle cx="${fmt(cx + d * Math.cos(a))}" cy="${fmt(cy + d * Math.sin(a))}" r="${fmt(rng.range(0.8, 1.5 + wear * 4))}" fill="${paper}" opacity="${fmt(rng.range(0.5, 0.95))}"/>`;
    }
  });
  return out;
}

/** Chips laid along the unrolled perimeter so they cover exactly `share` of it, without overlap. */
function edgeChips(rng: Rng, share: number, w: number, h: number): string {
  if (share <= 0) return '';
  const perimeter = 2 * (w + h);
  const chipped = share * perimeter;
  const count = Math.max(1, Math.round(chipped / (10 + 20 * share)));
  const gaps = Array.from({ length: count }, () => rng.next());
  const gapTotal = gaps.reduce((a, b) => a + b, 0);
  const lengths = Array.from({ length: count }, () => rng.range(0.5, 1.5));
  const lengthTotal = lengths.reduce((a, b) => a + b, 0);
  let t = rng.range(0, perimeter);
  let out = '';
  for (let i = 0; i < count; i++) {
    const length = (lengths[i]! / lengthTotal) * chipped;
    const depth = rng.range(1.5, 2.5 + 5 * share);
    const pts: [number, number][] = [];
    for (let s = 0; s <= length; s += 3) pts.push(toEdge((t + s) % perimeter, 0, w, h));
    for (let s = length; s >= 0; s -= 3) pts.push(toEdge((t + s) % perimeter, depth * rng.range(0.4, 1), w, h));
    out += `<polygon points="${pts.map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ')}" fill="${paper}" opacity="${fmt(rng.range(0.8, 1))}"/>`;
    t += length + ((perimeter - chipped) * gaps[i]!) / gapTotal;
  }
  return out;
}

/** A point `along` the perimeter (clockwise from the top-left) and `inward` from the edge. */
function toEdge(along: number, inward: number, w: number, h: number): [number, number] {
  if (along < w) return [along, inward];
  if (along < w + h) return [w - inward, along - w];
  if (along < 2 * w + h) return [w - (along - w - h), h - inward];
  return [inward, h - (along - 2 * w - h)];
}

function surfaceMarks(rng: Rng, surface: number, w: number, h: number): string {
  if (surface <= 0) return '';
  let out = '';
  for (let i = 0; i < Math.round(surface * 30); i++) {
    const x = rng.range(0, w);
    const y = rng.range(0, h);
    const length = rng.range(20, 60 + 240 * surface);
    const angle = rng.range(0, Math.PI);
    const bend = rng.range(-15, 15);
    const [ex, ey] = [x + length * Math.cos(angle), y + length * Math.sin(angle)];
    out += `<path d="M${fmt(x)},${fmt(y)} Q${fmt((x + ex) / 2 + bend)},${fmt((y + ey) / 2 - bend)} ${fmt(ex)},${fmt(ey)}" fill="none" stroke="#ffffff" stroke-width="${fmt(rng.range(0.8, 1.2 + surface * 2))}" opacity="${fmt(rng.range(0.3, 0.45 + surface * 0.4))}"/>`;
  }
  for (let i = 0; i < Math.round(surface * 40); i++) {
    const colour = rng.pick(['#ffffff', '#d8d2c4', '#3a3a3a']);
    out += `<circle cx="${fmt(rng.range(0, w))}" cy="${fmt(rng.range(0, h))}" r="${fmt(rng.range(1, 2 + surface * 4))}" fill="${colour}" opacity="${fmt(rng.range(0.3, 0.5 + surface * 0.4))}"/>`;
  }
  if (surface > 0.5) {
    // Heavy play leaves a crease: a long bright line across the card.
    const y = rng.range(0.2, 0.8) * h;
    out += `<path d="M0,${fmt(y)} L${w},${fmt(y + rng.range(-0.2, 0.2) * h)}" stroke="#ffffff" stroke-width="${fmt(1 + surface * 2)}" opacity="${fmt(0.3 + surface * 0.3)}"/>`;
  }
  return out;
}

export interface WearOptions {
  wear: WearMeasurements;
  /** The back: corner and edge wear mirror the front's. */
  mirrored: boolean;
  /** Per physical card: where corners fray and edges chip. */
  cardSeed: number;
  /** Per face: where the surface marks fall. */
  faceSeed: number;
}

/** Returns the face with rounded, worn corners (transparent outside the cut) and all wear drawn. */
export async function applyWear(face: RawImage, options: WearOptions): Promise<RawImage> {
  const { width: w, height: h } = face;
  const { wear } = options;
  const physical = createRng(options.cardSeed);
  const radii = cornerRadii(wear.corners, w);
  const mirror = (svg: string) => (options.mirrored ? `<g transform="translate(${w},0) scale(-1,1)">${svg}</g>` : svg);
  const overlay = mirror(cornerFraying(physical, wear.corners, radii, w, h) + edgeChips(physical, wear.edges, w, h)) +
    surfaceMarks(createRng(options.faceSeed), wear.surface, w, h);
  const mask = `<path d="${outlinePath(options.mirrored ? mirrorCorners(radii) : radii, w, h)}" fill="#000"/>`;
  return toRaw(fromRaw(face).composite([
    { input: Buffer.from(svgDocument(w, h, overlay)) },
    { input: Buffer.from(svgDocument(w, h, mask)), blend: 'dest-in' },
  ]));
}
