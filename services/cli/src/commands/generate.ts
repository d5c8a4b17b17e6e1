import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog } from '@assay/catalog';
import { generateCardSet, generateCoinSet, generateToySet } from '@assay/generator';
import { UsageError, type CommandIo } from '../io.ts';

const usage = 'generate <cards|coins|toys> --catalog DIR --out DIR [--seed N] [--count N]';

function whole(text: string, flag: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}`);
  return Number(text);
}

/** Renders labelled test photos from a catalog: photo-NNNN.jpg plus truth.json in the output folder. */
export async function generateCommand(args: string[], io: CommandIo): Promise<number> {
  const [kind, ...rest] = args;
  const { positionals, values } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { catalog: { type: 'string' }, out: { type: 'string' }, seed: { type: 'string' }, count: { type: 'string' } },
  });
  // Check the command line before loading anything.
  if (kind !== 'cards' && kind !== 'coins' && kind !== 'toys') throw new UsageError(`generate needs a kind (cards, coins or toys): ${usage}`);
  if (!values.catalog || !values.out || positionals.length > 0) throw new UsageError(`generate ${kind} needs --catalog DIR and --out DIR: ${usage}`);
  const seed = whole(values.seed ?? '1', '--seed', 0, 2 ** 32 - 1);
  const count = whole(values.count ?? '20', '--count', 1, 100_000);

  const catalog = await loadCatalog(values.catalog);
  const started = performance.now();
  const outDir = resolve(values.out);
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (kind === 'coins') {
    const summary = await generateCoinSet({ catalog, seed, count, outDir });
    const kinds = Object.entries(summary.byPresentation).map(([k, n]) => `${n} ${k}`).join(', ');
    io.out.write(`wrote ${summary.requests} coin requests (${kinds}; ${summary.photos} photos) and ${summary.truthFile} in ${seconds()} s (seed ${seed})\n`);
  } else if (kind === 'toys') {
    const summary = await generateToySet({ catalog, seed, count, outDir });
    io.out.write(`wrote ${summary.requests} toy requests (${summary.photos} photos, ${summary.twoToyPhotos} with two toys) and ${summary.truthFile} in ${seconds()} s (seed ${seed})\n`);
  } else {
    const summary = await generateCardSet({ catalog, seed, count, outDir });
    io.out.write(
      `wrote ${summary.requests} card requests (${summary.photos} photos, ${summary.defective} with a quality defect) and ${summary.truthFile} in ${seconds()} s (seed ${seed})\n`,
    );
  }
  return 0;
}
