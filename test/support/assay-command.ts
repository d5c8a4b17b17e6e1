import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/**
 * `pnpm assay` as package.json defines it, to spawn with this node: its environment settings
 * (`KEY=value` before `node`), its node flags and the script, with the paths in them made absolute.
 */
export function assayCommand(): { env: Record<string, string>; args: string[] } {
  const script = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { assay: string } }).scripts.assay;
  const words = script.split(/\s+/);
  const node = words.indexOf('node');
  // The compile cache's folder is relative to the root, where pnpm runs the script.
  const env = Object.fromEntries(
    words.slice(0, node).map((word) => word.split('=') as [string, string]).map(([key, value]) => [key, key === 'NODE_COMPILE_CACHE' ? join(root, value) : value]),
  );
  return { env, args: words.slice(node + 1).map((word) => (word.endsWith('.ts') ? join(root, word) : word)) };
}
