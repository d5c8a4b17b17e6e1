import { describe, expect, it } from 'vitest';
import { applyHomography } from '@assay/pixels';
import { perspectiveViews } from './perspective.ts';

/** How far, over its axes, a point lies from the ellipse (0 on it). */
function offEllipse(rim: { x: number; y: number; major: number; minor: number; angle: number }, p: { x: number; y: number }): number {
  const [dx, dy] = [p.x - rim.x, p.y - rim.y];
  const [c, s] = [Math.cos(rim.angle), Math.sin(rim.angle)];
  return Math.abs(Math.hypot((dx * c + dy * s) / rim.major, (-dx * s + dy * c) / rim.minor) - 1);
}

describe('perspectiveViews', () => {
  it("takes a face's rim onto the rim's ellipse both ways the coin may lie, its centre seen off the ellipse's and each way elsewhere", () => {
    const rim = { x: 1100, y: 420, major: 300, minor: 270, angle: 0.4 };
    const views = perspectiveViews(rim, 1600, 1200)!;
    expect(views).toHaveLength(2);
    for (const view of views) {
      for (let k = 0; k < 24; k++) {
        const t = (k / 24) * 2 * Math.PI;
        expect(offEllipse(rim, applyHomography(view, { x: Math.cos(t), y: Math.sin(t) }))).toBeLessThan(1e-9);
      }
    }
    // A tilted coin's centre is seen off its rim's centre, each way differently.
    const [a, b] = views.map((view) => applyHomography(view, { x: 0, y: 0 }));
    expect(Math.hypot(a!.x - rim.x, a!.y - rim.y)).toBeGreaterThan(3);
    expect(Math.hypot(a!.x - b!.x, a!.y - b!.y)).toBeGreaterThan(3);
  });

  it('reads a round rim at the centre of the photo as the face square on', () => {
    const views = perspectiveViews({ x: 800, y: 600, major: 200, minor: 200 * (1 - 1e-9), angle: 0 }, 1600, 1200)!;
    for (const view of views) {
      for (const [u, v] of [[0, 0], [1, 0], [0, 1], [0.5, -0.5]] as const) {
        const p = applyHomography(view, { x: u, y: v });
        expect(Math.hypot(p.x - (800 + 200 * u), p.y - (600 + 200 * v))).toBeLessThan(0.01);
      }
    }
  });
});
