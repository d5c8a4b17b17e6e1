import type { Point } from './raw-image.ts';

/** A 3×3 projective transform, row-major. */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

export function multiply(a: Mat3, b: Mat3): Mat3 {
  const out = new Array<number>(9);
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) out[r * 3 + c] = a[r * 3]! * b[c]! + a[r * 3 + 1]! * b[3 + c]! + a[r * 3 + 2]! * b[6 + c]!;
  }
  return out as Mat3;
}

export function invert(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new RangeError('singular homography');
  const k = 1 / det;
  return [A * k, -(b * i - c * h) * k, (b * f - c * e) * k, B * k, (a * i - c * g) * k, -(a * f - c * d) * k, C * k, -(a * h - b * g) * k, (a * e - b * d) * k];
}

export function apply(m: Mat3, [x, y]: Point): Point {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

export const translation = (x: number, y: number): Mat3 => [1, 0, x, 0, 1, y, 0, 0, 1];
export const scaling = (s: number): Mat3 => [s, 0, 0, 0, s, 0, 0, 0, 1];

export interface CameraPose {
  /** Size of the flat object, in its own pixels. */
  objectWidth: number;
  objectHeight: number;
  /** Photo pixels per object pixel (at zero tilt). */
  scale: number;
  /** In-plane rotation, degrees clockwise. */
  rotation: number;
  /** Tilt of the object plane away from the camera, degrees about the photo's x and y axes. */
  tilt: Point;
  /** Where the object's centre lands in the photo. */
  centre: Point;
  /** Focal length in photo pixels; a phone's main camera is roughly the photo's long side. */
  focal: number;
}

/**
 * Object pixels → photo pixels for a flat object seen by a pinhole camera: scale and spin the
 * object on its plane, tilt the plane, then project. The result is the hand-held keystone a real
 * phone photo has, not an arbitrary quad.
 */
export function cameraHomography(pose: CameraPose): Mat3 {
  const { objectWidth: w, objectHeight: h, scale: s, focal: f } = pose;
  const rad = Math.PI / 180;
  const [ax, ay] = [pose.tilt[0] * rad, pose.tilt[1] * rad];
  const rz = pose.rotation * rad;
  const rotZ: Mat3 = [Math.cos(rz), -Math.sin(rz), 0, Math.sin(rz), Math.cos(rz), 0, 0, 0, 1];
  const rotX: Mat3 = [1, 0, 0, 0, Math.cos(ax), -Math.sin(ax), 0, Math.sin(ax), Math.cos(ax)];
  const rotY: Mat3 = [Math.cos(ay), 0, Math.sin(ay), 0, 1, 0, -Math.sin(ay), 0, Math.cos(ay)];
  const r = multiply(multiply(rotX, rotY), rotZ);
  // Plane point (X, Y, 0) → camera (R·[X,Y,0] + [0,0,f]); only R's first two columns matter.
  const toCamera: Mat3 = [r[0], r[1], 0, r[3], r[4], 0, r[6], r[7], f];
  const centred: Mat3 = [s, 0, (-s * w) / 2, 0, s, (-s * h) / 2, 0, 0, 1];
  const project: Mat3 = [f, 0, pose.centre[0], 0, f, pose.centre[1], 0, 0, 1];
  return multiply(project, multiply(toCamera, centred));
}

/** Area of a simple polygon (shoelace). */
export function polygonArea(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}
