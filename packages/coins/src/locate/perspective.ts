/*
 * A coin on a table seen by a tilted camera is not a circle stretched across one axis: the camera's
 * perspective makes its near side larger than its far side, and its centre does not lie at its
 * rim's ellipse's centre. How much depends on how large the coin is against the camera's focal
 * length (a coin half as wide as a photo taken at this focal length, seen at 20°, is some 15 % larger
 * across its near half than across its far one: 1 + 2 (r / f) sin 20°). The rim's ellipse and the camera's focal length give the table's tilt:
 * the rays through the rim make an oblique cone, and exactly two planes cut it in circles. Turning
 * the camera to face either plane square on shows the coin as a circle; only one of the two shows
 * its face undistorted, and the rim alone cannot tell which (for a coin at the photo's centre the
 * two are mirror images), so both are offered and the face decides.
 */
import type { Homography } from '@assay/pixels';

/**
 * The camera's focal length over the photo's long side, when the photo does not say: the geometric
 * mean of a phone's main camera (24–28 mm in 35 mm terms over the 34.6 mm a 4:3 frame's long side
 * spans there, ≈ 0.75) and its 2× one (≈ 1.5), the two a coin is photographed with; either is then
 * off by a factor of √2 at most. The tilt found from the rim's shape barely depends on it, the
 * correction's strength does. Measured on development seed 1151 (60 single coins, tilt=25, which
 * the generator renders at 1.1): 46 of 60 identified without the correction, 44 at 0.5, 52 at 0.75,
 * 56 at 1.1.
 */
const focalShare = Math.sqrt(0.75 * 1.5);

/** A rim's ellipse in a photo's pixels: centre, semi-axes and the major axis's angle (radians, y down). */
export interface RimShape {
  x: number;
  y: number;
  major: number;
  minor: number;
  angle: number;
}

/**
 * The two ways a flat coin whose rim makes this ellipse may lie under the camera: for each, the
 * homography taking its face seen square on ((u, v) in radii from its centre, v down) to the
 * photo's pixels. Null when the ellipse is no oblique cone's section (a degenerate fit).
 */
export function perspectiveViews(rim: RimShape, width: number, height: number): [Homography, Homography] | null {
  const f = focalShare * Math.max(width, height);
  const [px, py] = [width / 2, height / 2];
  // The rim as a conic in pixels, then as the cone of rays through it: Q = Kᵀ E K.
  const [c, s] = [Math.cos(rim.angle), Math.sin(rim.angle)];
  const [ia, ib] = [1 / (rim.major * rim.major), 1 / (rim.minor * rim.minor)];
  const m00 = c * c * ia + s * s * ib;
  const m01 = c * s * (ia - ib);
  const m11 = s * s * ia + c * c * ib;
  const [dx, dy] = [rim.x - px, rim.y - py];
  // Pixel coordinates about the principal point: p = (x − px, y − py), then P = (p / f, 1).
  const e = [
    [m00, m01, -(m00 * dx + m01 * dy)],
    [m01, m11, -(m01 * dx + m11 * dy)],
    [-(m00 * dx + m01 * dy), -(m01 * dx + m11 * dy), m00 * dx * dx + 2 * m01 * dx * dy + m11 * dy * dy - 1],
  ];
  const k = [f, f, 1];
  const cone = e.map((row, i) => row.map((v, j) => v * k[i]! * k[j]!));
  let { values, vectors } = symmetricEigen(cone);
  // Two eigenvalues of one sign and one of the other; made λ1 ≥ λ2 > 0 > λ3.
  if (values.filter((v) => v > 0).length === 1) values = values.map((v) => -v);
  const order = [0, 1, 2].sort((a, b) => values[b]! - values[a]!);
  const [l1, l2, l3] = order.map((i) => values[i]!) as [number, number, number];
  if (!(l2 > 0 && l3 < 0)) return null;
  const [e1, e3] = [vectors[order[0]!]!, vectors[order[2]!]!];
  const a = Math.sqrt((l1 - l2) / (l1 - l3));
  const b = Math.sqrt((l2 - l3) / (l1 - l3));
  const views = [1, -1].map((sign) => {
    const n = [0, 1, 2].map((i) => a * e1[i]! + sign * b * e3[i]!);
    if (n[2]! < 0) for (let i = 0; i < 3; i++) n[i] = -n[i]!;
    return viewFacing(n as [number, number, number], cone, f, px, py);
  });
  return views[0] && views[1] ? [views[0], views[1]] : null;
}

