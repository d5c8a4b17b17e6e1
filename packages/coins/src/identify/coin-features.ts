import sharp from 'sharp';
import { luma, sampleGray, type Homography, type RgbImage } from '@assay/pixels';
import { squareOn, type CoinDisc } from './coin-disc.ts';
import { detailOfCrop, detailRadius, type CoinDetail } from './coin-detail.ts';
import { fft } from './fft.ts';

/*
 * A coin face as a polar image: rings from near the centre to inside the rim, angles all round.
 * Turning the coin only shifts the angles, so matching over every shift at once (cross-spectra
 * summed over rings) is rotation invariant, and the best shift is the coin's rotation.
 */

export const coinFeaturesVersion = 3;
export const rings = 40;
export const angles = 256;
/** Coins are resampled so their radius is this many pixels (half the detail's): photos of any size compare alike. */
const canonicalRadius = detailRadius / 2;
const innerShare = 0.06;
const outerShare = 0.9;
// The numbers below were hand-set when coin features were written (63a414b) and not measured alone since.
/** A disc is cropped with this much of its radius around it, resampled to at least this many pixels a side. */
const cropMargin = 1.05;
const minCropSide = 8;
/** Share of a catalog image's width its disc spans, when the caller names none. */
export const referenceDisc = 0.99;
/** Colour (chroma) is read inside this share of the radius, clear of the rim and the table. */
const chromaDisc = 0.85;
/** Design relief is the grey less a box blur of this fraction of the radius (at least a pixel); fine detail less one of this radius. */
const broadBlurDivisor = 8;
const fineBlurRadius = 1;

export interface CoinFeatures {
  /** Rings × angles, high-passed and normalised (zero mean, unit variance), angle 0 = up, clockwise. */
  polar: number[];
  /** Standard deviation of the fine relief (sharp detail) before normalising, 0..255 scale. */
  fine: number;
  /** Standard deviation of the broader design relief before normalising. */
  broad: number;
  /** Mean chromaticity over the disc: r/(r+g+b) and b/(r+g+b). */
  chroma: [number, number];
  /** Fine relief of the annulus carrying dates and mint marks, at about a catalog image's resolution. */
  detail: CoinDetail;
}

/** A photographed coin's features: its polar image is also read with the rim taken a little smaller and larger. */
export interface PhotographedCoinFeatures extends CoinFeatures {
  /** The polar image with the rim taken `rimScales` times the fitted one, in that order. */
  rescaledPolars: number[][];
}

/**
 * A fitted rim is off the coin's true edge by a pixel or two (on development seed 1104, fitted rims
 * of group coins were 1.7 % small at the median, within −2.5 % to +1.6 % from the 10th to the 90th
 * percentile), and a catalog's images frame their coins with their own margins; the outer rings of
 * the polar image then sample other parts of the design than the reference's, which costs right
 * matches more than the coin's size does (scored with the true rim, the median right match on that
 * seed rose 0.04–0.06 for coins of 35 px radius and up). So the coin is also matched with its rim
 * taken this many times as large, each reference keeping its best (see matchCoin).
 */
export const rimScales = [0.97, 1.03];

/** Polar features of a coin's face in an RGB image (in that image's pixels), a tilted coin's as seen square on. */
export async function coinFeatures(image: RgbImage, disc: CoinDisc): Promise<PhotographedCoinFeatures> {
  // One resampling of the large photo (each costs a few ms); the coarse copy halves the fine one.
  const fine = await resampledDisc(image, disc, detailRadius);
  const { features, polarAt } = featuresOfCrop(halved(fine.image), fine.cx / 2, fine.cy / 2, fine.r / 2);
  return { ...features, rescaledPolars: rimScales.map((scale) => polarAt(scale).polar), detail: detailOfCrop(fine.image, fine.cx, fine.cy, fine.r) };
}

