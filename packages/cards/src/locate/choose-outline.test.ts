import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { distance, edgeMap, loadPhoto, scaleQuad, type Quad, type RgbImage } from '@assay/pixels';
import { cardFeatures } from '../identify/card-features.ts';
import { matchable } from '../identify/match-features.ts';
import { cardQuad, paintCard, renderBackground, toJpeg } from '../test-support/synthetic-card.ts';
import { chooseOutline } from './choose-outline.ts';
import { locateQuads } from './locate-cards.ts';

/**
 * A card back in the style of the sample's darkest: a dark violet border with a thin gold frame
 * line 5% of the width in, an emblem and a title, printed `shiftY` of the height low.
 */
async function darkBack(shiftY: number, width = 315, height = 440): Promise<RgbImage> {
  const inset = 0.05 * width;
  const [x, y] = [inset, inset + shiftY * height];
  const [w, h] = [width - 2 * inset, height - 2 * inset];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#3b2a7a"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="#e0b850" stroke-width="${width * 0.008}"/>
    <circle cx="${x + w / 2}" cy="${y + h / 2}" r="${w * 0.3}" fill="none" stroke="#e0b850" stroke-width="${width * 0.01}"/>
    <circle cx="${x + w / 2}" cy="${y + h / 2}" r="${w * 0.08}" fill="#e0b850"/>
    <text x="${x + w * 0.15}" y="${y + h * 0.15}" font-family="serif" font-size="${h * 0.08}" font-weight="bold" fill="#e0b850">AETHER</text>
  </svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** How far each side's middle lies outward of the truth's (photo pixels; negative: inside the card). */
function sideOffsets(quad: Quad, truth: Quad): number[] {
  return [0, 1, 2, 3].map((s) => {
    const [a, b] = [truth[s]!, truth[(s + 1) % 4]!];
    const length = distance(a, b);
    const middle = { x: (quad[s]!.x + quad[(s + 1) % 4]!.x) / 2, y: (quad[s]!.y + quad[(s + 1) % 4]!.y) / 2 };
    return ((middle.x - a.x) * (b.y - a.y) - (middle.y - a.y) * (b.x - a.x)) / length;
  });
}

describe('choosing the outline', () => {
  it('keeps the outline measured from on the card edges when a miscentred print lines up better with a side on its frame line', async () => {
    const reference = matchable(await cardFeatures(await darkBack(0, 600, 838)));
    // A dark green table, as dark as the border: the card's edge shows little.
    const table = await renderBackground(1200, 900, 2);
    for (let i = 0; i < table.data.length; i += 3) {
      const v = table.data[i]! / 255;
      table.data.set([Math.round(20 + 20 * v), Math.round(60 + 30 * v), Math.round(30 + 20 * v)], i);
    }
    const truth = cardQuad(600, 450, 560, 4, 0.03);
    const photo = await loadPhoto(await toJpeg(paintCard(table, await darkBack(0.02), truth)));
    const edges = edgeMap(photo.work);
    const chosen = chooseOutline(photo.work, edges, locateQuads(photo.work, { edges })[0]!.outlines, [reference]);
    for (const offset of sideOffsets(scaleQuad(chosen.onEdges, photo.scale), truth)) expect(Math.abs(offset)).toBeLessThan(4);
  });
});
