import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { locateObjects } from './locate-objects.ts';
import { objectFeatures, toySimilarity } from '../identify/object-features.ts';
import { referenceFeatures } from '../identify/reference-features.ts';

/** A grainy brown table with the given SVG shapes on it, as raw RGB at 320 × 240. */
async function table(shapes: string) {
  const grain = Array.from({ length: 40 }, (_, i) => `<line x1="0" y1="${i * 6 + 2}" x2="320" y2="${i * 6 + 4}" stroke="#8a6a48" stroke-width="1" opacity="0.5"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#9b7a55"/>${grain}${shapes}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

const robot = (x: number, y: number, body = '#3a7bd5') =>
  `<rect x="${x}" y="${y}" width="50" height="70" fill="${body}" stroke="#111" stroke-width="3"/><circle cx="${x + 25}" cy="${y - 15}" r="16" fill="#e8c640" stroke="#111" stroke-width="3"/>`;

describe('locating toys on a table', () => {
  it('finds one toy as one object, head and body together, and not the wood grain', async () => {
    const objects = locateObjects(await table(robot(130, 100)));
    expect(objects).toHaveLength(1);
    const [x0, y0, x1, y1] = objects[0]!.box;
    expect(x0).toBeGreaterThanOrEqual(125);
    expect(x1).toBeLessThanOrEqual(186);
    // The head's top (y 67.5) to the body's foot (y 171.5), nothing of the grain around.
    expect(y0).toBeGreaterThanOrEqual(62);
    expect(y0).toBeLessThanOrEqual(72);
    expect(y1).toBeLessThanOrEqual(176);
  });

  it('finds two toys side by side as two objects', async () => {
    const objects = locateObjects(await table(robot(60, 100) + robot(200, 100, '#cc4444')));
    expect(objects).toHaveLength(2);
    expect(objects[0]!.box[2] < objects[1]!.box[0] || objects[1]!.box[2] < objects[0]!.box[0]).toBe(true);
  });

  it('a toy parted from the wide pad it stands on by its shadow is also read with the pad', async () => {
    const pad = '<ellipse cx="155" cy="212" rx="60" ry="7" fill="#e4e2de"/>';
    const [toy] = locateObjects(await table(robot(130, 100) + pad));
    expect(toy!.box[3]).toBeLessThanOrEqual(176);
    expect(toy!.alternatives!.some((a) => a.box[3] >= 218 && a.box[0] <= 96 && a.box[2] >= 214)).toBe(true);
  });

  it('an empty table has no objects', async () => {
    expect(locateObjects(await table(''))).toEqual([]);
  });

  it('a toy photographed on the table matches its studio reference better than a recoloured one', async () => {
    const studio = (body: string) =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#f4f2ef"/>${robot(75, 80, body)}</svg>`)).png().toBuffer();
    const image = await table(robot(130, 100));
    const photo = objectFeatures(image, locateObjects(image)[0]!);
    const same = toySimilarity(photo, await referenceFeatures(await studio('#3a7bd5')));
    const other = toySimilarity(photo, await referenceFeatures(await studio('#cc4444')));
    expect(same).toBeGreaterThan(0.7);
    expect(same - other).toBeGreaterThan(0.1);
  });
});
