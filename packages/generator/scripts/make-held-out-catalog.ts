/*
 * Regenerates catalog/held-out/ from the designs in packages/generator/src/held-out-catalog/.
 * Deterministic; commit the output. Nothing is tuned on this catalog (issue #20).
 *
 *   pnpm exec node packages/generator/scripts/make-held-out-catalog.ts [OUT_DIR]
 */
import { fileURLToPath } from 'node:url';
import { writeHeldOutCatalog } from '../src/held-out-catalog/write-held-out-catalog.ts';

const outDir = process.argv[2] ?? fileURLToPath(new URL('../../../catalog/held-out/', import.meta.url));
const summary = await writeHeldOutCatalog(outDir);
console.log(`wrote ${summary.cards} cards, ${summary.coins} coins, ${summary.toys} toys (${summary.files} files) to ${outDir}`);
