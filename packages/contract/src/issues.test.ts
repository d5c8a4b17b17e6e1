import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { issueCodes } from './index.ts';

describe('issue codes', () => {
  it('are exactly the ones docs/api.md explains', () => {
    const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Issues'));
    const documented = [...section.matchAll(/^\| `([A-Z_]+)` \| (info|warning|error) \|/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...issueCodes].sort());
  });
});
