import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { computeCardReferences, createCatalogRecognizer } from '../src/index.ts';
const dir = process.argv[2]!;
const catalog = await loadCatalog('catalog/sample');
const recognizer = createCatalogRecognizer(await computeCardReferences(catalog));
const photos = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')).flatMap((r: { photos: unknown[] }) => r.photos) as { file: string; defects: string[]; card_count: number; corner_wear: number[]; wear: { edges: number; surface: number }; subgrades: { edges: number } }[];
const out = [];
for (const t of photos) {
  if (t.defects.length || t.card_count !== 1) continue;
  const r = (await recognizer.recognizeCard([{ index: 0, bytes: await readFile(join(dir, t.file)) }])).images[0]!;
  if (r.wear) out.push({ file: t.file, got: r.wear, truth: { corners: t.corner_wear, edges: t.wear.edges, surface: t.wear.surface } });
}
await writeFile('/tmp/wear.json', JSON.stringify(out));
await recognizer.close();
