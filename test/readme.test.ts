import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envVariables } from '@assay/config';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('documents every environment variable the code reads, with its default', () => {
    const rows = new Map([...readme.matchAll(/^\| `([A-Z0-9_]+)` \| (.+?) \|/gm)].map((m) => [m[1]!, m[2]!]));
    for (const [name, { default: fallback }] of Object.entries(envVariables)) {
      expect(rows.has(name), name).toBe(true);
      expect(rows.get(name)!.replaceAll('`', ''), name).toBe(fallback.replaceAll('`', ''));
    }
    expect([...rows.keys()].sort()).toEqual(Object.keys(envVariables).sort());
  });

  it('keeps the quick start to the two commands CI and users run', () => {
    expect(readme).toContain('pnpm install && pnpm test');
    expect(readFileSync(new URL('../.ci/run', import.meta.url), 'utf8')).toMatch(/^pnpm test/m);
  });
});
