import { describe, expect, it } from 'vitest';
import type { SideProfile } from './frame-blind.ts';
import { centeringWithFrame } from './frame-centering.ts';
import type { FramePattern } from './frame-inset.ts';

/** Steps along a depth: blurred bumps at the given depths and strengths. */
function bumps(length: number, at: [number, number][]): number[] {
  return Array.from({ length }, (_, d) => at.reduce((sum, [x, s]) => sum + s * Math.exp(-((d - x) ** 2) / (2 * 1.2 ** 2)), 0));
}

const margin = 30;
/** The reference's border pattern, the same on every side: frame line, its inner edge, then art. */
const design = (border: number): [number, number][] => [[border, 100], [border + 6, 60], [border + 30, 40], [border + 55, 30]];

/**
 * A side as photographed in a holder: the recess 7 px outside the card's edge, the card's edge on
 * the outline, the border `border` deep.
 */
function side(span: number, border: number): SideProfile {
  return { edge: margin, steps: Float32Array.from(bumps(margin + Math.ceil(span * 0.3), [[margin - 7, 120], [margin, 150], ...design(border).map(([d, s]): [number, number] => [margin + d, s])])), span };
}

describe('centeringWithFrame by the reference pattern', () => {
  it('keeps the card’s own edges when the design sits a little deeper all round than on the reference', () => {
    const [width, height, border] = [480, 670, 24];
    const pattern: FramePattern = { width, height, left: bumps(200, design(border)), right: bumps(200, design(border)), top: bumps(250, design(border)), bottom: bumps(250, design(border)) };
    const inset = { x: border / width, y: border / height, pattern };
    // Printed 2 px off centre across and 3 px down, the whole design 2.5 px shallower on every side:
    // axis by axis, pairs with one side on the recess cancel that better than the card's own edges.
    const g = 2.5;
    const profiles = { left: side(width, border - 2 - g), right: side(width, border + 2 - g), top: side(height, border - 3 - g), bottom: side(height, border + 3 - g) };
    const c = centeringWithFrame(profiles, inset)!;
    expect(c.horizontal).toBeCloseTo(0.5 - 2 / (2 * border), 2);
    expect(c.vertical).toBeCloseTo(0.5 - 3 / (2 * border), 2);
  });

  it('finds a faint card edge just inside a recess among strong steps of a label outside', () => {
    const [width, height, border] = [480, 670, 24];
    const pattern: FramePattern = { width, height, left: bumps(200, design(border)), right: bumps(200, design(border)), top: bumps(250, design(border)), bottom: bumps(250, design(border)) };
    const inset = { x: border / width, y: border / height, pattern };
    // The outline on the recess all round, the card's edge 7 px inside it and faint; the top has a
    // holder label's lettering outside, every step of it stronger than the card's edge.
    const inRecess = (span: number, depth: number, label: boolean): SideProfile => {
      const lettering: [number, number][] = label ? [8, 14, 20, 26, 32, 38, 44].map((d, i) => [d, 150 + 15 * i]) : [];
      const edge = 60;
      const at: [number, number][] = [...lettering, [edge, 120], [edge + 7, 40], ...design(depth).map(([d, s]): [number, number] => [edge + 7 + d, s])];
      return { edge, steps: Float32Array.from(bumps(edge + Math.ceil(span * 0.3), at)), span };
    };
    const profiles = { left: inRecess(width, border - 2, false), right: inRecess(width, border + 2, false), top: inRecess(height, border - 3, true), bottom: inRecess(height, border + 3, false) };
    const c = centeringWithFrame(profiles, inset)!;
    expect(c.horizontal).toBeCloseTo(0.5 - 2 / (2 * border), 2);
    expect(c.vertical).toBeCloseTo(0.5 - 3 / (2 * border), 2);
  });
});
