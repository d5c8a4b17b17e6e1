import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCatalog } from '@assay/catalog';
import { generateCardSet } from '@assay/generator';
import { UsageError, type CommandIo } from '../io.ts';

const usage = 'generate cards --catalog DIR --out DIR [--seed N] [--count N]';

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
  if (kind !== 'cards') throw new UsageError(`generate needs a kind (only "cards" so far): ${usage}`);
  if (!values.catalog || !values.out || positionals.length > 0) throw new UsageError(`generate cards needs --catalog DIR and --out DIR: ${usage}`);
  const seed = whole(values.seed ?? '1', '--seed', 0, 2 ** 32 - 1);
  const count = whole(values.count ?? '20', '--count', 1, 100_000);

  const catalog = await loadCatalog(values.catalog);
  const started = performance.now();
  const summary = await generateCardSet({ catalog, seed, count, outDir: resolve(values.out) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  io.out.write(
    `wrote ${summary.requests} card requests (${summary.photos} photos, ${summary.defective} with a quality defect) and ${summary.truthFile} in ${seconds} s (seed ${seed})\n`,
  );
  return 0;
}
