/**
 * Writes examples/inbox: the sample batch `pnpm demo` runs `assay run` over. Card items made by the
 * generator from the sample catalog (seed 7000, outside the tuning and benchmark ranges), laid out
 * as the pipeline expects (`cards/<item-id>/` with the photos in file-name order and an item.json),
 * plus two items with the kind of bad files marketplaces send.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { generateCardSet, type CardSetRequest } from '../src/index.ts';

const root = new URL('../../../examples/inbox/', import.meta.url).pathname;
const catalog = await loadCatalog(new URL('../../../catalog/sample/', import.meta.url).pathname);
const work = join(tmpdir(), `assay-inbox-${process.pid}`);
await rm(root, { recursive: true, force: true });
const set = await generateCardSet({ catalog, seed: 7000, count: 8, outDir: work, mix: { twoCards: 0, defective: 0.15 } });
const requests = JSON.parse(await readFile(set.truthFile, 'utf8')) as CardSetRequest[];

for (const [n, request] of requests.entries()) {
  const folder = join(root, 'cards', `listing-${String(n + 1).padStart(3, '0')}`);
  await mkdir(folder, { recursive: true });
  for (const [i, photo] of request.photos.entries()) {
    await writeFile(join(folder, `${i + 1}-${photo.face}.jpg`), await readFile(join(work, photo.file)));
  }
  await writeFile(join(folder, 'item.json'), `${JSON.stringify({ external_id: `seller-7-${n + 1}` })}\n`);
}

// Bad inputs: nothing may be silently dropped; each becomes an issue on its item.
const messy = join(root, 'cards', 'listing-messy');
await mkdir(messy, { recursive: true });
const first = requests[0]!.photos[0]!;
await writeFile(join(messy, '1-front.jpg'), await readFile(join(work, first.file)));
await writeFile(join(messy, '2-notes.txt'), 'ships in a top loader\n');
await writeFile(join(messy, '3-empty.jpg'), Buffer.alloc(0));
await writeFile(join(messy, 'item.json'), '{"external_id": "seller-7-messy"}\n');
const broken = join(root, 'cards', 'listing-broken');
await mkdir(broken, { recursive: true });
await writeFile(join(broken, '1-front.jpg'), (await readFile(join(work, first.file))).subarray(0, 4096));
await writeFile(join(broken, 'item.json'), '{"external_id": 42}\n');

await rm(work, { recursive: true, force: true });
console.log(`wrote ${requests.length + 2} items to ${root}`);
