import { fmt, points } from '../svg.ts';
import type { Point } from './raw-image.ts';
import { renderSoftMask, type SoftMask } from './soft-mask.ts';

/*
 * The two "bad light" defects, drawn over the finished photo: a hand's or phone's shadow across
 * much of the subject, or a blown-out glare patch (pure white at its core) on it.
 */

export interface LightDefect {
  variant: 'shadow' | 'glare';
  angle: number;
  offset: number;
  strength: number;
}

/** The defect's coverage; blend towards black for a shadow, white for glare. */
export function lightDefectMask(width: number, height: number, subject: Point[], defect: LightDefect): Promise<SoftMask> {
  const cx = subject.reduce((s, p) => s + p[0], 0) / subject.length;
  const cy = subject.reduce((s, p) => s + p[1], 0) / subject.length;
  const size = Math.hypot(subject[1]![0] - subject[0]![0], subject[1]![1] - subject[0]![1]);
  const rad = (defect.angle * Math.PI) / 180;
  const n: Point = [Math.cos(rad), Math.sin(rad)];
  const short = Math.min(width, height);
  if (defect.variant === 'shadow') {
    // A half-plane whose edge crosses the subject near its centre: everything on its far side is dark.
    const reach = 3 * Math.hypot(width, height);
    const [qx, qy] = [cx + n[0] * defect.offset * size, cy + n[1] * defect.offset * size];
    const along: Point = [-n[1], n[0]];
    const corners: Point[] = [
      [qx + along[0] * reach, qy + along[1] * reach], [qx - along[0] * reach, qy - along[1] * reach],
      [qx - along[0] * reach - n[0] * reach, qy - along[1] * reach - n[1] * reach], [qx + along[0] * reach - n[0] * reach, qy + along[1] * reach - n[1] * reach],
    ];
    return renderSoftMask(width, height, `<polygon points="${points(corners)}" fill="#fff" fill-opacity="${fmt(defect.strength)}"/>`, short * 0.025);
  }
  const r = defect.strength * size;
  const [gx, gy] = [cx + n[0] * defect.offset * size, cy + n[1] * defect.offset * size];
  const glare = `<defs><radialGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="0.55" stop-color="#fff"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<ellipse cx="${fmt(gx)}" cy="${fmt(gy)}" rx="${fmt(r * 1.4)}" ry="${fmt(r * 0.9)}" transform="rotate(${fmt(defect.angle)} ${fmt(gx)} ${fmt(gy)})" fill="url(#g)"/>`;
  return renderSoftMask(width, height, glare, short * 0.004);
}