/** The image at half size, each pixel the mean of a 2 × 2 block (the detail radius is twice the canonical one). */
function halved({ width, height, data }: RgbImage): RgbImage {
  const [w, h] = [width >> 1, height >> 1];
  const out = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (2 * y * width + 2 * x) * 3;
      const j = i + width * 3;
      for (let c = 0; c < 3; c++) out[(y * w + x) * 3 + c] = (data[i + c]! + data[i + 3 + c]! + data[j + c]! + data[j + 3 + c]! + 2) >> 2;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * The disc's square surroundings resampled so its radius is `radius` pixels, and the disc in the
 * copy; a tilted coin's then stretched across its minor axis to be seen square on.
 */
async function resampledDisc(image: RgbImage, disc: CoinDisc, radius: number): Promise<{ image: RgbImage; cx: number; cy: number; r: number }> {
  const { x: cx, y: cy, r, ellipse, perspective } = disc;
  const half = Math.ceil(r * cropMargin);
  const left = Math.max(0, Math.round(cx - half));
  const top = Math.max(0, Math.round(cy - half));
  const right = Math.min(image.width, Math.round(cx + half));
  const bottom = Math.min(image.height, Math.round(cy + half));
  const scale = radius / r;
  const outW = Math.max(minCropSide, Math.round((right - left) * scale));
  const outH = Math.max(minCropSide, Math.round((bottom - top) * scale));
  const crop = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .extract({ left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) })
    .resize(outW, outH, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const sx = outW / (right - left);
  const sy = outH / (bottom - top);
  const resampled = { image: { width: outW, height: outH, data: crop }, cx: (cx - left) * sx, cy: (cy - top) * sy, r: (r * (sx + sy)) / 2 };
  if (!ellipse) return resampled;
  // Scaled alike both ways (sx and sy differ by rounding only), so the ellipse keeps its direction.
  const copyScale = resampled.r / r;
  const side = 2 * Math.ceil(radius * cropMargin);
  const inCopy = perspective ? intoCrop(perspective, left, top, sx, sy) : null;
  const seen = { x: resampled.cx, y: resampled.cy, r: resampled.r, ellipse: { major: ellipse.major * copyScale, minor: ellipse.minor * copyScale, angle: ellipse.angle }, perspective: inCopy };
  return { image: squareOn(resampled.image, seen, radius, side), cx: side / 2, cy: side / 2, r: radius };
}

/** A homography into the photo, then into its crop from (left, top) scaled by (sx, sy): p' = (p − (left, top)) · (sx, sy). */
function intoCrop(h: Homography, left: number, top: number, sx: number, sy: number): Homography {
  const row = (k: number, scale: number, offset: number) => [0, 1, 2].map((j) => scale * (h[3 * k + j]! - offset * h[6 + j]!));
  return Float64Array.from([...row(0, sx, left), ...row(1, sy, top), h[6]!, h[7]!, h[8]!]);
}

/** Features of a catalog reference image: the disc is centred and spans `disc` of the width. */
export async function referenceFeatures(file: string | Buffer, disc = referenceDisc): Promise<CoinFeatures> {
  const at = async (radius: number): Promise<RgbImage> => {
    const size = Math.round((2 * radius) / disc);
    const data = await sharp(file).resize(size, size, { fit: 'fill', kernel: 'lanczos3' }).flatten({ background: '#808080' }).removeAlpha().raw().toBuffer();
    return { width: size, height: size, data };
  };
  const [coarse, fine] = [await at(canonicalRadius), await at(detailRadius)];
  const { features } = featuresOfCrop(coarse, coarse.width / 2, coarse.height / 2, canonicalRadius);
  return { ...features, detail: detailOfCrop(fine, fine.width / 2, fine.height / 2, detailRadius) };
}

/** A polar image of a crop's relief with its rim taken `scale` times the disc's, and the relief's fine and broad strength there. */
type PolarAt = (scale: number) => Pick<CoinFeatures, 'polar' | 'fine' | 'broad'>;

/** The features of the disc (cx, cy, r) in a crop but its detail, and its polar image read at other rim scales. */
function featuresOfCrop(image: RgbImage, cx: number, cy: number, r: number): { features: Omit<CoinFeatures, 'detail'>; polarAt: PolarAt } {
  const { width, height, data } = image;
  const grey = new Float32Array(width * height);
  let [cr, cb, n] = [0, 0, 0];
  for (let i = 0, j = 0; i < grey.length; i++, j += 3) {
    const R = data[j]!;
    const G = data[j + 1]!;
    const B = data[j + 2]!;
    grey[i] = luma(R, G, B);
    const x = i % width;
    const y = (i - x) / width;
    if ((x - cx) ** 2 + (y - cy) ** 2 < (chromaDisc * r) ** 2) {
      const s = R + G + B + 1;
      cr += R / s;
      cb += B / s;
      n++;
    }
  }
  // Design relief without the lighting: the grey minus a broad blur; fine detail: minus a small blur.
  const broadBlur = blur(grey, width, height, Math.max(1, Math.round(r / broadBlurDivisor)));
  const fineBlur = blur(grey, width, height, fineBlurRadius);
  const relief = new Float32Array(grey.length);
  const fineDetail = new Float32Array(grey.length);
  for (let i = 0; i < grey.length; i++) {
    relief[i] = grey[i]! - broadBlur[i]!;
    fineDetail[i] = grey[i]! - fineBlur[i]!;
  }
  const polarAt: PolarAt = (scale) => {
    const radius = r * scale;
    const polar = new Float64Array(rings * angles);
    let [sum, sum2, f2] = [0, 0, 0];
    for (let ring = 0; ring < rings; ring++) {
      const rr = radius * ringShare(ring);
      for (let a = 0; a < angles; a++) {
        const t = (2 * Math.PI * a) / angles;
        // Angle 0 is up, increasing clockwise (image y grows downwards).
        const x = cx + rr * Math.sin(t);
        const y = cy - rr * Math.cos(t);
        const v = sampleGray(relief, width, height, x, y);
        polar[ring * angles + a] = v;
        sum += v;
        sum2 += v * v;
        const f = sampleGray(fineDetail, width, height, x, y);
        f2 += f * f;
      }
    }
    const count = rings * angles;
    const mean = sum / count;
    const std = Math.sqrt(Math.max(1e-9, sum2 / count - mean * mean));
    return { polar: Array.from(polar, (v) => round3((v - mean) / std)), fine: round3(Math.sqrt(f2 / count)), broad: round3(std) };
  };
  return { features: { ...polarAt(1), chroma: [round3(cr / Math.max(1, n)), round3(cb / Math.max(1, n))] }, polarAt };
}

/**
 * Ring-wise spectra of a polar image: what every match against it reuses. A real row's spectrum is
 * conjugate-symmetric, so only frequencies 0..angles/2 are kept (`bins` a ring): matching reads
 * every reference's spectrum for every coin, and half the bytes is half the memory traffic.
 */
export interface PolarSpectrum {
  re: Float64Array;
  im: Float64Array;
}

const bins = (angles >> 1) + 1;

export function polarSpectrum(polar: ArrayLike<number>): PolarSpectrum {
  const re = new Float64Array(rings * bins);
  const im = new Float64Array(rings * bins);
  const rowRe = new Float64Array(angles);
  const rowIm = new Float64Array(angles);
  for (let ring = 0; ring < rings; ring++) {
    for (let a = 0; a < angles; a++) {
      rowRe[a] = polar[ring * angles + a]!;
      rowIm[a] = 0;
    }
    fft(rowRe, rowIm);
    re.set(rowRe.subarray(0, bins), ring * bins);
    im.set(rowIm.subarray(0, bins), ring * bins);
  }
  return { re, im };
}

/**
 * The angular frequencies a coin's polar image holds, per ring (the highest kept): all of them for a
 * coin seen at least as large as the canonical copy's radius, and for a smaller one those its photo
 * resolves, a ring of radius ρ·r pixels round the circle resolving `resolvedShare` of its Nyquist
 * frequency, π·ρ·r cycles. Null: every frequency.
 */
export type AngularBand = Int32Array | null;

/**
 * Share of a ring's Nyquist frequency a coin's photo resolves (see angularBand). 1 is the sampling
 * limit itself; a lens, demosaicing and JPEG resolve less. Measured on development seeds 1102 and
 * 1103 (40 group requests each, coins down to a tenth of the fill, the second with every other axis
 * widened too; 5 designs left out of the catalog), before rims were matched at three scales: listed
 * coins named right 156/185 and 141/177 with every frequency, 157 and 143 at 1, 159 and 149 at 0.5;
 * unknown coins left unnamed 21/43 and 17/36, 20 and 16, 19 and 17.
 */
const resolvedShare = 0.5;

/** The angular band a coin of `radius` pixels in its photo resolves (see AngularBand). */
export function angularBand(radius: number): AngularBand {
  if (radius >= canonicalRadius) return null;
  const band = new Int32Array(rings);
  for (let ring = 0; ring < rings; ring++) band[ring] = Math.min(bins - 1, Math.floor(resolvedShare * Math.PI * ringShare(ring) * radius));
  return band;
}

/** A ring's radius over the coin's. */
const ringShare = (ring: number) => innerShare + ((outerShare - innerShare) * (ring + 0.5)) / rings;

/**
 * Normalised correlation of a photo's polar image with a reference's at every rotation, over the
 * frequencies the photo resolves (`band`; both images' energies taken over the same frequencies, so
 * a small coin is not marked down for detail its photo cannot hold); returns the best correlation
 * (−1..1) and the rotation of the photo relative to the reference in degrees clockwise.
 */
export function correlate(photo: PolarSpectrum, reference: PolarSpectrum, band: AngularBand = null): { score: number; rotation: number } {
  const accRe = new Float64Array(angles);
  const accIm = new Float64Array(angles);
  const half = angles >> 1;
  const pr = photo.re;
  const pi = photo.im;
  const rr = reference.re;
  const ri = reference.im;
  // Both images' energy within the band, each frequency counted as the full spectrum holds it (twice
  // but for 0 and the Nyquist bin); the polar images are normalised, so a full band's is rings × angles.
  let photoEnergy = 0;
  let referenceEnergy = 0;
  for (let ring = 0; ring < rings; ring++) {
    const o = ring * bins;
    const top = band ? band[ring]! : half;
    // Both polar images are real, so their spectra (and the product) are conjugate-symmetric:
    // the upper half of the frequencies is filled in from the lower below.
    for (let k = 0; k <= top; k++) {
      const ar = pr[o + k]!;
      const ai = pi[o + k]!;
      const br = rr[o + k]!;
      const bi = ri[o + k]!;
      // photo × conj(reference): its inverse peaks at the shift taking the reference onto the photo.
      accRe[k] = accRe[k]! + ar * br + ai * bi;
      accIm[k] = accIm[k]! + ai * br - ar * bi;
      if (band) {
        const twice = k === 0 || k === half ? 1 : 2;
        photoEnergy += twice * (ar * ar + ai * ai);
        referenceEnergy += twice * (br * br + bi * bi);
      }
    }
  }
  for (let k = half + 1; k < angles; k++) {
    accRe[k] = accRe[angles - k]!;
    accIm[k] = -accIm[angles - k]!;
  }
  fft(accRe, accIm, true);
  let best = 0;
  for (let s = 1; s < angles; s++) if (accRe[s]! > accRe[best]!) best = s;
  const shift = best > angles / 2 ? best - angles : best;
  const energy = band ? Math.sqrt(photoEnergy * referenceEnergy) / angles : rings * angles;
  return { score: energy > 0 ? accRe[best]! / energy : 0, rotation: (shift * 360) / angles };
}

/** Box blur of the given radius, run three times (close to a Gaussian). */
export function blur(src: Float32Array, width: number, height: number, radius: number): Float32Array {
  let a = src;
  for (let pass = 0; pass < 3; pass++) a = boxPass(boxPass(a, width, height, radius, true), width, height, radius, false);
  return a;
}

function boxPass(src: Float32Array, width: number, height: number, radius: number, horizontal: boolean): Float32Array {
  const out = new Float32Array(src.length);
  const [lines, length] = horizontal ? [height, width] : [width, height];
  const at = (line: number, k: number) => (horizontal ? line * width + k : k * width + line);
  for (let line = 0; line < lines; line++) {
    let sum = 0;
    for (let k = -radius; k <= radius; k++) sum += src[at(line, Math.min(length - 1, Math.max(0, k)))]!;
    for (let k = 0; k < length; k++) {
      out[at(line, k)] = sum / (2 * radius + 1);
      sum += src[at(line, Math.min(length - 1, k + radius + 1))]! - src[at(line, Math.max(0, k - radius))]!;
    }
  }
  return out;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
