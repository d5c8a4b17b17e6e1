import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyseToyPhoto } from '../analyse-toy-photo.ts';
import { referenceFeatures } from '../identify/reference-features.ts';
import { toyExposure } from './toy-exposure.ts';
import { toyQualityIssues } from './toy-quality.ts';

/** A many-coloured robot: body panels of several tones, so the layout has light and dark to compare. */
const robot = (x: number, y: number) =>
  `<rect x="${x}" y="${y}" width="120" height="160" fill="#3a7bd5" stroke="#111" stroke-width="4"/>` +
  `<rect x="${x + 15}" y="${y + 20}" width="90" height="50" fill="#e8c640"/><rect x="${x + 15}" y="${y + 90}" width="90" height="50" fill="#d04a4a"/>` +
  `<circle cx="${x + 60}" cy="${y - 35}" r="34" fill="#f2f0e6" stroke="#111" stroke-width="4"/>`;

/** The robot on a brown table as a JPEG, with `over` drawn on top (a shadow, a glare patch). */
const photo = (over = '') =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#9b7a55"/>${robot(260, 180)}${over}</svg>`)).jpeg({ quality: 92 }).toBuffer();
const studio = () =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#f4f2ef"/>${robot(140, 160)}</svg>`)).png().toBuffer();

async function light(over = '') {
  const analysis = await analyseToyPhoto(await photo(over));
  const subject = analysis.objects[0]!;
  const found = toyExposure(subject.features, await referenceFeatures(await studio()), subject.luma);
  return { found: found!, issues: toyQualityIssues(analysis.quality!, found) };
}

describe('shadow and glare over a toy', () => {
  it('a toy in even light has neither', async () => {
    const { found, issues } = await light();
    expect(found.shadow).toBe(0);
    expect(found.glare).toBe(0);
    expect(issues).not.toContain('heavy_shadow');
    expect(issues).not.toContain('glare');
  });

  it('a hard shadow across part of the toy is heavy_shadow', async () => {
    const { issues } = await light('<rect x="200" y="100" width="120" height="300" fill="#000" opacity="0.7"/>');
    expect(issues).toContain('heavy_shadow');
  });

  it('a blown-out patch on the toy is glare', async () => {
    const { issues } = await light('<ellipse cx="320" cy="290" rx="45" ry="40" fill="#fff"/>');
    expect(issues).toContain('glare');
  });
});
