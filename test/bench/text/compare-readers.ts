/**
 * `pnpm bench:text [--json] [--labels N] [--rendered N] [--photo-seed S] [--readers a,b] [--threads N]`: the two text readers
 * (tesseract, `createTextReader`; PaddleOCR PP-OCRv4, `createPaddleTextReader`) on the same crops,
 * one reader at a time, each warmed first. See test/bench/README.md. Progress on stderr; with
 * --json exactly one JSON object on stdout.
 */
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { computeCardReferences } from '@assay/cards';
import { analyseCardPhoto, matchable } from '@assay/cards/diagnostics';
import { loadCatalog } from '@assay/catalog';
import { createRng, holderCompanies, renderCardPhoto, sampleCardInstance, sampleCardScene, type HolderCompany, type Rng } from '@assay/generator';
import { createPaddleTextReader, createTextReader, type TextImage, type TextReader } from '@assay/pixels';
import { gradingCompaniesWith } from '../../../packages/cards/src/holder/grading-companies.ts';
import { parseLabelText } from '../../../packages/cards/src/holder/label-text.ts';
import { nearestRank } from '../lib/nearest-rank.ts';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    labels: { type: 'string', default: '40' },
    rendered: { type: 'string', default: '96' },
    threads: { type: 'string', default: '1' },
    readers: { type: 'string', default: 'tesseract,paddle' },
    'photo-seed': { type: 'string', default: '1000' },
  },
});
const labelCount = Number(values.labels);
const renderedCount = Number(values.rendered);
const threads = Number(values.threads);
const firstPhotoSeed = Number(values['photo-seed']);
if (![labelCount, renderedCount, threads].every((n) => Number.isInteger(n) && n >= 0) || threads < 1) {
  process.stderr.write('bench:text: --labels and --rendered must be whole numbers, --threads at least 1\n');
  process.exit(2);
}
// Development seeds only (1000–1999, packages/generator/README.md): never the accuracy benchmark's.
if (!Number.isInteger(firstPhotoSeed) || firstPhotoSeed < 1000 || firstPhotoSeed + 2 * labelCount > 2000) {
  process.stderr.write('bench:text: --photo-seed and the photos after it must stay within the development seeds 1000–1999\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`bench:text: ${line}\n`);

/** The rendered crops' seed, a development seed of their own (slab photos start at --photo-seed, 1000). */
const renderedSeed = 1900;

/** A crop and what it says: the whole text for rendered crops, the holder's truth for label crops. */
type Crop = { image: TextImage; conditions: Record<string, string | number> } & (
  | { set: 'rendered'; text: string }
  | { set: 'slab_label'; company: string; certificate: string }
);

/**
 * Holder-label crops exactly as the cards engine reads them: a slab photo of the tuning world from
 * the generator, analysed by `analyseCardPhoto`, whose `holderLabel.gray` is what goes to OCR.
 * Photos where no label is found give no crop (the engine reads nothing there either).
 */
async function slabLabelCrops(count: number): Promise<{ crops: Crop[]; photos: number }> {
  const catalog = await loadCatalog(new URL('../../../catalog/sample/', import.meta.url).pathname);
  // The engine chooses a photo's card outline (not the holder's) by the catalog's cards, as here.
  const known = await computeCardReferences(catalog);
  const references = [...known.fronts, ...known.backs].map((r) => matchable(r.features));
  const crops: Crop[] = [];
  let seed = firstPhotoSeed;
  // At most twice as many photos as crops asked for: a bound, should label finding get worse.
  for (; crops.length < count && seed < firstPhotoSeed + 2 * count; seed++) {
    const rng = createRng(seed);
    const company = rng.pick(Object.keys(holderCompanies) as HolderCompany[]);
    const certificateNumber = digits(rng, rng.int(8, 10));
    const instance = sampleCardInstance(rng, catalog, { sleeve: false, holder: { company, certificateNumber } });
    const scene = sampleCardScene(rng, {}, { holder: true, sleeve: false });
    const { jpeg } = await renderCardPhoto(catalog, { instance, face: 'front', scene });
    const label = (await analyseCardPhoto(jpeg, { references })).card?.holderLabel;
    if (label) crops.push({ set: 'slab_label', image: label.gray, company, certificate: certificateNumber, conditions: { company, seed } });
  }
  return { crops, photos: seed - firstPhotoSeed };
}

const fonts = ['DejaVu Sans', 'DejaVu Serif', 'DejaVu Sans Mono', 'DejaVu Sans Condensed'] as const;
const contrasts = [
  { name: 'dark on light', ink: '#161616', paper: '#f2f2ee' },
  { name: 'light on dark', ink: '#ececec', paper: '#16181d' },
  { name: 'grey on light', ink: '#6a6a6a', paper: '#dcdcd6' },
] as const;
const textHeights = [12, 16, 22, 30] as const;
const blurs = [0, 0.8, 1.4] as const;
const jpegQualities = [95, 60, 30] as const;

/**
 * Label-like crops rendered from SVG: a company and grade line over a `CERT` line with 8–10
 * digits, in each font, contrast, print size, blur and JPEG quality drawn in turn (sizes and fonts
 * cycle so every combination of the two appears).
 */
async function renderedCrops(count: number): Promise<Crop[]> {
  const rng = createRng(renderedSeed);
  const crops: Crop[] = [];
  for (let i = 0; i < count; i++) {
    const font = fonts[i % fonts.length]!;
    const size = textHeights[Math.floor(i / fonts.length) % textHeights.length]!;
    const contrast = rng.pick(contrasts);
    const blur = rng.pick(blurs);
    const quality = rng.pick(jpegQualities);
    const company = rng.pick(['PSG', 'BGC', 'CGX', 'GRADEX']);
    const grade = rng.pick(['10 GEM MINT', '9 MINT', '8.5 NM-MT', '7 NM']);
    const lines = [`${company} ${grade}`, `CERT ${digits(rng, rng.int(8, 10))}`];
    const [width, height] = [Math.round(size * 13), Math.round(size * 4.4)];
    const rows = lines
      .map((line, row) => `<text x="${size * 0.7}" y="${size * (1.6 + 1.6 * row)}" font-family="${font}" font-size="${size}" fill="${contrast.ink}">${line}</text>`)
      .join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${contrast.paper}"/>${rows}</svg>`;
    let image = sharp(Buffer.from(svg)).greyscale();
    if (blur > 0) image = image.blur(blur);
    const jpeg = await image.jpeg({ quality }).toBuffer();
    const { data, info } = await sharp(jpeg).greyscale().toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    crops.push({
      set: 'rendered',
      image: { width: info.width, height: info.height, data: new Uint8Array(data) },
      text: lines.join('\n'),
      conditions: { font, print_px: size, contrast: contrast.name, blur, jpeg: quality },
    });
  }
  return crops;
}

function digits(rng: Rng, n: number): string {
  return String(rng.int(1, 9)) + Array.from({ length: n - 1 }, () => rng.int(0, 9)).join('');
}

/** The companies labels are read against: the generator's, as the sample catalog names them, and the known ones. */
const labelCompanies = gradingCompaniesWith(Object.entries(holderCompanies).map(([code, { name }]) => ({ code, name })));

/** Whether a read is right: rendered crops word for word (runs of spaces as one), labels by the fields the cards engine parses. */
function judge(crop: Crop, read: string): { exact: boolean; certificate: boolean } {
  const parsed = parseLabelText(read, labelCompanies);
  if (crop.set === 'rendered') {
    const words = (text: string) => text.split('\n').map((line) => line.trim().split(/\s+/).join(' ')).filter(Boolean).join('\n');
    return { exact: words(read) === crop.text, certificate: parsed.certificate_number === crop.text.split('CERT ')[1] };
  }
  const certificate = parsed.certificate_number === crop.certificate;
  return { exact: certificate && parsed.company?.toUpperCase() === crop.company, certificate };
}

interface ReaderFigures {
  crops: number;
  exact: number;
  exact_rate: number;
  certificate_rate: number;
  median_ms: number;
  p90_ms: number;
  warm_ms: number;
  /** Exact reads as `hits/total` by each condition the crops were made under. */
  by_condition: Record<string, Record<string, string>>;
  misses: { conditions: Record<string, string | number>; read: string }[];
}

async function measure(name: string, reader: TextReader, crops: Crop[]): Promise<Record<Crop['set'], ReaderFigures>> {
  const warmStart = performance.now();
  await reader.warm();
  const warmMs = performance.now() - warmStart;
  const results = new Map<Crop['set'], { ms: number; exact: boolean; certificate: boolean; conditions: Crop['conditions']; read: string }[]>();
  try {
    for (const [i, crop] of crops.entries()) {
      const start = performance.now();
      const read = await reader.read(crop.image);
      const ms = performance.now() - start;
      const list = results.get(crop.set) ?? [];
      list.push({ ms, ...judge(crop, read), conditions: crop.conditions, read });
      results.set(crop.set, list);
      if ((i + 1) % 20 === 0) log(`${name}: ${i + 1}/${crops.length} crops`);
    }
  } finally {
    await reader.close();
  }
  const figures = {} as Record<Crop['set'], ReaderFigures>;
  for (const [set, list] of results) {
    const ms = list.map((r) => r.ms).sort((a, b) => a - b);
    const exact = list.filter((r) => r.exact).length;
    figures[set] = {
      crops: list.length,
      exact,
      exact_rate: round(exact / list.length, 3),
      certificate_rate: round(list.filter((r) => r.certificate).length / list.length, 3),
      median_ms: round(nearestRank(ms, 0.5), 1),
      p90_ms: round(nearestRank(ms, 0.9), 1),
      warm_ms: round(warmMs, 0),
      by_condition: byCondition(list),
      misses: list.filter((r) => !r.exact).map((r) => ({ conditions: r.conditions, read: r.read })),
    };
  }
  return figures;
}

const round = (v: number, places: number) => Number(v.toFixed(places));

function byCondition(list: { exact: boolean; conditions: Crop['conditions'] }[]): Record<string, Record<string, string>> {
  const tally = new Map<string, Map<string, [number, number]>>();
  for (const { exact, conditions } of list) {
    for (const [name, value] of Object.entries(conditions)) {
      if (name === 'seed') continue;
      const values = tally.get(name) ?? new Map<string, [number, number]>();
      const [hits, total] = values.get(String(value)) ?? [0, 0];
      values.set(String(value), [hits + (exact ? 1 : 0), total + 1]);
      tally.set(name, values);
    }
  }
  return Object.fromEntries([...tally].map(([name, values]) => [name, Object.fromEntries([...values].map(([value, [hits, total]]) => [value, `${hits}/${total}`]))]));
}

const describe = (conditions: Crop['conditions']) => Object.entries(conditions).map(([name, value]) => `${name} ${value}`).join(', ');

log(`rendering ${renderedCount} label-like crops (seed ${renderedSeed})`);
const rendered = await renderedCrops(renderedCount);
log(`generating slab photos from seed ${firstPhotoSeed} until ${labelCount} holder labels are found`);
const slabs = await slabLabelCrops(labelCount);
log(`${slabs.crops.length} label crops from ${slabs.photos} photos`);
const crops = [...rendered, ...slabs.crops];

const allReaders: Record<string, () => TextReader> = {
  tesseract: () => createTextReader(),
  paddle: () => createPaddleTextReader({ threads }),
};
const readers = values.readers.split(',').map((name): [string, () => TextReader] => {
  const create = allReaders[name];
  if (!create) {
    process.stderr.write(`bench:text: no reader "${name}" (readers: ${Object.keys(allReaders).join(', ')})\n`);
    process.exit(2);
  }
  return [name, create];
});
const figures: Record<string, Record<Crop['set'], ReaderFigures>> = {};
for (const [name, create] of readers) {
  log(`${name}: reading ${crops.length} crops`);
  figures[name] = await measure(name, create(), crops);
}

if (values.json) {
  process.stdout.write(`${JSON.stringify({ threads, photos: slabs.photos, readers: figures })}\n`);
} else {
  process.stdout.write('reader     set         crops  exact   cert   median ms  p90 ms  warm ms\n');
  for (const [name, sets] of Object.entries(figures)) {
    for (const [set, f] of Object.entries(sets)) {
      process.stdout.write(
        `${name.padEnd(10)} ${set.padEnd(11)} ${String(f.crops).padStart(5)}  ${f.exact_rate.toFixed(3)}  ${f.certificate_rate.toFixed(3)}  ${f.median_ms.toFixed(1).padStart(9)}  ${f.p90_ms.toFixed(1).padStart(6)}  ${String(f.warm_ms).padStart(7)}\n`,
      );
    }
  }
  process.stdout.write('\nexact reads by condition (hits/total)\n');
  for (const [name, sets] of Object.entries(figures)) {
    for (const [set, f] of Object.entries(sets)) {
      for (const [condition, values] of Object.entries(f.by_condition)) {
        const cells = Object.entries(values).map(([value, share]) => `${value} ${share}`).join(' | ');
        process.stdout.write(`${name.padEnd(10)} ${set.padEnd(11)} ${condition.padEnd(9)} ${cells}\n`);
      }
    }
  }
  process.stdout.write('\n');
  for (const [name, sets] of Object.entries(figures)) {
    for (const [set, f] of Object.entries(sets)) {
      for (const miss of f.misses) process.stdout.write(`miss ${name} ${set}: ${describe(miss.conditions)}: ${JSON.stringify(miss.read)}\n`);
    }
  }
}
