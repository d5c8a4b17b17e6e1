import type { Point } from './raw-image.ts';
import { points } from '../svg.ts';
import { renderSoftMask, type SoftMask } from './soft-mask.ts';

export interface ShadowSpec {
  angle: number;
  /** Offset and blur in photo pixels. */
  distance: number;
  softness: number;
  opacity: number;
}

/** The soft shadow flat objects cast on the table, as a mask to darken the table with. */
export function castShadows(width: number, height: number, outlines: Point[][], spec: ShadowSpec): Promise<SoftMask> {
  const rad = (spec.angle * Math.PI) / 180;
  const [dx, dy] = [Math.cos(rad) * spec.distance, Math.sin(rad) * spec.distance];
  const body = outlines.map((outline) => `<polygon points="${points(outline.map(([x, y]) => [x + dx, y + dy] as const))}" fill="#fff" fill-opacity="${spec.opacity}"/>`).join('');
  return renderSoftMask(width, height, body, spec.softness);
}
