import { createRng, type Rng } from '../random.ts';
import { createValueNoise } from './value-noise.ts';

/*
 * Table-top textures the card is photographed on, computed at reduced resolution (they are soft
 * anyway) as opaque RGB. Colours stay in the muted range real surfaces have.
 */

export const surfaceKinds = ['wood', 'fabric', 'desk', 'playmat', 'cardboard'] as const;
export type SurfaceKind = (typeof surfaceKinds)[number];

type Rgb = [number, number, number];
type Painter = (data: Buffer, width: number, height: number, rng: Rng) => void;

const woods: Rgb[] = [[185, 138, 90], [107, 74, 47], [74, 50, 34], [203, 183, 154], [140, 96, 60]];
const fabrics: Rgb[] = [[43, 58, 85], [107, 111, 117], [47, 93, 58], [94, 36, 48], [60, 90, 125], [30, 30, 32]];
const desks: Rgb[] = [[230, 230, 226], [154, 154, 150], [42, 42, 42], [200, 190, 170], [90, 100, 110]];
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
};

/** Paints the surface as RGB pixels at the given (reduced) size. */
export function paintSurface(kind: SurfaceKind, width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  painters[kind](data, width, height, createRng(seed));
  return data;
}
