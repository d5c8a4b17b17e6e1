import { createRng, type Rng } from '../random.ts';
import { createValueNoise } from './value-noise.ts';

/*
 * Table-top textures the card is photographed on, computed at reduced resolution (they are soft
 * anyway) as opaque RGB. Colours stay in the muted range real surfaces have.
 */

/** The tables of the tuning world (see photo/conditions.ts). */
export const surfaceKinds = ['wood', 'fabric', 'desk', 'playmat', 'cardboard'] as const;
/** Tables only the held-out world has: the engine is never tuned on them. */
export const heldOutSurfaceKinds = ['planks', 'woven', 'felt', 'laminate', 'cutting_mat', 'stone', 'paper', 'patterned'] as const;
/**
 * Tables neither world has, for development worlds only (tools/development-world.ts): a table of
 * the kind a split's figures showed the engine failing on, drawn afresh, so the engine is worked on
 * against it without being tuned on the held-out world's own. `printed`: a placemat or tablecloth
 * printed with rings, dots and arcs the size of coins. `ruled`: a ruled or squared sheet or board,
 * thin straight lines darker or lighter than the ground, one way or both, at any angle. `tiled`: a
 * cloth or oilcloth repeating one small motif on a lattice (squares, lozenges, dots, crosses or a
 * gingham's crossed bands) in two or three colours, a hundredth to a twentieth of the width apart.
 */
export const developmentSurfaceKinds = ['printed', 'ruled', 'tiled'] as const;
export type SurfaceKind = (typeof surfaceKinds)[number] | (typeof heldOutSurfaceKinds)[number] | (typeof developmentSurfaceKinds)[number];

type Rgb = [number, number, number];
type Painter = (data: Buffer, width: number, height: number, rng: Rng) => void;

const woods: Rgb[] = [[185, 138, 90], [107, 74, 47], [74, 50, 34], [203, 183, 154], [140, 96, 60]];
const fabrics: Rgb[] = [[43, 58, 85], [107, 111, 117], [47, 93, 58], [94, 36, 48], [60, 90, 125], [30, 30, 32]];
const desks: Rgb[] = [[230, 230, 226], [154, 154, 150], [42, 42, 42], [200, 190, 170], [90, 100, 110]];
/** A printed table's ground and inks: cream, pastels, navy, brick, sage, charcoal. */
const prints: Rgb[] = [[236, 228, 210], [200, 220, 232], [240, 214, 214], [34, 44, 84], [150, 60, 48], [120, 150, 112], [58, 58, 62]];
const mats: Rgb[][] = [[[20, 24, 40], [120, 40, 160], [30, 140, 200]], [[25, 20, 18], [200, 90, 30], [240, 200, 80]], [[12, 30, 20], [40, 160, 90], [200, 220, 240]]];

function jitter(rng: Rng, [r, g, b]: Rgb, amount: number): Rgb {
  const k = 1 + rng.range(-amount, amount);
  return [r * k, g * k, b * k];
}

const put = (data: Buffer, i: number, r: number, g: number, b: number) => {
  data[i] = r < 0 ? 0 : r > 255 ? 255 : r;
  data[i + 1] = g < 0 ? 0 : g > 255 ? 255 : g;
  data[i + 2] = b < 0 ? 0 : b > 255 ? 255 : b;
};