/**
 * The homography from the face square on to the photo when the table's normal is `n` (camera
 * coordinates): the camera turned by the least rotation that faces the table sees the rim as a
 * circle, whose centre and radius place the face.
 */
function viewFacing(n: [number, number, number], cone: number[][], f: number, px: number, py: number): Homography | null {
  // Rodrigues: the rotation R taking n to the optical axis (0, 0, 1).
  const [kx, ky] = [n[1], -n[0]];
  const sin = Math.hypot(kx, ky);
  const cos = n[2];
  const r: number[][] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  if (sin > 1e-12) {
    const [ux, uy] = [kx / sin, ky / sin];
    const skew = [[0, 0, uy], [0, 0, -ux], [-uy, ux, 0]];
    const skew2 = multiply(skew, skew);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) r[i]![j] = r[i]![j]! + sin * skew[i]![j]! + (1 - cos) * skew2[i]![j]!;
  }
  // The cone in the turned camera's coordinates (P' = R P): Rᵀ-conjugated. Its section at z = 1 is
  // the rim as the turned camera sees it, in units of f: a circle.
  const turned = multiply(multiply(r, cone), transpose(r));
  const scale = (turned[0]![0]! + turned[1]![1]!) / 2;
  if (!(Math.abs(scale) > 0)) return null;
  const [cx, cy] = [-turned[0]![2]! / scale, -turned[1]![2]! / scale];
  const radius2 = cx * cx + cy * cy - turned[2]![2]! / scale;
  if (!(radius2 > 0)) return null;
  const radius = Math.sqrt(radius2);
  // Face (u, v, 1) → turned ray (cx + radius·u, cy + radius·v, 1) → camera ray Rᵀ(…) → pixel K(…).
  const place = [[radius, 0, cx], [0, radius, cy], [0, 0, 1]];
  const toPixel = [[f, 0, px], [0, f, py], [0, 0, 1]];
  const h = multiply(multiply(toPixel, transpose(r)), place);
  const norm = h[2]![2]!;
  return Float64Array.from(h.flat().map((v) => v / norm));
}

const transpose = (m: number[][]) => m[0]!.map((_, j) => m.map((row) => row[j]!));
const multiply = (a: number[][], b: number[][]) => a.map((row) => b[0]!.map((_, j) => row.reduce((s, v, k) => s + v * b[k]![j]!, 0)));

/** Eigenvalues and unit eigenvectors of a symmetric 3 × 3 matrix (cyclic Jacobi rotations). */
function symmetricEigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const a = matrix.map((row) => [...row]);
  const v = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = Math.abs(a[0]![1]!) + Math.abs(a[0]![2]!) + Math.abs(a[1]![2]!);
    const scale = Math.abs(a[0]![0]!) + Math.abs(a[1]![1]!) + Math.abs(a[2]![2]!);
    if (off <= 1e-15 * scale) break;
    for (const [p, q] of [[0, 1], [0, 2], [1, 2]] as const) {
      if (a[p]![q] === 0) continue;
      const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const cos = 1 / Math.sqrt(t * t + 1);
      const sin = t * cos;
      for (let k = 0; k < 3; k++) {
        const [akp, akq] = [a[k]![p]!, a[k]![q]!];
        a[k]![p] = cos * akp - sin * akq;
        a[k]![q] = sin * akp + cos * akq;
      }
      for (let k = 0; k < 3; k++) {
        const [apk, aqk] = [a[p]![k]!, a[q]![k]!];
        a[p]![k] = cos * apk - sin * aqk;
        a[q]![k] = sin * apk + cos * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const [vkp, vkq] = [v[k]![p]!, v[k]![q]!];
        v[k]![p] = cos * vkp - sin * vkq;
        v[k]![q] = sin * vkp + cos * vkq;
      }
    }
  }
  return { values: [a[0]![0]!, a[1]![1]!, a[2]![2]!], vectors: [0, 1, 2].map((j) => [v[0]![j]!, v[1]![j]!, v[2]![j]!]) };
}
