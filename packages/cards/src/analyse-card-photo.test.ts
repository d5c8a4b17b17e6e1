import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createWorkerPool, exposure, type RgbImage } from '@assay/pixels';
import { analyseCardPhoto } from './analyse-card-photo.ts';
import { cardAnalysis } from './card-job.ts';
import { qualityIssues } from './quality/card-quality.ts';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from './test-support/synthetic-card.ts';

const design = { border: '#d94a4a', frame: '#f4f1e8', art: '#446688', name: 'Tidecaller', insetX: 0.06, insetY: 0.045 };

async function photo(options: { shiftX?: number; shiftY?: number; height?: number; cx?: number; degrees?: number } = {}): Promise<RgbImage> {
  const card = await renderCard({ ...design, shiftX: options.shiftX ?? 0, shiftY: options.shiftY ?? 0 });
  return paintCard(await renderBackground(1200, 900, 11), card, cardQuad(options.cx ?? 600, 450, options.height ?? 600, options.degrees ?? 7, 0.05));
}

const issuesOf = async (bytes: Buffer) => {
  const analysis = await analyseCardPhoto(bytes);
  return qualityIssues(analysis.card!.quality, exposure(analysis.card!.features.tone, null));
};

describe('analysing a card photo', () => {
  it.each([
    [0.025, -0.012],
    [-0.015, 0.02],
  ])('measures centering of a card printed off-centre by (%f, %f) within a point', async (shiftX, shiftY) => {
    const analysis = await analyseCardPhoto(await toJpeg(await photo({ shiftX, shiftY })));
    const centering = analysis.card!.borders!.centering;
    expect(centering.horizontal).toBeCloseTo((0.06 + shiftX) / 0.12, 2);
    expect(centering.vertical).toBeCloseTo((0.045 + shiftY) / 0.09, 2);
  });

  it('raises no quality issue on a clean photo, and flags blur, compression, a cut-off and a tiny card', async () => {
    const clean = await photo();
    const raw = { raw: { width: clean.width, height: clean.height, channels: 3 as const } };
    expect(await issuesOf(await toJpeg(clean))).toEqual([]);
    expect(await issuesOf(await sharp(clean.data, raw).blur(6).jpeg({ quality: 90 }).toBuffer())).toContain('blurred');
    expect(await issuesOf(await sharp(clean.data, raw).jpeg({ quality: 4 }).toBuffer())).toContain('compressed');
    expect(await issuesOf(await toJpeg(await photo({ cx: 1100, degrees: 0 })))).toContain('cut_off');
    expect(await issuesOf(await toJpeg(await photo({ height: 180 })))).toContain('too_small');
  });

  it('runs on a worker pool and closes it', async () => {
    const pool = createWorkerPool(new URL('./card-worker.ts', import.meta.url), 2);
    const analyse = cardAnalysis(pool, []);
    const bytes = await toJpeg(await photo());
    const results = await Promise.all([analyse(bytes), analyse(bytes)]);
    expect(results.map((r) => r.quads.length)).toEqual([1, 1]);
    await pool.close();
    await expect(analyse(bytes)).rejects.toThrow(/closed/);
  });
});