const painters: Record<SurfaceKind, Painter> = {
  wood(data, width, height, rng) {
    const base = jitter(rng, rng.pick(woods), 0.08);
    const plank = height / rng.range(3, 6);
    const warp = createValueNoise(rng, width / 5);
    const wobble = createValueNoise(rng, width / 14);
    const fibre = createValueNoise(rng, 5);
    const tones = Array.from({ length: 16 }, () => rng.range(0.88, 1.1));
    const freq = rng.range(0.18, 0.32);
    for (let y = 0; y < height; y++) {
      const p = Math.floor(y / plank);
      const seam = y - p * plank < 1.2 ? 0.55 : 1;
      const tone = tones[p & 15]!;
      const shift = p * 977;
      for (let x = 0; x < width; x++) {
        // Growth rings cut lengthwise: bands along the plank that drift and pinch, never a clean sine.
        const u = x + shift;
        const ring = (y + warp.at(u, y) * 40 + wobble.at(u, y * 0.5) * 12) * freq;
        const band = Math.sin(ring) * 0.6 + Math.sin(ring * 2.3 + 1.7) * 0.4;
        const k = tone * seam * (0.87 + 0.07 * band * band * Math.sign(band) + 0.12 * fibre.at(u * 0.06, y * 1.4));
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  fabric(data, width, height, rng) {
    const base = jitter(rng, rng.pick(fabrics), 0.1);
    const mottle = createValueNoise(rng, width / 5);
    const fuzz = createValueNoise(rng, 1.5);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const weave = ((x >> 1) + (y >> 1)) & 1 ? 1.05 : 0.95;
        const k = weave * (0.9 + 0.12 * mottle.at(x, y) + 0.1 * fuzz.at(x, y));
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  desk(data, width, height, rng) {
    const base = jitter(rng, rng.pick(desks), 0.05);
    const mottle = createValueNoise(rng, width / 3);
    const speck = createValueNoise(rng, 2);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = 0.95 + 0.07 * mottle.at(x, y) + 0.03 * speck.at(x, y);
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  playmat(data, width, height, rng) {
    const [base, ...accents] = rng.pick(mats);
    const blobs = Array.from({ length: rng.int(3, 5) }, () => {
      const [x, y, r] = [rng.range(0, width), rng.range(0, height), rng.range(0.15, 0.4) * width];
      // exp(-(dx² + dy²)/r²) separates into a column factor and a row factor.
      const ex = Float32Array.from({ length: width }, (_, i) => Math.exp(-(((i - x) / r) ** 2)));
      return { y, r, ex, colour: rng.pick(accents)!, strength: rng.range(0.3, 0.7) };
    });
    const mottle = createValueNoise(rng, width / 8);
    for (let y = 0; y < height; y++) {
      const rows = blobs.map((b) => b.strength * Math.exp(-(((y - b.y) / b.r) ** 2)));
      for (let x = 0; x < width; x++) {
        let [r, g, b] = base!;
        for (let k = 0; k < blobs.length; k++) {
          const blob = blobs[k]!;
          const w = rows[k]! * blob.ex[x]!;
          r += (blob.colour[0] - r) * w;
          g += (blob.colour[1] - g) * w;
          b += (blob.colour[2] - b) * w;
        }
        const m = 0.9 + 0.15 * mottle.at(x, y);
        put(data, (y * width + x) * 3, r * m, g * m, b * m);
      }
    }
  },
  cardboard(data, width, height, rng) {
    const base = jitter(rng, [176, 141, 97], 0.08);
    const fibres = createValueNoise(rng, 3);
    const mottle = createValueNoise(rng, width / 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = 0.88 + 0.1 * mottle.at(x, y) + 0.08 * fibres.at(x * 0.25, y * 2);
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  planks(data, width, height, rng) {
    // Floorboards seen from above: strong dark grain lines and knots, boards in random lengths.
    const base = jitter(rng, rng.pick(woods), 0.12);
    const boards = rng.int(3, 7);
    const plank = height / boards;
    const ends = Array.from({ length: boards }, () => rng.range(0.2, 0.9) * width);
    const warp = createValueNoise(rng, width / 7);
    const knots = Array.from({ length: rng.int(1, 4) }, () => ({ x: rng.range(0, width), y: rng.range(0, height), r: rng.range(0.01, 0.03) * width }));
    const freq = rng.range(0.5, 0.9);
    for (let y = 0; y < height; y++) {
      const p = Math.floor(y / plank);
      const seam = y - p * plank < 1.5 ? 0.35 : 1;
      for (let x = 0; x < width; x++) {
        const joint = Math.abs(x - ends[p]!) < 1.2 ? 0.4 : 1;
        let ring = (y + warp.at(x + p * 311, y) * 30) * freq;
        for (const knot of knots) {
          const d = Math.hypot(x - knot.x, (y - knot.y) * 1.8);
          if (d < knot.r * 4) ring += (knot.r * 4 - d) * 0.6;
        }
        const line = Math.sin(ring) > 0.82 ? 0.62 : 1;
        const k = seam * joint * line * (0.92 + 0.08 * warp.at(x * 0.3, y * 3));
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  woven(data, width, height, rng) {
    // Basket-weave cloth: alternating over-under threads a few pixels wide, in two tones.
    const base = jitter(rng, rng.pick(fabrics), 0.15);
    const cell = rng.int(3, 6);
    const mottle = createValueNoise(rng, width / 6);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const over = (Math.floor(x / cell) + Math.floor(y / cell)) & 1;
        const along = over ? (x % cell) / cell : (y % cell) / cell;
        const k = (over ? 1.1 : 0.82) * (0.9 + 0.2 * Math.sin(along * Math.PI)) * (0.92 + 0.1 * mottle.at(x, y));
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  felt(data, width, height, rng) {
    // Card-table felt: one saturated colour, fine fuzz, no pattern.
    const base = jitter(rng, rng.pick<Rgb>([[28, 92, 52], [30, 60, 120], [120, 28, 36], [40, 40, 44]]), 0.1);
    const fuzz = createValueNoise(rng, 1.2);
    const mottle = createValueNoise(rng, width / 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = 0.9 + 0.12 * fuzz.at(x, y) + 0.06 * mottle.at(x, y);
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  laminate(data, width, height, rng) {
    // A printed wood-look or solid laminate: flat, faint streaks, a sheen band across it.
    const base = jitter(rng, rng.pick<Rgb>([[214, 196, 170], [240, 240, 236], [120, 84, 60], [70, 70, 76]]), 0.06);
    const streak = createValueNoise(rng, 4);
    const sheenAt = rng.range(0.2, 0.8) * height;
    const sheenWidth = rng.range(0.05, 0.2) * height;
    for (let y = 0; y < height; y++) {
      const sheen = 1 + 0.12 * Math.exp(-(((y - sheenAt) / sheenWidth) ** 2));
      for (let x = 0; x < width; x++) {
        const k = sheen * (0.96 + 0.05 * streak.at(x * 0.08, y * 2));
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  cutting_mat(data, width, height, rng) {
    // A self-healing cutting mat: green or grey with a printed grid, every fifth line bolder.
    const base = jitter(rng, rng.pick<Rgb>([[40, 110, 80], [60, 64, 70], [30, 70, 120]]), 0.08);
    const step = rng.range(0.03, 0.06) * width;
    const offset = [rng.range(0, step), rng.range(0, step)];
    const mottle = createValueNoise(rng, width / 5);
    for (let y = 0; y < height; y++) {
      const gy = (y + offset[1]!) / step;
      for (let x = 0; x < width; x++) {
        const gx = (x + offset[0]!) / step;
        const onX = Math.abs(gx - Math.round(gx)) * step < (Math.round(gx) % 5 === 0 ? 1.1 : 0.55);
        const onY = Math.abs(gy - Math.round(gy)) * step < (Math.round(gy) % 5 === 0 ? 1.1 : 0.55);
        const m = 0.94 + 0.08 * mottle.at(x, y);
        if (onX || onY) put(data, (y * width + x) * 3, 215 * m, 225 * m, 215 * m);
        else put(data, (y * width + x) * 3, base[0] * m, base[1] * m, base[2] * m);
      }
    }
  },
  stone(data, width, height, rng) {
    // Speckled granite or terrazzo: a mid tone with dark and light flecks of several sizes.
    const base = jitter(rng, rng.pick<Rgb>([[150, 146, 140], [80, 78, 80], [200, 196, 188], [120, 100, 90]]), 0.08);
    const flecks = createValueNoise(rng, 1.6);
    const larger = createValueNoise(rng, 4);
    const cloud = createValueNoise(rng, width / 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const f = flecks.at(x, y);
        const g = larger.at(x, y);
        const k = (f > 0.8 ? 0.45 : f < 0.12 ? 1.35 : 1) * (g > 0.85 ? 0.6 : 1) * (0.9 + 0.15 * cloud.at(x, y));
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  paper(data, width, height, rng) {
    // A sheet of white or kraft paper: bright, faint fibres, a soft fold or two.
    const base = jitter(rng, rng.pick<Rgb>([[244, 242, 236], [236, 232, 220], [190, 160, 120]]), 0.03);
    const fibre = createValueNoise(rng, 2);
    const folds = Array.from({ length: rng.int(0, 2) }, () => ({ at: rng.range(0.2, 0.8), vertical: rng.chance(0.5) }));
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let k = 0.97 + 0.04 * fibre.at(x, y);
        for (const fold of folds) {
          const d = fold.vertical ? x / width - fold.at : y / height - fold.at;
          k *= 1 - 0.08 * Math.exp(-((d * 120) ** 2)) + 0.03 * Math.sign(d) * Math.exp(-((d * 40) ** 2));
        }
        put(data, (y * width + x) * 3, base[0] * k, base[1] * k, base[2] * k);
      }
    }
  },
  patterned(data, width, height, rng) {
    // A printed tablecloth: stripes, checks or dots in two colours, the busiest background there is.
    const a = jitter(rng, rng.pick(fabrics), 0.1);
    const b = jitter(rng, rng.pick<Rgb>([[230, 226, 214], [200, 60, 50], [240, 200, 80], [90, 150, 200]]), 0.1);
    const pattern = rng.pick(['stripes', 'checks', 'dots'] as const);
    const step = rng.range(0.02, 0.06) * width;
    const angle = rng.range(0, Math.PI);
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const u = (x * c + y * s) / step;
        const v = (-x * s + y * c) / step;
        const second =
          pattern === 'stripes' ? (Math.floor(u) & 1) === 1
          : pattern === 'checks' ? ((Math.floor(u) + Math.floor(v)) & 1) === 1
          : (u - Math.round(u)) ** 2 + (v - Math.round(v)) ** 2 < 0.08;
        const [r, g, bl] = second ? b : a;
        put(data, (y * width + x) * 3, r, g, bl);
      }
    }
  },
  printed(data, width, height, rng) {
    const ground = jitter(rng, rng.pick(prints), 0.06);
    const inks = prints.filter((c) => c !== ground);
    const mottle = createValueNoise(rng, width / 6);
    const short = Math.min(width, height);
    // Motifs about a thirtieth to a quarter of the short side across (coins in a photo span about that), on a loose grid.
    const pitch = short * rng.range(0.12, 0.3);
    const motifs: { x: number; y: number; r: number; stroke: number; filled: boolean; arc: [number, number] | null; ink: Rgb }[] = [];
    for (let gy = pitch / 2; gy < height + pitch; gy += pitch) {
      for (let gx = pitch / 2; gx < width + pitch; gx += pitch) {
        if (rng.chance(0.5)) continue;
        const r = pitch * rng.range(0.12, 0.45);
        const from = rng.range(0, 2 * Math.PI);
        motifs.push({
          x: gx + rng.range(-0.15, 0.15) * pitch, y: gy + rng.range(-0.15, 0.15) * pitch, r,
          stroke: Math.max(0.8, r * rng.range(0.04, 0.2)), filled: rng.chance(0.3),
          arc: rng.chance(0.2) ? [from, from + rng.range(1.5, 4.5)] : null, ink: jitter(rng, rng.pick(inks)!, 0.1),
        });
      }
    }
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const k = 0.94 + 0.08 * mottle.at(x, y);
        let [r, g, b] = ground;
        for (const m of motifs) {
          const d = Math.hypot(x - m.x, y - m.y);
          if (d > m.r + m.stroke) continue;
          if (m.arc) {
            const t = Math.atan2(y - m.y, x - m.x);
            const along = (((t - m.arc[0]) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
            if (along > m.arc[1] - m.arc[0]) continue;
          }
          // Antialiased: a ring's band, or a dot's disc.
          const cover = m.filled ? Math.min(1, Math.max(0, m.r - d + 0.5)) : Math.min(1, Math.max(0, m.stroke / 2 - Math.abs(d - m.r) + 0.5));
          r += (m.ink[0] - r) * cover;
          g += (m.ink[1] - g) * cover;
          b += (m.ink[2] - b) * cover;
        }
        put(data, (y * width + x) * 3, r * k, g * k, b * k);
      }
    }
  },
  tiled(data, width, height, rng) {
    const [ground, ink, third] = [0, 1, 2].map(() => rng.pick(tiles));
    const [a, b] = [jitter(rng, ground!, 0.06), jitter(rng, ink === ground ? tiles[(tiles.indexOf(ink!) + 3) % tiles.length]! : ink!, 0.06)];
    const accent = rng.chance(0.3) ? jitter(rng, third!, 0.06) : null;
    const motif = rng.pick(['squares', 'lozenges', 'dots', 'crosses', 'gingham'] as const);
    const pitch = width * rng.range(1 / 100, 1 / 20);
    // The lattice's two steps: square, or (dots) a triangular one; turned any way.
    const turn = rng.range(0, Math.PI);
    const skew = motif === 'dots' && rng.chance(0.5) ? Math.PI / 3 : Math.PI / 2;
    const [e1, e2] = [[Math.cos(turn), Math.sin(turn)], [Math.cos(turn + skew), Math.sin(turn + skew)]];
    const det = e1[0]! * e2[1]! - e1[1]! * e2[0]!;
    const size = rng.range(0.25, 0.45);
    const weave = createValueNoise(rng, pitch / 2);
    const mottle = createValueNoise(rng, width / 5);
    // The motif's cover at lattice coordinates (u, v), antialiased over a pixel (`soft`, in lattice units).
    const soft = 1 / pitch;
    const step = (d: number) => Math.min(1, Math.max(0, 0.5 - d / soft));
    const coverAt = (u: number, v: number): [number, number] => {
      const [fu, fv] = [u - Math.floor(u), v - Math.floor(v)];
      switch (motif) {
        case 'squares':
          return [step(Math.max(Math.abs(fu - 0.5), Math.abs(fv - 0.5)) - 0.25), 0];
        case 'lozenges':
          return [step(Math.abs(fu - 0.5) + Math.abs(fv - 0.5) - 0.5 + size / 2), 0];
        case 'dots':
          return [step(Math.hypot(u - Math.round(u), v - Math.round(v)) - size / 1.5), 0];
        case 'crosses': {
          const [du, dv] = [Math.abs(fu - 0.5), Math.abs(fv - 0.5)];
          return [step(Math.max(Math.min(du, dv) - size / 4, Math.max(du, dv) - size)), 0];
        }
        case 'gingham': {
          // Bands one way and the other, translucent: where they cross the colour is deepest.
          const [bu, bv] = [step(Math.abs(fu - 0.5) - size / 1.2), step(Math.abs(fv - 0.5) - size / 1.2)];
          return [(bu + bv) / 2, bu * bv];
        }
      }
    };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // Lattice coordinates: (x, y) = pitch (u e1 + v e2).
        const u = (x * e2[1]! - y * e2[0]!) / det / pitch;
        const v = (y * e1[0]! - x * e1[1]!) / det / pitch;
        const [cover, deep] = coverAt(u, v);
        const k = (0.93 + 0.1 * mottle.at(x, y)) * (0.97 + 0.05 * weave.at(x, y));
        const top = accent && deep > 0 ? accent : b;
        const mix = (c: 0 | 1 | 2) => a[c] + (b[c] - a[c]) * cover + (top[c] - b[c]) * deep;
        put(data, (y * width + x) * 3, mix(0) * k, mix(1) * k, mix(2) * k);
      }
    }
  },
  ruled(data, width, height, rng) {
    const [ground, ink] = rng.pick(rulings).map((c) => jitter(rng, c, 0.06)) as [Rgb, Rgb];
    const mottle = createValueNoise(rng, width / 6);
    // Lines a sixtieth to a twelfth of the width apart, a pixel or two wide, one way or both, turned any way.
    const pitch = width * rng.range(1 / 60, 1 / 12);
    const both = rng.chance(0.6);
    const turn = rng.range(0, Math.PI);
    const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
    const weight = rng.range(0.5, 1.4);
    const strength = rng.range(0.5, 0.9);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const u = (x * cos + y * sin) / pitch;
        const v = (y * cos - x * sin) / pitch;
        const near = Math.min(Math.abs(u - Math.round(u)), both ? Math.abs(v - Math.round(v)) : Infinity) * pitch;
        const cover = strength * Math.min(1, Math.max(0, weight / 2 - near + 0.5));
        const k = 0.95 + 0.07 * mottle.at(x, y);
        put(data, (y * width + x) * 3, (ground[0] + (ink[0] - ground[0]) * cover) * k, (ground[1] + (ink[1] - ground[1]) * cover) * k, (ground[2] + (ink[2] - ground[2]) * cover) * k);
      }
    }
  },
};

/** A tiled cloth's colours: white, cream, black, navy, red, mustard, green, pink, sky, brown. */
const tiles: Rgb[] = [[244, 242, 236], [232, 220, 190], [24, 24, 26], [30, 40, 90], [190, 40, 40], [214, 170, 40], [40, 120, 70], [236, 170, 190], [120, 180, 225], [110, 70, 40]];

/** A ruled sheet's grounds (paper white, manila, pale blue, slate, black board) and their lines. */
const rulings: [ground: Rgb, line: Rgb][] = [[[238, 236, 228], [120, 150, 200]], [[222, 200, 150], [150, 110, 70]], [[205, 222, 236], [70, 90, 140]], [[70, 78, 86], [200, 210, 215]], [[28, 30, 32], [170, 170, 160]]];

/** Paints the surface as RGB pixels at the given (reduced) size. */
export function paintSurface(kind: SurfaceKind, width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  painters[kind](data, width, height, createRng(seed));
  return data;
}
