import { sampleRgb, type Homography, type RgbImage } from '@assay/pixels';

/**
 * A coin's face where a photo shows it: centre and radius and, for a coin the camera saw from an
 * angle, the ellipse it makes (its major semi-axis is `r`: tilting foreshortens only across it).
 * A face is sampled through `discPoint`, so a tilted coin is read as if seen square on.
 */
export interface CoinDisc {
  x: number;
  y: number;
  r: number;
  /** Null for a coin seen round (its axes within what the features tolerate); `angle` is the major axis's direction, radians from the photo's x axis. */
  ellipse: { major: number; minor: number; angle: number } | null;
  /**
   * For a tilted coin read through the camera's perspective (see perspectiveViews): the face square
   * on, (u, v) in radii from its centre, to the photo's pixels. It supersedes the ellipse's stretch.
   */
  perspective?: Homography | null;
}

/**
 * Where a point of the face lies in the photo: (u, v) in units of the radius from the centre, as the
 * face would be seen square on (v down). The ellipse is taken as the circle stretched along its
 * axes; any turn besides is the coin's rotation, which matching finds.
 */
export function discPoint(disc: CoinDisc): (u: number, v: number) => [number, number] {
  const { x, y, r, ellipse, perspective } = disc;
  if (perspective) {
    // Applied inline, not through applyHomography: this runs for every pixel of a cut-out face.
    const h = perspective;
    return (u, v) => {
      const w = h[6]! * u + h[7]! * v + h[8]!;
      return [(h[0]! * u + h[1]! * v + h[2]!) / w, (h[3]! * u + h[4]! * v + h[5]!) / w];
    };
  }
  if (!ellipse) return (u, v) => [x + r * u, y + r * v];
  const [c, s] = [Math.cos(ellipse.angle), Math.sin(ellipse.angle)];
  return (u, v) => {
    const along = (u * c + v * s) * ellipse.major;
    const across = (v * c - u * s) * ellipse.minor;
    return [x + along * c - across * s, y + along * s + across * c];
  };
}

/**
 * The face cut out square on, its radius `radius` pixels in a square of `side` pixels, by bilinear
 * sampling: for an image already resampled to about that scale (the stretch across a tilted coin's
 * minor axis is 1.1 at 25°, so no detail is lost to aliasing).
 */
export function squareOn(image: RgbImage, disc: CoinDisc, radius: number, side: number): RgbImage {
  const point = discPoint(disc);
  const data = Buffer.alloc(side * side * 3);
  const rgb = new Float64Array(3);
  const centre = side / 2;
  for (let j = 0; j < side; j++) {
    for (let i = 0; i < side; i++) {
      const [px, py] = point((i + 0.5 - centre) / radius, (j + 0.5 - centre) / radius);
      sampleRgb(image, px, py, rgb);
      const o = (j * side + i) * 3;
      data[o] = Math.round(rgb[0]!);
      data[o + 1] = Math.round(rgb[1]!);
      data[o + 2] = Math.round(rgb[2]!);
    }
  }
  return { width: side, height: side, data };
}
