import { hypot, hypot3, type RgbImage } from '@assay/pixels';
import type { WearMeasurements } from '../grade/card-scale.ts';

/**
 * Worn share of a corner box (natural rounding excluded) or of the edge band → wear (0..1). On the
 * generator's dev set a corner's worn share tracks its wear directly (medians within ±0.05 from 0.2
 * to 0.8); the edge band's is about a quarter of the edges' wear. Set from that dev set's read-outs
 * (corners 02c1bd6, edges 577d268).
 */
const cornerScale = 1;
const edgeScale = 4;
// The numbers below were hand-set when wear was written (60629ba) and not measured alone since.
/** Whitening: every channel above this, channels within this spread of each other, and this far (RGB distance) from the border ink. */
const whiteFloor = 200;
const whiteSpread = 40;
const unlikeBorder = 45;
/** Missing card: nearer the background than this share of the distance to the border ink. */
const nearBackground = 0.6;
/** A corner box is this share of the card's width at most, at least this many pixels, and inside the border (this share of it, or of an assumed border of the second share of the width). */
const cornerBox = 0.07;
const minCornerBox = 3;
const cornerInBorder = 0.9;
const assumedBorder = 0.03;
/** The edge band is this share of the card's width deep (at least two pixels), sampled every other pixel along. */
const edgeBand = 0.015;
const edgeSampleStep = 2;
/** The border ink is sampled this share of the card's width inside its edge, from 20% to 80% of each side, 2% apart. */
const borderSampleDepth = 0.02;
const borderAlong = { from: 0.2, to: 0.8, step: 0.02 } as const;
/** The background is sampled from 10% to 90% of each side, 4% apart. */
const backgroundAlong = { from: 0.1, to: 0.9, step: 0.04 } as const;

/**
 * Corner and edge wear from the rectified card (with its background margin): what a worn card shows
 * there is whitening (paper showing through: bright, unsaturated, unlike the border ink) and missing
 * card (background where the card should be). Surface wear needs the reference and is measured by
 * `surfaceWear`. Each tenth of wear costs a grade point.
 */
export function measureEdgeWear(card: RgbImage, margin: number, borderWidth: number | null): Omit<WearMeasurements, 'surface'> {
  const { width: w, height: h } = card;
  const cw = w - 2 * margin;
  const ch = h - 2 * margin;
  const border = borderColour(card, margin);
  const background = backgroundColour(card, margin);
  const worn = (x: number, y: number) => {
    const o = (y * w + x) * 3;
    const r = card.data[o]!;
    const g = card.data[o + 1]!;
    const b = card.data[o + 2]!;
    const toBorder = hypot3(r - border[0], g - border[1], b - border[2]);
    const toBackground = hypot3(r - background[0], g - background[1], b - background[2]);
    const whitish = Math.min(r, g, b) > whiteFloor && Math.max(r, g, b) - Math.min(r, g, b) < whiteSpread && toBorder > unlikeBorder;
    return whitish || (toBackground < toBorder * nearBackground && toBorder > unlikeBorder);
  };
  // Only the border ink at a corner is a clean reference; the frame starts after `borderWidth`.
  const r = Math.max(minCornerBox, Math.round(Math.min(cw * cornerBox, (borderWidth ?? cw * assumedBorder) * cornerInBorder)));
  // Set when the corner's rounding was first left out (02c1bd6).
  const rounding = cw * 0.048;
  const corners = ([[0, 0], [1, 0], [1, 1], [0, 1]] as const).map(([fx, fy]) => {
    let bad = 0;
    let n = 0;
    for (let dy = 0; dy < r; dy++) {
      for (let dx = 0; dx < r; dx++) {
        // Skip the corner's natural rounding (a die-cut radius of 3 mm on 63: 4.8% of the width),
        // with a pixel of slack for the antialiased cut.
        if (dx < rounding && dy < rounding && hypot(rounding - dx - 0.5, rounding - dy - 0.5) > rounding - 1) continue;
        const x = fx ? margin + cw - 1 - dx : margin + dx;
        const y = fy ? margin + ch - 1 - dy : margin + dy;
        if (worn(x, y)) bad++;
        n++;
      }
    }
    return Math.min(1, (bad / Math.max(1, n)) * cornerScale);
  }) as [number, number, number, number];
  const band = Math.max(2, Math.round(cw * edgeBand));
  let bad = 0;
  let n = 0;
  const sample = (x: number, y: number) => {
    n++;
    if (worn(x, y)) bad++;
  };
  for (let x = margin + r; x < margin + cw - r; x += edgeSampleStep) {
    for (let d = 0; d < band; d++) {
      sample(x, margin + d);
      sample(x, margin + ch - 1 - d);
    }
  }
  for (let y = margin + r; y < margin + ch - r; y += edgeSampleStep) {
    for (let d = 0; d < band; d++) {
      sample(margin + d, y);
      sample(margin + cw - 1 - d, y);
    }
  }
  return { corners, edges: Math.min(1, (bad / Math.max(1, n)) * edgeScale) };
}

/** Median colour of a thin band just inside the card edge, away from the corners. */
function borderColour(card: RgbImage, margin: number): [number, number, number] {
  const { width: w, height: h } = card;
  const d = margin + Math.max(2, Math.round((w - 2 * margin) * borderSampleDepth));
  const points: [number, number][] = [];
  for (let t = borderAlong.from; t <= borderAlong.to; t += borderAlong.step) {
    points.push([Math.round(margin + t * (w - 2 * margin)), d], [Math.round(margin + t * (w - 2 * margin)), h - 1 - d]);
    points.push([d, Math.round(margin + t * (h - 2 * margin))], [w - 1 - d, Math.round(margin + t * (h - 2 * margin))]);
  }
  return medianColour(card, points);
}

function backgroundColour(card: RgbImage, margin: number): [number, number, number] {
  const { width: w, height: h } = card;
  const d = Math.max(0, Math.floor(margin / 2));
  const points: [number, number][] = [];
  for (let t = backgroundAlong.from; t <= backgroundAlong.to; t += backgroundAlong.step) {
    points.push([Math.round(t * w), d], [Math.round(t * w), h - 1 - d], [d, Math.round(t * h)], [w - 1 - d, Math.round(t * h)]);
  }
  return medianColour(card, points);
}

function medianColour(card: RgbImage, points: [number, number][]): [number, number, number] {
  const channel = (k: number) => {
    const values = points.map(([x, y]) => card.data[(y * card.width + x) * 3 + k]!).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  return [channel(0), channel(1), channel(2)];
}
