import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { generatedCoinRequest, withSensorNoise } from '../../../../test/support/coin-photos.ts';
import { analyseCoinPhoto } from '../analyse-coin-photo.ts';
import { coinPhotoQualityIssues } from './coin-photo-quality.ts';

const photo = (quality: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 140, g: 110, b: 70 } } })
    .jpeg({ quality })
    .toBuffer();

describe('coinPhotoQualityIssues', () => {
  it('reports a JPEG saved below quality 30 as compressed, from its own tables', async () => {
    expect(coinPhotoQualityIssues(await photo(10), null, null)).toEqual(['compressed']);
    expect(coinPhotoQualityIssues(await photo(29), null, null)).toEqual(['compressed']);
  });

  it('says nothing of quality 30 and up, or of a photo without JPEG tables', async () => {
    expect(coinPhotoQualityIssues(await photo(30), null, null)).toEqual([]);
    expect(coinPhotoQualityIssues(await photo(90), null, null)).toEqual([]);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer();
    expect(coinPhotoQualityIssues(png, null, null)).toEqual([]);
  });

  it('reports low resolution when a coin to assess shows its date too small to read', async () => {
    expect(coinPhotoQualityIssues(await photo(90), null, null, true)).toEqual(['low_resolution']);
    expect(coinPhotoQualityIssues(await photo(90), null, null, false)).toEqual([]);
  });
});

/** A photo's quality issues as the recognizer finds them: from its bytes and its analysis. */
async function issuesOf(bytes: Buffer) {
  const analysis = await analyseCoinPhoto(bytes);
  return coinPhotoQualityIssues(bytes, analysis.blurSpread, analysis);
}

describe('coin photo blur, read off the rims', () => {
  it('finds a coin photo blurred by half a percent of its long side and leaves it sharp or lightly blurred alone', async () => {
    const [photo] = await generatedCoinRequest('individual', 1102);
    const long = Math.max(photo!.truth.width, photo!.truth.height);
    const blurred = async (share: number) => (share === 0 ? photo!.jpeg : sharp(photo!.jpeg).blur(share * long).jpeg({ quality: 90 }).toBuffer());
    expect(await issuesOf(await blurred(0))).toEqual([]);
    expect(await issuesOf(await blurred(0.002))).toEqual([]);
    expect(await issuesOf(await blurred(0.008))).toEqual(['blurred']);
  });

  it('tells a blurred photo from a sharp one on a noisy sensor too: noise is no sharp edge', async () => {
    // Seed 1103: on 1102 and 1105 the noisy rim, once blurred by 0.8 %, is fitted through its own
    // noise (see coin-vision.test.ts), but its rim points, read on the noisy photo, stray more than
    // 4 px from an ellipse, and a lone rim that lumpy is no rim blur is read off (lumpyFlanPixels in
    // analyse-coin-photo.ts).
    const [photo] = await generatedCoinRequest('individual', 1103);
    const noisy = (share: number) => withSensorNoise(photo!.jpeg, { blurShare: share, levels: 9 });
    expect(await issuesOf(await noisy(0))).toEqual([]);
    expect(await issuesOf(await noisy(0.002))).toEqual([]);
    expect(await issuesOf(await noisy(0.008))).toEqual(['blurred']);
  });
});

describe('a coin photo shaken so far that no rim is fitted round', () => {
  it('is read as blurred off the rims of the coins that stand out of the table', async () => {
    // Seed 1102's group at 0.4 of its size, mirrored round it: some thirty coins 40–60 px across.
    const [group] = await generatedCoinRequest('group', 1102);
    const small = await sharp(group!.jpeg).resize(Math.round(group!.truth.width * 0.4)).extend({ top: 300, bottom: 300, left: 300, right: 300, extendWith: 'mirror' }).jpeg({ quality: 92 }).toBuffer();
    const { width, height } = await sharp(small).metadata();
    // A sideways shake 2.5 % of the long side long (a spread of 0.72 %, where 0.5 % counts as
    // blurred) leaves every rim fitted 0.11–0.22 of its radius off round.
    const length = Math.round(0.025 * Math.max(width!, height!)) | 1;
    const shaken = await sharp(small).convolve({ width: length, height: 3, kernel: [...Array(length).fill(0), ...Array(length).fill(1), ...Array(length).fill(0)], scale: length }).jpeg({ quality: 92 }).toBuffer();
    expect(await issuesOf(small)).not.toContain('blurred');
    expect(await issuesOf(shaken)).toContain('blurred');
  });
});

describe('a coin cut off by the frame', () => {
  it('is reported when a coin runs past the edge of the photo, and a whole coin is not', async () => {
    for (const presentation of ['individual', 'group'] as const) {
      const [photo] = await generatedCoinRequest(presentation, 1102);
      const rightmost = photo!.truth.coins.reduce((a, b) => (b.centre[0] + b.radius > a.centre[0] + a.radius ? b : a));
      // The photo ends a third of the way across the rightmost coin's far half.
      const width = Math.round(rightmost.centre[0] + rightmost.radius / 3);
      const cut = await sharp(photo!.jpeg).extract({ left: 0, top: 0, width, height: photo!.truth.height }).jpeg({ quality: 90 }).toBuffer();
      expect(await issuesOf(photo!.jpeg)).toEqual([]);
      expect(await issuesOf(cut)).toEqual(['cut_off']);
    }
  });
});
