import sharp from 'sharp';
import type { CoinEntry, LoadedCatalog } from '@assay/catalog';
import type { RawImage } from '../photo/raw-image.ts';
import { createRng } from '../random.ts';
import { heldOutCoinSize, heldOutCoinSvg } from '../held-out-catalog/coins/coin-face.ts';
import { heldOutCoins } from '../held-out-catalog/coins/coin-list.ts';
import { coinObverseSvg, coinSize } from '../sample-catalog/coins/coin-face.ts';
import { sampleCoins } from '../sample-catalog/coins/coin-list.ts';
import { fmt, svgDocument } from '../svg.ts';
import { ancientFaceSvg } from './ancient.ts';
import { findCoin, marksOf, wearOf, type CoinFace, type CoinInstance } from './coin-instance.ts';

/*
 * A coin face as it looks on the table: the reference image (or a re-dated or ancient design) at
 * about its size in the photo, with wear shown as softened, flattened relief; contact marks in
 * proportion to the grade; toning that gathers towards the rim; and a sheen from the table's light.
 * Square RGBA, transparent outside the coin; the coin's disc spans `disc` of the image's width.
 */

export interface CoinFaceImage {
  image: RawImage;
  /** Diameter of the coin's disc as a share of the image width (the flan fills ~0.99 of a reference image). */
  disc: number;
}

interface Base {
  image: RawImage;
  disc: number;
}

const cache = new Map<string, Promise<Base>>();
const cacheLimit = 96;

function cached(key: string, make: () => Promise<Base>): Promise<Base> {
  let hit = cache.get(key);
  if (!hit) {
    hit = make();
    hit.catch(() => cache.delete(key));
    if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
    cache.set(key, hit);
  }
  return hit;
}

async function rasterize(input: string | Buffer, size: number, density?: number): Promise<Base> {
  const { data, info } = await sharp(input, density ? { density } : {}).resize(size, size, { fit: 'fill', kernel: 'lanczos3' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { data, width: info.width, height: info.height };
  return { image, disc: discShare(image) };
}

/** The opaque disc's diameter over the image width; an image without transparency counts as a full disc. */
function discShare({ data, width, height }: RawImage): number {
  const [cx, cy] = [width / 2, height / 2];
  let max = 0;
  let transparent = false;
  for (let y = 0; y < height; y += 2) {
    for (let x = 0; x < width; x += 2) {
      const a = data[(y * width + x) * 4 + 3]!;
      if (a < 128) transparent = true;
      else max = Math.max(max, Math.hypot(x + 0.5 - cx, y + 0.5 - cy));
    }
  }
  return transparent ? Math.min(1, (2 * max + 2) / width) : 0.99;
}

/** A design the generator can redraw with another year: which face carries the date, and how to draw it. */
interface Redatable {
  year: string;
  face: CoinFace;
  /** Side of the SVG's square canvas, in px. */
  canvas: number;
  svg: (year: string) => string;
}

/** The sample catalog's coins (date on the obverse) and the held-out catalog's (Canada on the reverse). */
const redatable = new Map<string, Redatable>([
  ...sampleCoins.map((c) => [c.slug, { year: c.year, face: 'obverse', canvas: coinSize, svg: (year: string) => coinObverseSvg({ ...c, year }) }] as const),
  ...heldOutCoins.map((c) => {
    const face: CoinFace = c.coinType.country === 'Canada' ? 'reverse' : 'obverse';
    return [c.slug, { year: c.year, face, canvas: heldOutCoinSize, svg: (year: string) => heldOutCoinSvg({ ...c, year }, face) }] as const;
  }),
]);

/** Whether the generator can redraw the entry's design with another year (the sample and held-out catalogs' coins). */
export function canRedate(entryId: string): boolean {
  return redatable.has(entryId);
}

function baseFace(catalog: LoadedCatalog, instance: CoinInstance, face: CoinFace, size: number): Promise<Base> {
  if (instance.ancient) {
    const design = instance.ancient;
    return cached(`ancient:${design.seed}:${design.metal}:${face}:${size}`, () => rasterize(Buffer.from(ancientFaceSvg(design, face)), size, (72 * size) / 256));
  }
  const entry: CoinEntry = findCoin(catalog, instance.entryId!);
  const design = redatable.get(entry.id);
  if (design && instance.year !== null && face === design.face && instance.year !== design.year) {
    const svg = design.svg(instance.year);
    return cached(`redated:${entry.id}:${instance.year}:${size}`, () => rasterize(Buffer.from(svg), size, (72 * size) / design.canvas));
  }
  const file = catalog.entryFile('coins', entry.id, entry.images[face]);
  return cached(`${file}@${size}`, () => rasterize(file, size));
}

type Rgb = [number, number, number];

// Toning colours per metal, from light gold through magenta and blue to deep brown.
const palettes: Record<string, Rgb[]> = {
  silver: [[214, 184, 120], [196, 150, 165], [140, 160, 205], [150, 120, 90], [170, 165, 135]],
  copper: [[120, 70, 40], [90, 60, 40], [140, 90, 60], [70, 60, 45]],
  nickel: [[170, 160, 130], [140, 130, 110], [160, 150, 150]],
  gold: [[200, 140, 70], [180, 120, 90]],
};

function paletteOf(catalog: LoadedCatalog, instance: CoinInstance): Rgb[] {
  if (instance.ancient) return instance.ancient.metal === 'bronze' ? [[70, 95, 70], [80, 70, 50], [60, 80, 75]] : [[90, 85, 80], [110, 95, 80]];
  const main = [...findCoin(catalog, instance.entryId!).specs.composition].sort((a, b) => b.fraction - a.fraction)[0]!.material;
  return palettes[main === 'zinc' || main === 'steel' ? 'nickel' : main] ?? palettes.copper!;
}

function marksSvg(size: number, amount: number, wear: number, seed: number): string {
  const rng = createRng(seed);
  const n = Math.round(amount * 45);
  let out = '';
  for (let i = 0; i < n; i++) {
    const r = Math.sqrt(rng.next()) * size * 0.46;
    const a = rng.range(0, Math.PI * 2);
    const [x, y] = [size / 2 + r * Math.cos(a), size / 2 + r * Math.sin(a)];
    const length = size * rng.range(0.015, 0.06);
    const b = rng.range(0, Math.PI);
    const colour = rng.chance(0.5) ? '#ffffff' : '#1a1a1a';
    out += `<path d="M${fmt(x)},${fmt(y)} l${fmt(length * Math.cos(b))},${fmt(length * Math.sin(b))}" stroke="${colour}" stroke-width="${fmt(Math.max(0.6, size / 300))}" stroke-linecap="round" opacity="${fmt(rng.range(0.25, 0.6))}"/>`;
  }
  // Rim knocks on well-worn coins.
  for (let i = 0; i < Math.round(wear * 6); i++) {
    const a = rng.range(0, Math.PI * 2);
    out += `<circle cx="${fmt(size / 2 + size * 0.49 * Math.cos(a))}" cy="${fmt(size / 2 + size * 0.49 * Math.sin(a))}" r="${fmt(size * rng.range(0.01, 0.025))}" fill="#2a2a2a" opacity="0.45"/>`;
  }
  return svgDocument(size, size, out);
}

/** The coin's average colour (its reference image's opaque pixels), as #rrggbb. */
export async function coinColour(catalog: LoadedCatalog, instance: CoinInstance): Promise<string> {
  const { data } = (await baseFace(catalog, instance, 'obverse', 64)).image;
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! < 200) continue;
    for (let c = 0; c < 3; c++) sum[c] = sum[c]! + data[i + c]!;
    n++;
  }
  return `#${sum.map((v) => Math.round(n > 0 ? v / n : 160).toString(16).padStart(2, '0')).join('')}`;
}

