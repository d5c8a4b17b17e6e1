import sharp from 'sharp';

/*
 * An ordinary photo's own blur, drawn among its conditions (the held-out world only): the lens a
 * little out of focus, or the phone moving while the shutter was open. Most of it is mild and the
 * photo is still a good one; past `blurredFrom` the photo's truth says `blurred`.
 */

export type CameraBlur =
  /** Out of focus: a Gaussian blur, sigma as a share of the photo's long side. */
  | { kind: 'focus'; sigma: number }
  /** Camera shake: a straight streak `length` long (a share of the photo's long side) at `angle` degrees. */
  | { kind: 'motion'; length: number; angle: number };

/**
 * The blur's spread as one number: the standard deviation of its point spread along its worst
 * direction, as a share of the long side (a Gaussian's sigma; a uniform streak of length L has
 * L/√12).
 */
export function blurSpread(blur: CameraBlur): number {
  return blur.kind === 'focus' ? blur.sigma : blur.length / Math.sqrt(12);
}

/**
 * From this spread (0.5% of the long side) a photo counts as `blurred`: halfway between the
 * strongest mild blur drawn (0.35%) and the weakest requested blur defect (0.6%, card-scene.ts).
 */
export const blurredFrom = 0.005;

export const isBlurred = (blur: CameraBlur | undefined): boolean => blur !== undefined && blurSpread(blur) >= blurredFrom;

/** Blurs an RGB photo in place. */
export async function applyCameraBlur(photo: Buffer, width: number, height: number, blur: CameraBlur): Promise<void> {
  const long = Math.max(width, height);
  if (blur.kind === 'focus') {
    const sigma = blur.sigma * long;
    if (sigma < 0.3) return;
    const blurred = await sharp(photo, { raw: { width, height, channels: 3 } }).blur(sigma).raw().toBuffer();
    blurred.copy(photo);
    return;
  }
  motionBlur(photo, width, height, blur.length * long, blur.angle);
}

/**
 * Averages the photo over whole-pixel steps along a streak `length` pixels long through each pixel
 * (edges clamp). Steps that land on the same offset count once each, so the weights stay uniform.
 */
function motionBlur(photo: Buffer, width: number, height: number, length: number, angle: number): void {
  const steps = Math.max(2, Math.round(length) + 1);
  const [dx, dy] = [Math.cos((angle * Math.PI) / 180), Math.sin((angle * Math.PI) / 180)];
  const offsets = new Map<string, { x: number; y: number; weight: number }>();
  for (let i = 0; i < steps; i++) {
    const t = (i / (steps - 1) - 0.5) * length;
    const [x, y] = [Math.round(t * dx), Math.round(t * dy)];
    const key = `${x},${y}`;
    const at = offsets.get(key);
    if (at) at.weight++;
    else offsets.set(key, { x, y, weight: 1 });
  }
  const source = Buffer.from(photo);
  const sum = new Float32Array(width * height * 3);
  const rowBytes = width * 3;
  for (const { x: ox, y: oy, weight } of offsets.values()) {
    for (let y = 0; y < height; y++) {
      const sy = Math.min(height - 1, Math.max(0, y + oy));
      const row = y * rowBytes;
      const from = sy * rowBytes;
      for (let x = 0; x < width; x++) {
        const sx = Math.min(width - 1, Math.max(0, x + ox));
        const s = from + sx * 3;
        const d = row + x * 3;
        sum[d] = sum[d]! + weight * source[s]!;
        sum[d + 1] = sum[d + 1]! + weight * source[s + 1]!;
        sum[d + 2] = sum[d + 2]! + weight * source[s + 2]!;
      }
    }
  }
  for (let i = 0; i < sum.length; i++) photo[i] = Math.round(sum[i]! / steps);
}
