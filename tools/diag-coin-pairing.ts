/**
 * Face pairing of group requests on a DEVELOPMENT seed (1000–1999 only), judged as bench:accuracy
 * judges it, with every failing coin explained: the photos' kinds and readable counts, and the views
 * its physical coins hold. Reads the set diag-coin-photos.ts generated (same arguments).
 * Usage: pnpm exec node tools/diag-coin-pairing.ts [seed=1100] [requests=60] [mix=default|group]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCatalog } from '@assay/catalog';
import { computeCoinReferences, createCatalogCoinRecognizer, type CoinRecognition, type PhysicalCoin } from '@assay/coins';
import type { CoinSetRequest } from '@assay/generator';

const [seedArg = '1100', countArg = '60', mixArg = 'default'] = process.argv.slice(2);
if (!(Number(seedArg) >= 1000 && Number(seedArg) <= 1999)) throw new Error('development seeds are 1000–1999 only');
const dir = `/tmp/assay-coin-diag-${seedArg}-${mixArg}-${countArg}`;
const truth = JSON.parse(await readFile(join(dir, 'truth.json'), 'utf8')) as CoinSetRequest[];
const catalog = await loadCatalog(new URL('../catalog/sample/', import.meta.url).pathname);
const recognizer = createCatalogCoinRecognizer(await computeCoinReferences(catalog));
let [right, total] = [0, 0];
try {
  for (const request of truth.filter((r) => r.presentation === 'group')) {
    const images = await Promise.all(request.photos.map(async (p, index) => ({ index, bytes: await readFile(join(dir, p.file)) })));
    const recognition = await recognizer.recognizeCoins(images);
    const truthOf = (imageIndex: number, coinIndex: number) => {
      const found = recognition.images.find((i) => i.index === imageIndex)?.coins[coinIndex];
      const photo = request.photos[imageIndex]!;
      if (!found) return null;
      const near = photo.coins.filter((c) => Math.hypot(c.centre[0] - found.x, c.centre[1] - found.y) < c.radius * 0.5);
      return near.sort((a, b) => Math.hypot(a.centre[0] - found.x, a.centre[1] - found.y) - Math.hypot(b.centre[0] - found.x, b.centre[1] - found.y))[0]?.coin_id ?? null;
    };
    const ids = (c: PhysicalCoin) => c.views.map((v) => truthOf(v.imageIndex, v.coin));
    const physical = [...recognition.coins, ...recognition.rollCoins];
    for (const coinId of new Set(request.assessable_coin_ids)) {
      total++;
      const holding = physical.filter((c) => ids(c).includes(coinId));
      if (holding.length === 1 && ids(holding[0]!).filter((id) => id === coinId).length === 2 && ids(holding[0]!).every((id) => id === coinId)) {
        right++;
        continue;
      }
      process.stdout.write(`pairing ${request.id} ${coinId} (${request.photos.map((p) => p.file).join(',')}): ${describe(recognition)} holding ${holding.map((c) => `[${c.views.map((v, k) => `${v.imageIndex}:${v.coin}=${ids(c)[k] ?? '-'}`).join(' ')}]`).join(' ') || 'none'}\n`);
    }
  }
} finally {
  await recognizer.close();
}
process.stdout.write(`${JSON.stringify({ seed: Number(seedArg), mix: mixArg, pairing: `${right}/${total}` })}\n`);

function describe(r: CoinRecognition): string {
  return `${r.images.map((i) => `${i.kind}/${i.readable.length}of${i.coins.length}`).join(',')} pairing=${JSON.stringify(r.pairing)}`;
}
