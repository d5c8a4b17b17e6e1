import sharp from 'sharp';
import type { LoadedCatalog, ToyEntry } from '@assay/catalog';
import type { RawImage } from '../photo/raw-image.ts';
import { createRng } from '../random.ts';
import { fmt, svgDocument, svgText } from '../svg.ts';

/*
 * What a toy photo shows, as flat RGBA objects: the catalog's item and packaging images cut out of
 * their plain studio background; close-ups of the model number and maker marks (moulded into the
 * toy's base, or printed on the box's corner); invented accessories in the toy's colours; and a
 * detail crop of the toy.
 */

const cache = new Map<string, Promise<RawImage>>();

function cached(key: string, make: () => Promise<RawImage>): Promise<RawImage> {
  let hit = cache.get(key);
  if (!hit) {
    hit = make();
    hit.catch(() => cache.delete(key));
    if (cache.size >= 64) cache.delete(cache.keys().next().value!);
    cache.set(key, hit);
  }
  return hit;
}

/**
 * The image with its plain background removed: pixels like the corners' colour that connect to the
 * border become transparent (a flood fill, so the same colour inside the toy stays), then cropped.
 */
export function cutOut(file: string): Promise<RawImage> {
  return cached(file, async () => {
    const { data, info } = await sharp(file).resize(512, 512, { fit: 'inside', kernel: 'lanczos3' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width: w, height: h } = info;
    const bg = [data[0]!, data[1]!, data[2]!];
    const near = (i: number) => Math.abs(data[i]! - bg[0]!) + Math.abs(data[i + 1]! - bg[1]!) + Math.abs(data[i + 2]! - bg[2]!) < 30;
    const seen = new Uint8Array(w * h);
    const stack: number[] = [];
    for (let x = 0; x < w; x++) stack.push(x, (h - 1) * w + x);
    for (let y = 0; y < h; y++) stack.push(y * w, y * w + w - 1);
    while (stack.length > 0) {
      const p = stack.pop()!;
      if (seen[p] || !near(p * 4)) continue;
      seen[p] = 1;
      data[p * 4 + 3] = 0;
      const [x, y] = [p % w, Math.floor(p / w)];
      if (x > 0) stack.push(p - 1);
      if (x < w - 1) stack.push(p + 1);
      if (y > 0) stack.push(p - w);
      if (y < h - 1) stack.push(p + w);
    }
    let [minX, minY, maxX, maxY] = [w, h, -1, -1];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (data[(y * w + x) * 4 + 3] === 0) continue;
        minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      }
    }
    if (maxX < 0) return { data, width: w, height: h };
    const [cw, ch] = [maxX - minX + 3, maxY - minY + 3];
    const out = Buffer.alloc(cw * ch * 4);
    for (let y = 0; y < ch - 2; y++) data.copy(out, ((y + 1) * cw + 1) * 4, ((minY + y) * w + minX) * 4, ((minY + y) * w + maxX + 1) * 4);
    return { data: out, width: cw, height: ch };
  });
}

export function itemFile(catalog: LoadedCatalog, entry: ToyEntry, view: number): string {
  return catalog.entryFile('toys', entry.id, entry.images.item[view % entry.images.item.length]!);
}

/** The toy's main plastic colour: the commonest opaque colour of its canonical view, coarsely binned. */
export async function toyColour(catalog: LoadedCatalog, entry: ToyEntry): Promise<string> {
  const { data } = await cutOut(itemFile(catalog, entry, 0));
  const bins = new Map<number, number>();
  for (let i = 0; i < data.length; i += 16) {
    if (data[i + 3]! < 255) continue;
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (Math.max(r, g, b) - Math.min(r, g, b) < 12 && (r < 50 || r > 220)) continue; // outlines and highlights
    const key = ((r >> 5) << 6) | ((g >> 5) << 3) | (b >> 5);
    bins.set(key, (bins.get(key) ?? 0) + 1);
  }
  const best = [...bins.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? 0x124;
  const channel = (shift: number) => (((best >> shift) & 7) * 32 + 16).toString(16).padStart(2, '0');
  return `#${channel(6)}${channel(3)}${channel(0)}`;
}

const luma = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
};
const shade = (hex: string, k: number) => {
  const n = Number.parseInt(hex.slice(1), 16);
  const c = (s: number) => Math.min(255, Math.round(((n >> s) & 255) * k)).toString(16).padStart(2, '0');
  return `#${c(16)}${c(8)}${c(0)}`;
};

async function raster(svg: string): Promise<RawImage> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export type MarkSurface = 'base' | 'box';

/**
 * A close-up of text on the toy: moulded into the underside of its base (`base`: the text slightly
 * lighter than the plastic, with a cast-in shadow) or printed on the box corner (`box`: dark on
 * the box's light side panel, beside a barcode). Large, sharp type, so OCR can read it.
 */
