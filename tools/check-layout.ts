/**
 * `pnpm -s check:layout`: the workspace's package graph, and the rules it keeps. Prints each
 * package with the workspace packages it imports, then fails (exit 1) on:
 *
 * - a deep import: `@assay/x/…` that is not an entry `x` declares in its package.json `exports`, or
 *   a relative import reaching into another package's folder;
 * - an undeclared import: `@assay/x` imported by a package whose package.json does not list it;
 * - a cycle between packages;
 * - an upward arrow in the engine's layers: the pixel kit ← the categories ← assessment ← runtime ←
 *   services (a category imports no other category; nothing below imports what is above it).
 *
 * Relative imports into `test/` (the root harness) are allowed from tests, test support and tools.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');

interface Workspace {
  name: string;
  dir: string;
  exports: Set<string>;
  declared: Set<string>;
}

const workspaces: Workspace[] = ['packages', 'services']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(group, name)))
  .concat(['tools'])
  .filter((dir) => existsSync(join(root, dir, 'package.json')))
  .map((dir) => {
    const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports?: Record<string, string>;
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    return {
      name: manifest.name,
      dir,
      exports: new Set(Object.keys(manifest.exports ?? {}).map((entry) => entry.replace(/^\.\/?/, ''))),
      declared: new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })),
    };
  });
const byName = new Map(workspaces.map((w) => [w.name, w]));

/** The engine's layers, lowest first: an import may only point to a lower layer (or within a package). */
const layers: [string, (name: string) => boolean][] = [
  ['pixel kit', (name) => name === '@assay/pixels'],
  ['categories', (name) => ['@assay/cards', '@assay/coins', '@assay/toys'].includes(name)],
  ['request rules', (name) => name === '@assay/assessment'],
  ['composition', (name) => name === '@assay/runtime'],
  ['services', (name) => byName.get(name)?.dir.startsWith(`services${sep}`) ?? false],
];
const layerOf = (name: string) => layers.findIndex(([, holds]) => holds(name));

const problems: string[] = [];
const edges = new Map<string, Set<string>>(workspaces.map((w) => [w.name, new Set()]));

for (const workspace of workspaces) {
  for (const file of sourceFiles(join(root, workspace.dir))) {
    const where = relative(root, file);
    const mayUseHarness = /\.test\.ts$|[/\\]test-support[/\\]/.test(where) || workspace.dir === 'tools';
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        const target = relative(root, resolve(dirname(file), specifier));
        const owner = workspaces.find((w) => target === w.dir || target.startsWith(w.dir + sep));
        if (owner && owner !== workspace) problems.push(`${where}: reaches into ${owner.name} (${specifier}); import ${owner.name} instead`);
        else if (!owner && !(target.startsWith(`test${sep}`) && mayUseHarness)) problems.push(`${where}: reaches outside its package (${specifier})`);
        continue;
      }
      const match = /^(@assay\/[^/]+)(?:\/(.+))?$/.exec(specifier);
      if (!match) continue;
      const [, name, entry] = match as unknown as [string, string, string | undefined];
      const target = byName.get(name);
      if (!target) {
        problems.push(`${where}: imports ${name}, which no workspace package is`);
        continue;
      }
      if (target === workspace) continue;
      if (entry !== undefined && !target.exports.has(entry)) problems.push(`${where}: imports ${specifier}, an internal of ${name} (its entries: ${[...target.exports].map((e) => e || '.').join(', ')})`);
      if (!workspace.declared.has(name)) problems.push(`${where}: imports ${name}, which ${workspace.dir}/package.json does not declare`);
      edges.get(workspace.name)!.add(name);
      const [from, to] = [layerOf(workspace.name), layerOf(name)];
      if (from >= 0 && to >= 0 && (to > from || (to === from && from === 1))) {
        problems.push(`${where}: ${workspace.name} (${layers[from]![0]}) imports ${name} (${layers[to]![0]}): an upward or sideways arrow`);
      }
    }
  }
}

for (const cycle of cycles()) problems.push(`cycle: ${cycle.join(' → ')}`);

const depth = new Map<string, number>();
const depthOf = (name: string, seen = new Set<string>()): number => {
  if (depth.has(name)) return depth.get(name)!;
  if (seen.has(name)) return 0;
  seen.add(name);
  const d = Math.max(-1, ...[...edges.get(name)!].map((to) => depthOf(to, seen))) + 1;
  depth.set(name, d);
  return d;
};
const ordered = workspaces.map((w) => w.name).sort((a, b) => depthOf(a) - depthOf(b) || a.localeCompare(b));
const width = Math.max(...ordered.map((n) => n.length));
process.stdout.write('package graph (lowest first; each line: a package → the workspace packages it imports)\n');
for (const name of ordered) {
  const layer = layerOf(name);
  const tag = layer >= 0 ? ` [${layers[layer]![0]}]` : '';
  process.stdout.write(`  ${name.padEnd(width)} → ${[...edges.get(name)!].sort().join(', ') || '(none)'}${tag}\n`);
}
if (problems.length > 0) {
  process.stdout.write(`\n${problems.length} problem(s):\n${problems.map((p) => `  ${p}\n`).join('')}`);
  process.exit(1);
}
process.stdout.write('\nno deep imports, no undeclared imports, no cycles, no upward arrows\n');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (entry === 'node_modules' || entry.startsWith('.')) return [];
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts)$/.test(entry) ? [path] : [];
  });
}

/** Module specifiers of static imports and re-exports, and of dynamic imports of a literal. */
function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  for (const m of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push(m[1]!);
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(m[1]!);
  return found;
}

/** Every elementary cycle's first sighting, as the packages along it. */
function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string) => {
    state.set(name, 'open');
    path.push(name);
    for (const to of edges.get(name)!) {
      if (state.get(to) === 'open') found.push([...path.slice(path.indexOf(to)), to]);
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(name, 'done');
  };
  for (const name of edges.keys()) if (!state.has(name)) visit(name);
  return found;
}
