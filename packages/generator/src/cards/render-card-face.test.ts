import { describe, expect, it } from 'vitest';
import { createRng, renderCardFace, sampleCardInstance, type CardInstance } from '../index.ts';
import { colourDistance, heldOutCatalog, sampleCatalog } from '../test-support/pixels.ts';

const pristine = { corners: [0, 0, 0, 0] as [number, number, number, number], edges: 0, surface: 0 };

/** Border widths along the middle row and column: where the colour first departs from the edge's. */
function measureBorders(image: { data: Buffer; width: number; height: number }) {
  const at = (x: number, y: number) => {
    const i = (y * image.width + x) * 4;
    return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
  };
  const run = (start: [number, number], step: [number, number]) => {
    const edge = at(...start);
    let n = 0;
    while (colourDistance(at(start[0] + step[0] * n, start[1] + step[1] * n), edge) < 90) n++;
    return n;
  };
  const [mx, my] = [Math.floor(image.width / 2), Math.floor(image.height / 2)];
  return {
    left: run([0, my], [1, 0]), right: run([image.width - 1, my], [-1, 0]),
    top: run([mx, 0], [0, 1]), bottom: run([mx, image.height - 1], [0, -1]),
  };
}

describe('renderCardFace', () => {
  it('prints a borderless front (a token inset under a pixel) centred, whatever the instance drew', async () => {
    const catalog = await heldOutCatalog();
    const instance: CardInstance = {
      ...sampleCardInstance(createRng(1), catalog, { entryId: 'neon-syndicate-null-courier-chd-en001' }),
      centering: { front: { horizontal: 0.62, vertical: 0.41 }, back: { horizontal: 0.5, vertical: 0.5 } },
      wear: pristine,
    };
    const { centering, border } = await renderCardFace(catalog, instance, 'front');
    expect(border).toEqual({ x: 0, y: 0 });
    expect(centering).toEqual({ horizontal: 0.5, vertical: 0.5 });
  });

  it('prints the front off-centre by exactly the centering the instance records', async () => {
    const catalog = await sampleCatalog();
    const centering = { horizontal: 0.62, vertical: 0.41 };
    const instance: CardInstance = {
      ...sampleCardInstance(createRng(1), catalog, { entryId: 'aetherium-glacier-warden-015' }),
      centering: { front: centering, back: { horizontal: 0.5, vertical: 0.5 } },
      wear: pristine,
    };
    const { image, centering: shown } = await renderCardFace(catalog, instance, 'front');
    const b = measureBorders(image);
    expect(shown).toEqual(centering);
    expect(Math.abs(b.left / (b.left + b.right) - 0.62)).toBeLessThan(0.015);
    expect(Math.abs(b.top / (b.top + b.bottom) - 0.41)).toBeLessThan(0.015);
  });

  it('measures the back border from the image and centres it the same way', async () => {
    const catalog = await sampleCatalog();
    const instance: CardInstance = {
      ...sampleCardInstance(createRng(2), catalog, { entryId: 'kaiju-clash-magmaw-011' }),
      centering: { front: { horizontal: 0.5, vertical: 0.5 }, back: { horizontal: 0.33, vertical: 0.7 } },
      wear: pristine,
    };
    const { image, border } = await renderCardFace(catalog, instance, 'back');
    const b = measureBorders(image);
    expect(border.x).toBeGreaterThan(0.05);
    expect(Math.abs(b.left / (b.left + b.right) - 0.33)).toBeLessThan(0.015);
    expect(Math.abs(b.top / (b.top + b.bottom) - 0.7)).toBeLessThan(0.015);
  });

  it('whitens more of the corners as corner wear grows', async () => {
    const catalog = await sampleCatalog();
    const base = sampleCardInstance(createRng(3), catalog, { entryId: 'kaiju-clash-skyreaver-041' });
    const whitened = async (wear: number) => {
      const instance = { ...base, wear: { ...pristine, corners: [wear, wear, wear, wear] as [number, number, number, number] } };
      const { image } = await renderCardFace(catalog, instance, 'back');
      // Count whitish opaque pixels in the corner's 36×36 box, all black border on the Kaiju back.
      const box = 36;
      let count = 0;
      const [x0, y0] = [0, 0];
      for (let y = y0; y < y0 + box; y++) {
        for (let x = x0; x < x0 + box; x++) {
          const i = (y * image.width + x) * 4;
          if (image.data[i + 3]! > 200 && Math.min(image.data[i]!, image.data[i + 1]!, image.data[i + 2]!) > 150) count++;
        }
      }
      return count;
    };
    const counts = await Promise.all([0, 0.3, 0.8].map(whitened));
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBeGreaterThan(counts[0]!);
    expect(counts[2]).toBeGreaterThan(counts[1]! * 1.5);
  });
});
