import { readFileSync } from 'node:fs';
import { exposure } from '../src/quality/exposure.ts';
import { exposure as old } from './exposure-old-tmp.ts';
const rows = JSON.parse(readFileSync('/tmp/tones.json', 'utf8'));
for (const [name, f] of [['old', old], ['new', exposure]] as const) {
  let due = 0, hit = 0, not = 0, fp = 0;
  for (const r of rows) {
    const e = f(r.tone, r.ref);
    const raised = e.shadow > 0.2 || e.glare > +(process.env.G ?? 0.06);
    if (r.defects.includes('shadow_or_glare')) { due++; if (raised) hit++; console.log(name, 'due', r.file, r.holder ? 'H' : r.sleeve ? 'S' : '-', r.glare, JSON.stringify(e)); }
    else { not++; if (raised) { fp++; if (process.argv[2]) console.log(name, 'fp', r.file, r.holder ? 'H' : r.sleeve ? 'S' : '-', r.glare, JSON.stringify(e)); } }
  }
  console.log(name, hit, '/', due, 'fp', fp, '/', not);
}
