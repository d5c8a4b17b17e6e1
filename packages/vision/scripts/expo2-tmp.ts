import { readFileSync } from 'node:fs';
import { decodeGrid } from '../src/features/card-features.ts';
const rows = JSON.parse(readFileSync('/tmp/tones.json', 'utf8'));
for (const f of process.argv.slice(2)) {
  const r = rows.find((x: any) => x.file === f);
  const p = decodeGrid(r.tone), q = decodeGrid(r.ref);
  console.log(f, r.defects, r.glare);
  for (let y = 0; y < 16; y++) console.log(Array.from({ length: 12 }, (_, x) => `${String(p[y * 12 + x]).padStart(3)}/${String(q[y * 12 + x]).padStart(3)}`).join(' '));
}
const { exposure } = await import('../src/quality/exposure.ts');
for (const f of process.argv.slice(2)) { const r = rows.find((x: any) => x.file === f); console.log(f, exposure(r.tone, r.ref)); }
