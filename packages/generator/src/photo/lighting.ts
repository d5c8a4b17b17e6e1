import { createRng } from '../random.ts';

/** How the scene is lit, as a phone photo of a table top shows it. */
export interface Lighting {
  /** Direction the light falls off towards, degrees. */
  angle: number;
  /** Brightness change across the frame along `angle`, e.g. 0.2 for ±20%. */
  gradient: number;
  /** Darkening towards the corners (lens vignetting), 0..0.4. */
  vignette: number;
  /** Overall brightness multiplier. */
  exposure: number;
  /** White balance: positive is warm (tungsten), negative cool (shade). */
  warmth: number;
  /** Sensor noise, standard deviation in 8-bit levels. */
  noise: number;
  /**
   * A desk lamp or spot light (the held-out world only): brightest at (x, y), fractions of the
   * frame, falling off over `radius` (a fraction of the frame's diagonal) to `1 - falloff` of it.
   */
  spot?: { x: number; y: number; radius: number; falloff: number };
}

// Grain comes from one fixed tile with prime sides, offset per photo: a PRNG call per pixel
// would dominate the pass, and a prime-sized tile never lines up with JPEG's 8×8 blocks.
const tileWidth = 509;
const tileHeight = 503;
let unitGrain: Float32Array | undefined;

function grainTile(): Float32Array {
  if (!unitGrain) {
    const rng = createRng(0x9e3779b9);
    unitGrain = new Float32Array(tileWidth * tileHeight);
    // A sum of three uniforms, scaled to unit variance: close enough to Gaussian sensor noise.
    for (let i = 0; i < unitGrain.length; i++) unitGrain[i] = (rng.next() + rng.next() + rng.next() - 1.5) * 2;
  }
  return unitGrain;
}

/**
 * Applies the lighting to RGB pixels in place: a directional brightness ramp, vignetting, a
 * white-balance cast and luminance grain, in one pass over the photo.
 */
export function applyLighting(rgb: Buffer, width: number, height: number, lighting: Lighting, seed: number): void {
  const rng = createRng(seed);
  const grain = grainTile();
  const amount = lighting.noise;
  const [ox, oy] = [rng.int(0, tileWidth - 1), rng.int(0, tileHeight - 1)];

  const rad = (lighting.angle * Math.PI) / 180;
  const half = Math.hypot(width, height) / 2;
  const [dx, dy] = [Math.cos(rad) / half, Math.sin(rad) / half];
  const [gr, gg, gb] = [1 + 0.07 * lighting.warmth, 1, 1 - 0.08 * lighting.warmth].map((g) => g * lighting.exposure) as [number, number, number];
  const out = new Uint8ClampedArray(rgb.buffer, rgb.byteOffset, rgb.length);
  const spot = lighting.spot && {
    x: lighting.spot.x * width,
    y: lighting.spot.y * height,
    radius2: (lighting.spot.radius * 2 * half) ** 2,
    falloff: lighting.spot.falloff,
  };
  const vx = new Float32Array(width);
  for (let x = 0; x < width; x++) vx[x] = ((x - width / 2) / half) ** 2;
  for (let y = 0; y < height; y++) {
    const ry = (y - height / 2) / half;
    const rowTile = ((y + oy) % tileHeight) * tileWidth;
    let t = ox;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, o += 3) {
      let light = (1 - lighting.gradient * ((x - width / 2) * dx + (y - height / 2) * dy)) * (1 - lighting.vignette * (vx[x]! + ry * ry));
      if (spot) light *= 1 - spot.falloff * (1 - Math.exp(-(((x - spot.x) ** 2 + (y - spot.y) ** 2) / spot.radius2)));
      const n = grain[rowTile + t]! * amount;
      if (++t === tileWidth) t = 0;
      out[o] = rgb[o]! * light * gr + n;
      out[o + 1] = rgb[o + 1]! * light * gg + n;
      out[o + 2] = rgb[o + 2]! * light * gb + n;
    }
  }
}
