import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AssayError, errorCodes } from '@assay/contract';
import { statusForCode, toProblem } from './problem.ts';

const apiDoc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
const documented = new Map(
  [...apiDoc.matchAll(/^\| `([A-Z0-9_]+)` \| (\d{3}) \|/gm)].map((match) => [match[1]!, Number(match[2])]),
);

describe('error codes', () => {
  it('docs/api.md lists exactly the codes of the contract, with the statuses the API sends', () => {
    expect([...documented.keys()].sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) expect(documented.get(code), code).toBe(statusForCode(code));
  });

  it('maps every code to a client or server error status', () => {
    for (const code of errorCodes) expect(statusForCode(code)).toBeGreaterThanOrEqual(400);
  });

  it('never puts internals of a 5xx into the problem body', () => {
    const problem = toProblem(new AssayError('INTERNAL', 'pool exhausted at db.ts:42', { context: { secret: 'x' } }), 'r1', '/images');
    expect(JSON.stringify(problem)).not.toContain('db.ts');
    expect(JSON.stringify(problem)).not.toContain('secret');
  });
});