export function markCloseUp(lines: string[], surface: MarkSurface, colour: string, seed: number): Promise<RawImage> {
  const rng = createRng(seed);
  const size = 46;
  const longest = Math.max(...lines.map((l) => l.length), 4);
  const w = Math.round(Math.max(520, longest * size * 0.66 + 100));
  const h = Math.round(lines.length * size * 1.5 + 130);
  let body: string;
  if (surface === 'base') {
    const ink = luma(colour) > 110 ? shade(colour, 0.55) : shade(colour, 1.9);
    const screws = [[40, 40], [w - 40, 40], [40, h - 40], [w - 40, h - 40]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="12" fill="${shade(colour, 0.6)}"/><circle cx="${x}" cy="${y}" r="6" fill="#222"/>`).join('');
    body = `<rect width="${w}" height="${h}" rx="28" fill="${colour}"/><rect x="10" y="10" width="${w - 20}" height="${h - 20}" rx="22" fill="none" stroke="${shade(colour, 0.75)}" stroke-width="4"/>${screws}` +
      lines.map((line, i) => {
        const y = 70 + (i + 0.8) * size * 1.5;
        return svgText(w / 2 + 2, y + 2, line, { size, fill: shade(colour, 0.45), anchor: 'middle', weight: 'bold', extra: 'opacity="0.6"' }) +
          svgText(w / 2, y, line, { size, fill: ink, anchor: 'middle', weight: 'bold' });
      }).join('');
  } else {
    const panel = '#f4f1ea';
    const bars = Array.from({ length: 40 }, (_, i) => `<rect x="${fmt(w - 200 + i * 4.2)}" y="${h - 100}" width="${fmt(rng.int(1, 3))}" height="70" fill="#111"/>`).join('');
    body = `<rect width="${w}" height="${h}" fill="${panel}"/><rect width="${w}" height="34" fill="${colour}"/>${bars}` +
      lines.map((line, i) => svgText(40, 34 + (i + 1) * size * 1.35, line, { size: size * 0.9, fill: '#161616', weight: 'bold' })).join('');
  }
  return raster(svgDocument(w, h, body));
}

/** Invented loose parts in the toy's colours: a stand, a tool, a helmet, a wheel, a shield. */
export function accessories(colour: string, seed: number): Promise<RawImage> {
  const rng = createRng(seed);
  const parts = [
    (x: number, y: number) => `<rect x="${x - 60}" y="${y - 14}" width="120" height="28" rx="10" fill="${shade(colour, 0.7)}"/><rect x="${x - 8}" y="${y - 60}" width="16" height="50" fill="${shade(colour, 0.7)}"/>`,
    (x: number, y: number) => `<path d="M${x - 70},${y + 8} L${x + 50},${y - 6} L${x + 70},${y} L${x + 50},${y + 10} Z" fill="#9ca3af" stroke="#333" stroke-width="3"/><rect x="${x - 80}" y="${y - 4}" width="22" height="22" rx="4" fill="${colour}"/>`,
    (x: number, y: number) => `<path d="M${x - 40},${y + 20} C${x - 40},${y - 40} ${x + 40},${y - 40} ${x + 40},${y + 20} Z" fill="${colour}" stroke="#1a1a1a" stroke-width="3"/><rect x="${x - 28}" y="${y - 6}" width="56" height="12" rx="5" fill="#1a1a1a"/>`,
    (x: number, y: number) => `<circle cx="${x}" cy="${y}" r="34" fill="#1a1a1a"/><circle cx="${x}" cy="${y}" r="16" fill="#c0c0c0"/>`,
    (x: number, y: number) => `<path d="M${x - 34},${y - 40} L${x + 34},${y - 40} L${x + 34},${y + 4} C${x + 34},${y + 30} ${x},${y + 44} ${x},${y + 44} C${x},${y + 44} ${x - 34},${y + 30} ${x - 34},${y + 4} Z" fill="${shade(colour, 1.2)}" stroke="#1a1a1a" stroke-width="3"/>`,
  ];
  const count = rng.int(2, 4);
  const chosen = Array.from({ length: count }, (_, i) => parts[(rng.int(0, parts.length - 1) + i) % parts.length]!);
  // Two to a row, each in a 220 px cell, turned anyhow as they were dropped on the table.
  const body = chosen.map((part, i) => {
    const [x, y] = [110 + (i % 2) * 220, 110 + Math.floor(i / 2) * 220];
    return `<g transform="translate(${x},${y}) rotate(${fmt(rng.range(-40, 40))}) scale(1.3) translate(${-x},${-y})">${part(x, y)}</g>`;
  }).join('');
  return raster(svgDocument(count > 1 ? 440 : 220, Math.ceil(count / 2) * 220, body));
}

/** A close-up of part of the toy: a region of the cut-out, shown large. */
export async function detailCrop(image: RawImage, seed: number): Promise<RawImage> {
  const rng = createRng(seed);
  const share = rng.range(0.4, 0.6);
  const [w, h] = [Math.max(8, Math.round(image.width * share)), Math.max(8, Math.round(image.height * share))];
  const left = Math.round(rng.range(0, image.width - w));
  const top = Math.round(rng.range(0, image.height - h));
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .extract({ left, top, width: w, height: h }).resize(Math.round(w * 1.6), Math.round(h * 1.6), { kernel: 'lanczos3' })
    .raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A coarse outline of an image's opaque pixels (left and right edges per band), for its shadow. */
export function silhouette(image: RawImage, bands = 24): [number, number][] {
  const { data, width, height } = image;
  const left: [number, number][] = [];
  const right: [number, number][] = [];
  for (let b = 0; b <= bands; b++) {
    const y = Math.min(height - 1, Math.round((b / bands) * (height - 1)));
    let [l, r] = [-1, -1];
    for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3]! > 128) {
        if (l < 0) l = x;
        r = x;
      }
    }
    if (l >= 0) {
      left.push([l, y]);
      right.push([r + 1, y]);
    }
  }
  return [...left, ...right.reverse()];
}
