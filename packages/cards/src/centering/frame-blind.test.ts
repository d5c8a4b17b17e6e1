import { describe, expect, it } from 'vitest';
import type { RgbImage } from '@assay/pixels';
import { borderProfiles, borderStrips, measureBorders, readBorders } from './frame-blind.ts';

/**
 * A rectified card (margin 15 px of background) with a 20 px border, whose left edge and frame line
 * run at `slant` pixels per pixel down the image: the outline's left side was not fitted parallel to
 * the card's.
 */
function card(slant: number): RgbImage {
  const margin = 15;
  const width = 300 + 2 * margin;
  const height = 420 + 2 * margin;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const left = margin + slant * (y - height / 2);
      const inCard = x >= left && x < width - margin && y >= margin && y < height - margin;
      const inFrame = x >= left + 20 && x < width - margin - 20 && y >= margin + 20 && y < height - margin - 20;
      const value = !inCard ? 30 : inFrame ? 60 : 200;
      data.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return { width, height, data };
}

describe('borderProfiles', () => {
  it('reads a side at the slant of the card edge and frame line in it, so each stays one sharp step', () => {
    const straight = borderProfiles(card(0), { margin: 15 })!;
    const slanted = borderProfiles(card(0.025), { margin: 15 })!;
    const peak = (steps: Float32Array) => Math.max(...steps.slice(25));
    expect(peak(slanted.left.steps)).toBeGreaterThan(0.8 * peak(straight.left.steps));
    const borders = measureBorders(card(0.025), { margin: 15 })!;
    expect(borders.left).toBeCloseTo(20, 0);
    expect(borders.right).toBeCloseTo(20, 0);
  });

  it('reads square to the outline too, for measurements tuned on that reading', () => {
    const straight = readBorders(card(0), { margin: 15, maxInset: 0.3 });
    expect(straight.square).toEqual(straight.borders);
    const slanted = readBorders(card(0.025), { margin: 15, maxInset: 0.3 });
    expect(slanted.borders).toEqual(measureBorders(card(0.025), { margin: 15 }));
    // Square to the outline, the slanted frame edge smears: its step is much weaker than read at the slant.
    const square = borderProfiles(card(0.025), { margin: 15, slant: false })!;
    const peak = (steps: Float32Array) => Math.max(...steps.slice(25));
    expect(peak(square.left.steps)).toBeLessThan(0.6 * peak(slanted.profiles!.left.steps));
  });
});

/**
 * A rectified card with a 20 px cream border all round and a 3 px dark frame line inside it, whose
 * outline's bottom side lies on that frame line: the card's own bottom edge is 20 px further down,
 * in the margin (36 px) below the outline.
 */
function cardOutlinedOnItsFrame(): RgbImage {
  const margin = 36;
  const width = 300 + 2 * margin;
  const height = 400 + 2 * margin;
  const data = new Uint8Array(width * height * 3);
  const inBox = (x: number, y: number, inset: number) => x >= margin + inset && x < width - margin - inset && y >= margin + inset && y < margin + 420 - inset;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const value = !inBox(x, y, 0) ? 60 : !inBox(x, y, 20) ? 210 : !inBox(x, y, 23) ? 25 : 120;
      data.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return { width, height, data };
}

describe('frame-blind borders', () => {
  it('reads a side whose outline lies on the frame line from the card edge beyond it, so the borders agree', () => {
    const borders = measureBorders(cardOutlinedOnItsFrame(), { margin: 36 })!;
    expect(borders.left).toBeCloseTo(20, 0);
    expect(borders.top).toBeCloseTo(20, 0);
    // Read from the outline, the bottom border would be the frame line's 3 px.
    expect(borders.bottom).toBeCloseTo(20, 0);
    expect(borders.centering.vertical).toBeCloseTo(0.5, 2);
  });
});

/**
 * A rectified card in a holder whose outline lies on the holder's wall (margin 20 px): inward from
 * the outline on every side come the wall (4 px), a dark gap to 22 px, the recess's rim (3 px) and
 * its shadow (4 px), then the card's edge at 29 px. The print is off centre: its border is 15 px
 * left, 27 right, 18 top and 22 bottom.
 */
function cardInHolder(): RgbImage {
  const margin = 20;
  const width = 440 + 2 * margin;
  const height = 610 + 2 * margin;
  const border = { left: 15, right: 27, top: 18, bottom: 22 };
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // Depth inside the outline, and how far inside the print's frame the pixel is.
      const depth = Math.min(x - margin, width - margin - 1 - x, y - margin, height - margin - 1 - y);
      const inFrame = Math.min(x - margin - 29 - border.left, width - margin - 30 - border.right - x, y - margin - 29 - border.top, height - margin - 30 - border.bottom - y) >= 0;
      const rgb = depth < 0 ? [30, 30, 30] : depth < 4 ? [190, 195, 205] : depth < 22 ? [70, 75, 85] : depth < 25 ? [160, 165, 175] : depth < 29 ? [120, 125, 135] : inFrame ? [20, 120, 115] : [200, 200, 190];
      data.set(rgb, (y * width + x) * 3);
    }
  }
  return { width, height, data };
}

describe('frame-blind borders in a holder', () => {
  it("reads the borders from the card's edge inside the holder's wall, gap and recess, not the wall's own width", () => {
    const borders = measureBorders(cardInHolder(), { margin: 20 })!;
    // Read from the outline, every side would be the wall's 4 px, and the print centred.
    expect(borders.left).toBeCloseTo(15, 0);
    expect(borders.right).toBeCloseTo(27, 0);
    expect(borders.top).toBeCloseTo(18, 0);
    expect(borders.bottom).toBeCloseTo(22, 0);
    expect(borders.centering.horizontal).toBeCloseTo(15 / 42, 2);
  });
});

describe('borderStrips', () => {
  it('holds every pixel the borders are read from: noise everywhere else changes no reading', () => {
    const clean = card(0.025);
    const options = { margin: 15, maxInset: 0.3 };
    const strips = borderStrips(clean.width, clean.height, options);
    const noisy = { ...clean, data: clean.data.slice() };
    let seed = 7;
    for (let y = 0; y < clean.height; y++) {
      for (let x = 0; x < clean.width; x++) {
        if (strips.some((r) => x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1)) continue;
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        noisy.data.fill(seed % 256, (y * clean.width + x) * 3, (y * clean.width + x) * 3 + 3);
      }
    }
    expect(readBorders(noisy, options)).toEqual(readBorders(clean, options));
    // The strips are a part of the card, not all of it.
    const area = strips.reduce((sum, r) => sum + (r.x1 - r.x0) * (r.y1 - r.y0), 0);
    expect(area).toBeLessThan(0.8 * clean.width * clean.height);
  });
});
