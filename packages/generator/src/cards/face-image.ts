import sharp from 'sharp';
import type { RawImage } from '../photo/raw-image.ts';

/*
 * Card faces are rendered at a fixed base resolution (63:88, like a real trading card) before
 * anything else happens to them, whatever size the catalog's reference images are.
 */

export const baseWidth = 600;
export const baseHeight = 840;

const cache = new Map<string, Promise<RawImage>>();
const cacheLimit = 24;

/** The image file scaled to the base resolution as RGBA; cached, since sets reuse faces a lot. */
export function loadFace(file: string): Promise<RawImage> {
  let face = cache.get(file);
  if (!face) {
    face = sharp(file)
      .resize(baseWidth, baseHeight, { fit: 'fill', kernel: 'lanczos3' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    face.catch(() => cache.delete(file));
    if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
    cache.set(file, face);
  }
  return face;
}

/**
 * The width of a uniform printed border on each axis, as fractions of width and height, or 0 on
 * an axis without one. Catalogs give the front's frame inset but not the back's, so back
 * centering is measured from the image: walk inward from each edge until the colour changes.
 */
export function detectBorderInset(face: RawImage): { x: number; y: number } {
  const run = (edge: 'left' | 'right' | 'top' | 'bottom'): number[] => {
    const horizontal = edge === 'left' || edge === 'right';
    const length = horizontal ? face.height : face.width;
    const depth = horizontal ? face.width : face.height;
    const runs: number[] = [];
    for (let k = 1; k <= 15; k++) {
      const across = Math.floor((length * (0.2 + (0.6 * k) / 16)));
      const pixel = (d: number) => {
        const along = edge === 'right' || edge === 'bottom' ? depth - 1 - d : d;
        const [x, y] = horizontal ? [along, across] : [across, along];
        const i = (y * face.width + x) * 4;
        return [face.data[i]!, face.data[i + 1]!, face.data[i + 2]!];
      };
      const ref = pixel(2);
      let d = 3;
      while (d < depth * 0.3) {
        const p = pixel(d);
        if (Math.abs(p[0]! - ref[0]!) + Math.abs(p[1]! - ref[1]!) + Math.abs(p[2]! - ref[2]!) > 60) break;
        d++;
      }
      runs.push(d);
    }
    return runs.sort((a, b) => a - b);
  };
  const axis = (a: 'left' | 'top', b: 'right' | 'bottom', size: number) => {
    const [ra, rb] = [run(a), run(b)];
    const median = (r: number[]) => r[Math.floor(r.length / 2)]!;
    // A real border is the same width all along the edge; busy full-bleed art is not.
    const steady = (r: number[]) => r[11]! - r[3]! <= Math.max(2, size * 0.004) && median(r) < size * 0.29;
    return steady(ra) && steady(rb) ? (median(ra) + median(rb)) / 2 / size : 0;
  };
  return { x: axis('left', 'right', face.width), y: axis('top', 'bottom', face.height) };
}
