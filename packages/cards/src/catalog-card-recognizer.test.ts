import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences } from './card-references.ts';
import type { CardRecognizer } from './card-recognizer.ts';
import { createCatalogCardRecognizer } from './catalog-card-recognizer.ts';
import { cardQuad, paintCard, renderBackground, renderCard, toJpeg } from './test-support/synthetic-card.ts';

const designs = {
  'emberfox-012': { border: '#e8c640', frame: '#3a7bd5', art: '#88cc77', name: 'Emberfox', insetX: 0.06, insetY: 0.045 },
  'glimmerwing-044': { border: '#e8c640', frame: '#3a7bd5', art: '#cc5544', name: 'Glimmerwing', insetX: 0.06, insetY: 0.045 },
  'stonehide-101': { border: '#c0c0c0', frame: '#222222', art: '#aa66cc', name: 'Stonehide', insetX: 0.05, insetY: 0.04 },
};
const backDesign = { border: '#2b2b6b', frame: '#6b2b2b', art: '#dddd55', name: 'TEST GAME', insetX: 0.05, insetY: 0.04 };

let dir: string;
let recognizer: CardRecognizer;

async function writePng(file: string, design: typeof backDesign) {
  const card = await renderCard(design, 300, 420);
  await sharp(card.data, { raw: { width: 300, height: 420, channels: 3 } }).png().toFile(file);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'assay-recognizer-'));
  await writePng(join(dir, 'back.png'), backDesign);
  await writeFile(join(dir, 'catalog.json'), JSON.stringify({ format: 1, name: 'test', card_games: [{ id: 'test-game', name: 'Test', backs: ['back.png'] }] }));
  for (const [id, design] of Object.entries(designs)) {
    await mkdir(join(dir, 'cards', id), { recursive: true });
    await writePng(join(dir, 'cards', id, 'front.png'), design);
    const entry = {
      id,
      identity: { name: design.name, year: '2024', game: 'Test', set_name: 'Base', card_number: '012/120', parallel_variant: null, language: 'English', edition: null },
      game_id: 'test-game',
      images: { front: 'front.png' },
      frame: { inset_x: design.insetX, inset_y: design.insetY },
      price_by_grade: { '8': 10 },
    };
    await writeFile(join(dir, 'cards', id, 'entry.json'), JSON.stringify(entry));
  }
  const references = await computeCardReferences(await loadCatalog(dir));
  recognizer = createCatalogCardRecognizer(JSON.parse(JSON.stringify(references)));
});

afterAll(async () => {
  await recognizer?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the catalog recognizer', () => {
  it('identifies the front, recognises the back, and measures centering of both', async () => {
    const front = paintCard(await renderBackground(1200, 900, 5), await renderCard({ ...designs['glimmerwing-044'], shiftX: 0.02 }), cardQuad(600, 450, 600, 186, 0.05));
    const back = paintCard(await renderBackground(1200, 900, 6), await renderCard(backDesign), cardQuad(620, 440, 640, -6, 0.03));
    const result = await recognizer.recognizeCard([
      { index: 0, bytes: await toJpeg(front) },
      { index: 1, bytes: await toJpeg(back) },
    ]);
    expect(result.images.map((i) => i.face)).toEqual(['front', 'back']);
    expect(result.identity?.entryId).toBe('glimmerwing-044');
    expect(result.identity?.confidence).toBeGreaterThan(0.5);
    expect(result.images[0]!.rotated).toBe(true);
    expect(result.backGameId).toBe('test-game');
    expect(result.centering.front?.horizontal).toBeCloseTo(0.08 / 0.12, 1);
    expect(result.frontIndex).toBe(0);
    expect(result.backIndex).toBe(1);
  });

  it('reports an image without a card as unknown', async () => {
    const empty = await renderBackground(800, 600, 9);
    const result = await recognizer.recognizeCard([{ index: 0, bytes: await toJpeg(empty) }]);
    expect(result.images[0]!.face).toBe('unknown');
    expect(result.identity).toBeNull();
  });
});
