import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { loadCatalog, type LoadedCatalog } from '@assay/catalog';
import type { CardScene } from '../cards/card-scene.ts';
import { sampleCardScene } from '../cards/card-scene.ts';
import type { Point } from '../photo/raw-image.ts';
import { createRng } from '../random.ts';

/** Helpers the tests use to look at generated pixels. */

export const sampleCatalogDir = fileURLToPath(new URL('../../../../catalog/sample/', import.meta.url));

let catalog: Promise<LoadedCatalog> | undefined;
export function sampleCatalog(): Promise<LoadedCatalog> {
  catalog ??= loadCatalog(sampleCatalogDir);
  return catalog;
}

export const heldOutCatalogDir = fileURLToPath(new URL('../../../../catalog/held-out/', import.meta.url));

let heldOut: Promise<LoadedCatalog> | undefined;
/** The committed held-out catalog (Canadian and euro coins, other cards and toys). */
export function heldOutCatalog(): Promise<LoadedCatalog> {
  heldOut ??= loadCatalog(heldOutCatalogDir);
  return heldOut;
}

export interface Decoded {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export async function decode(image: Buffer | string): Promise<Decoded> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export function pixel(image: Decoded, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * image.width + Math.round(x)) * image.channels;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

export const colourDistance = (a: readonly number[], b: readonly number[]) => Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!);

const luma = (image: Decoded, i: number) => 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;

/** Variance of the 4-neighbour Laplacian of luma: high for sharp images, low for blurred ones. */
export function laplacianVariance(image: Decoded): number {
  const { width, height, channels } = image;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1; x < width - 1; x += 2) {
      const i = (y * width + x) * channels;
      const v = luma(image, i - channels) + luma(image, i + channels) + luma(image, i - width * channels) + luma(image, i + width * channels) - 4 * luma(image, i);
      sum += v;
      sumSq += v * v;
      n++;
    }
  }
  return sumSq / n - (sum / n) ** 2;
}

/**
 * Mean luma step across 8-pixel JPEG block boundaries (x = 7 → 8) divided by the mean step in the
 * middle of blocks (x = 3 → 4). Comparing like positions keeps period-2 resampling patterns out.
 */
export function blockiness(image: Decoded): number {
  const { width, height, channels } = image;
  let across = 0;
  let within = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 3; x < width - 5; x += 8) {
      const i = (y * width + x) * channels;
      within += Math.abs(luma(image, i) - luma(image, i + channels));
      across += Math.abs(luma(image, i + 4 * channels) - luma(image, i + 5 * channels));
    }
  }
  return across / within;
}

/** The point (u, v) of the card (fractions of its width and height) in a photo taken without tilt. */
export function onCard(corners: [Point, Point, Point, Point], u: number, v: number): Point {
  const [tl, tr, , bl] = corners;
  return [tl[0] + (tr[0] - tl[0]) * u + (bl[0] - tl[0]) * v, tl[1] + (tr[1] - tl[1]) * u + (bl[1] - tl[1]) * v];
}

/** A plain, evenly lit, straight-on scene: good for measuring what was drawn. */
export function plainScene(overrides: Partial<CardScene> = {}): CardScene {
  return {
    ...sampleCardScene(createRng(11), {}),
    width: 900, height: 1200, fill: 0.5, centre: [0.5, 0.5], rotation: 0, tilt: [0, 0],
    surface: 'desk', clutter: 0,
    lighting: { angle: 0, gradient: 0, vignette: 0, exposure: 1, warmth: 0, noise: 0 },
    streak: null, jpegQuality: 95, defect: null, cardCount: 1,
    ...overrides,
  };
}
