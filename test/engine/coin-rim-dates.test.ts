import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog, type CoinEntry } from '@assay/catalog';
import { computeCoinReferences, createCatalogCoinRecognizer, createCoinsEngine, loadSpotPrices, type CoinRecognizer, type CoinReferences } from '@assay/coins';

/*
 * A catalog of a made-up coin struck in two listed years, its year at the end of a legend along the
 * bottom of the rim as on many coins (letters standing toward the centre, read anticlockwise) and a legend along the
 * top the other way up: the catalog import finds where the year is struck, and a photo of the coin
 * turned any way is named by the year read there.
 */

const side = 512;
const centre = side / 2;
const rim = centre * 0.99;

/** Letters placed one by one along a circle (their baseline) of `radius`, centred on `at` degrees clockwise from up. */
function legend(text: string, radius: number, at: number, size: number, tops: 'outward' | 'inward'): string {
  const span = ((size * 0.72 * text.length) / radius) * (180 / Math.PI);
  return [...text].map((ch, i) => {
    const offset = -span / 2 + ((i + 0.5) * span) / text.length;
    // Left to right: clockwise along the top, anticlockwise along the bottom.
    const angle = tops === 'outward' ? at + offset : at - offset;
    const t = (angle * Math.PI) / 180;
    const turn = tops === 'outward' ? angle : angle - 180;
    return `<text transform="translate(${(centre + radius * Math.sin(t)).toFixed(2)},${(centre - radius * Math.cos(t)).toFixed(2)}) rotate(${turn.toFixed(2)})" font-family="DejaVu Sans" font-weight="bold" font-size="${size}" text-anchor="middle">${ch}</text>`;
  }).join('');
}

/** A face of the coin: a pale disc with a ring inside the rim, its device, and its legends. */
function faceSvg(device: string, top: string, bottom: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    `<circle cx="${centre}" cy="${centre}" r="${rim}" fill="#d9d4c8" stroke="#8a8478" stroke-width="6"/>` +
    `<circle cx="${centre}" cy="${centre}" r="${rim * 0.6}" fill="none" stroke="#8a8478" stroke-width="3"/>${device}` +
    `<g fill="#3d3a35">${legend(top, rim * 0.8, 0, 30, 'outward')}${legend(bottom, rim * 0.9, 180, 34, 'inward')}</g></svg>`;
}

const star = '<path d="M256 150 L280 230 L360 230 L295 275 L320 355 L256 305 L192 355 L217 275 L152 230 L232 230 Z" fill="#a39d90"/>';
const wreath = '<circle cx="256" cy="256" r="70" fill="none" stroke="#a39d90" stroke-width="18"/><rect x="236" y="196" width="40" height="120" fill="#a39d90"/>';
// The year ends a long legend, as on many coins: too curved to be read as one straight line.
const obverse = (year: string) => faceSvg(star, 'REPUBLIC OF NOWHERE', `TEN UNITS ${year}`);
const reverse = faceSvg(wreath, 'TEN UNITS', 'NOWHERE');

/** The coin's obverse struck in `year`, turned `turn` degrees clockwise, `size` pixels across, on a table. */
async function coinPhoto(year: string, turn: number, size = 420): Promise<Buffer> {
  const face = await sharp(Buffer.from(obverse(year))).resize(size, size).rotate(turn, { background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer();
  const { width, height } = await sharp(face).metadata();
  return sharp({ create: { width: 1000, height: 800, channels: 3, background: { r: 92, g: 74, b: 60 } } })
    .composite([{ input: face, left: Math.round(500 - width! / 2), top: Math.round(400 - height! / 2) }])
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The catalog folder: the coin struck in each of `years`, one entry a year. */
async function writeCatalog(dir: string, years: string[]): Promise<void> {
  await writeFile(join(dir, 'catalog.json'), JSON.stringify({ format: 1, name: 'Rim-dated coins', card_games: [] }));
  for (const year of years) {
    const entryDir = join(dir, 'coins', `nowhere-ten-units-${year}`);
    await mkdir(entryDir, { recursive: true });
    await sharp(Buffer.from(obverse(year))).png().toFile(join(entryDir, 'obverse.png'));
    await sharp(Buffer.from(reverse)).png().toFile(join(entryDir, 'reverse.png'));
    const entry = {
      id: `nowhere-ten-units-${year}`,
      identity: { name: `${year} Nowhere Ten Units`, type: 'Nowhere Ten Units', variant: null, year, mint: null, country: 'Nowhere', denomination: '10 units' },
      specs: { weight_g: 5, diameter_mm: 24, composition: [{ material: 'copper', fraction: 0.75 }, { material: 'nickel', fraction: 0.25 }] },
      images: { obverse: 'obverse.png', reverse: 'reverse.png' },
      price_by_grade: { 'G-4': 1, 'VF-20': 2, 'MS-60': 5, 'MS-65': 20 },
    };
    await writeFile(join(entryDir, 'entry.json'), JSON.stringify(entry));
  }
}

describe('coin dates struck along the rim', () => {
  let dir: string;
  let references: CoinReferences;
  let recognizer: CoinRecognizer;
  let engine: ReturnType<typeof createCoinsEngine>;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assay-rim-dates-'));
    await writeCatalog(dir, ['1987', '1991']);
    const catalog = await loadCatalog(dir);
    references = await computeCoinReferences(catalog);
    recognizer = createCatalogCoinRecognizer(references);
    const entries = new Map<string, CoinEntry>(catalog.coins.map((c) => [c.id, c]));
    engine = createCoinsEngine({ recognizer, entries, catalogVersionId: 1, spotPrices: await loadSpotPrices() });
  }, 120_000);
  afterAll(async () => {
    await recognizer?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('are found at import: an arc at the end of the obverse\'s bottom legend, none on the reverse', () => {
    for (const year of ['1987', '1991']) {
      const faceOf = (face: string) => references.faces.find((f) => f.entryId === `nowhere-ten-units-${year}` && f.face === face)!;
      expect(faceOf('obverse').dateBox).toMatchObject({ tops: 'inward' });
      // The legend's end, where the year is, lies right of the bottom (180°): 130–175° with the gap before it.
      const arc = faceOf('obverse').dateBox as { from: number; to: number };
      expect(arc.from).toBeGreaterThan(110);
      expect(arc.to).toBeLessThan(200);
      expect(faceOf('reverse').dateBox).toBeNull();
    }
  });

  it('name the coin struck in the year read, whichever way the coin is turned', async () => {
    for (const [year, turn] of [['1991', 0], ['1987', 70], ['1991', -150]] as const) {
      const result = await engine.assess([{ index: 0, bytes: await coinPhoto(year, turn) }], ['identity']);
      expect(result.items, `${year} turned ${turn}°`).toHaveLength(1);
      expect(result.items[0]!.identity, `${year} turned ${turn}°`).toMatchObject({ type: 'Nowhere Ten Units', year });
      expect(result.issues.map((i) => i.code)).not.toContain('COIN_DATE_UNREAD');
    }
  }, 60_000);

  it('leave a coin struck in a year the catalog does not list unidentified, saying what its date reads', async () => {
    const result = await engine.assess([{ index: 0, bytes: await coinPhoto('1978', 35) }], ['identity']);
    expect(result.items).toHaveLength(1);
    expect(result.items[0]!.identity).toMatchObject({ name: null, year: null });
    expect(result.issues.find((i) => i.code === 'ITEM_NOT_IDENTIFIED')?.message).toContain('date reads 1978');
  }, 60_000);
});
