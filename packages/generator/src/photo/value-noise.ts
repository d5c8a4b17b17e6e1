import type { Rng } from '../random.ts';

/**
 * Smooth random fields for textures: a coarse grid of random values, bilinearly blended with a
 * smoothstep. Cheap enough to evaluate per pixel for a half-resolution background.
 */
export interface ValueNoise {
  /** Value in [0, 1) at (x, y), where one grid cell spans `cell` units. */
  at(x: number, y: number): number;
}

export function createValueNoise(rng: Rng, cell: number, size = 64): ValueNoise {
  const grid = new Float32Array(size * size);
  for (let i = 0; i < grid.length; i++) grid[i] = rng.next();
  const mask = size - 1;
  return {
    at(x, y) {
      const gx = x / cell;
      const gy = y / cell;
      const x0 = Math.floor(gx);
      const y0 = Math.floor(gy);
      let tx = gx - x0;
      let ty = gy - y0;
      tx = tx * tx * (3 - 2 * tx);
      ty = ty * ty * (3 - 2 * ty);
      const i = (x0 & mask) + (y0 & mask) * size;
      const j = ((x0 + 1) & mask) + (y0 & mask) * size;
      const k = (x0 & mask) + ((y0 + 1) & mask) * size;
      const l = ((x0 + 1) & mask) + ((y0 + 1) & mask) * size;
      const top = grid[i]! + (grid[j]! - grid[i]!) * tx;
      const bottom = grid[k]! + (grid[l]! - grid[k]!) * tx;
      return top + (bottom - top) * ty;
    },
  };
}