export interface CoinFaceOptions {
  /** Image side in pixels: about the coin's diameter in the photo. */
  size: number;
  /** Where the table's light comes from, degrees clockwise from up, in the face's own frame. */
  lightFrom: number;
}

export async function renderCoinFace(catalog: LoadedCatalog, instance: CoinInstance, face: CoinFace, options: CoinFaceOptions): Promise<CoinFaceImage> {
  const size = Math.max(32, Math.min(512, Math.round(options.size)));
  const base = await baseFace(catalog, instance, face, size);
  const { data: src } = base.image;
  const wear = wearOf(instance.grade);
  const marks = marksOf(instance.grade);

  let [mr, mg, mb, count] = [0, 0, 0, 0];
  for (let i = 0; i < src.length; i += 16) {
    if (src[i + 3]! < 200) continue;
    mr += src[i]!;
    mg += src[i + 1]!;
    mb += src[i + 2]!;
    count++;
  }
  const mean: Rgb = count > 0 ? [mr / count, mg / count, mb / count] : [128, 128, 128];
  const faceSeed = (instance.seed ^ (face === 'obverse' ? 0x51ed : 0xa3c1)) >>> 0;
  const rgb = await sharp(src, { raw: { width: size, height: size, channels: 4 } })
    .flatten({ background: { r: mean[0], g: mean[1], b: mean[2] } })
    .blur(Math.max(0.3, (0.35 + 2.8 * wear) * (size / 256)))
    .composite([{ input: Buffer.from(marksSvg(size, marks, wear, faceSeed)) }])
    .removeAlpha().raw().toBuffer();

  const palette = paletteOf(catalog, instance);
  const tone = palette[Math.floor(instance.toneHue * palette.length) % palette.length]!;
  const light = ((options.lightFrom - 90) * Math.PI) / 180;
  const [lx, ly] = [Math.cos(light), Math.sin(light)];
  const radius = (size * base.disc) / 2;
  const flatten = wear * 0.35;
  const gloss = (1 - wear * 0.6) * (1 - instance.toning * 0.5);
  const out = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    const dy = (y + 0.5 - size / 2) / radius;
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      const a = src[i + 3]!;
      if (a === 0) continue;
      const j = (y * size + x) * 3;
      const dx = (x + 0.5 - size / 2) / radius;
      const r2 = Math.min(1, dx * dx + dy * dy);
      const toned = instance.toning * (0.3 + 0.7 * r2 * r2) * 0.55;
      // A broad ramp towards the light plus a soft specular lobe on the lit side.
      const along = dx * lx + dy * ly;
      const [hx, hy] = [dx - lx * 0.4, dy - ly * 0.4];
      const lit = 1 + 0.14 * along;
      const spec = 55 * gloss * Math.exp(-(hx * hx + hy * hy) / 0.09);
      for (let c = 0; c < 3; c++) {
        let v = rgb[j + c]!;
        v += (mean[c]! - v) * flatten;
        v *= 1 + (tone[c]! / 255 - 1) * toned;
        v = v * lit + spec;
        out[i + c] = v < 0 ? 0 : v > 255 ? 255 : v;
      }
      out[i + 3] = a;
    }
  }
  return { image: { data: out, width: size, height: size }, disc: base.disc };
}
