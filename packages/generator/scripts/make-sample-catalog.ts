/*
 * Regenerates catalog/sample/ and packages/generator/assets/unknown-back.png from the designs in
 * packages/generator/src/sample-catalog/. Deterministic; commit the output.
 *
 *   pnpm exec node packages/generator/scripts/make-sample-catalog.ts [OUT_DIR]
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderUnknownBack, writeSampleCatalog } from '../src/sample-catalog/write-sample-catalog.ts';

const outDir = process.argv[2] ?? fileURLToPath(new URL('../../../catalog/sample/', import.meta.url));
const summary = await writeSampleCatalog(outDir);
await writeFile(fileURLToPath(new URL('../assets/unknown-back.png', import.meta.url)), await renderUnknownBack());
console.log(`wrote ${summary.cards} cards, ${summary.coins} coins, ${summary.toys} toys (${summary.files} files) to ${outDir}`);
