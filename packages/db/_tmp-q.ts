import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from './src/index.ts';
const wasm = () => {
  let cur = 0; let size = 0;
  for (const l of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    const m = /^([0-9a-f]+)-([0-9a-f]+) /.exec(l);
    if (m) { size = (parseInt(m[2]!, 16) - parseInt(m[1]!, 16)) / 1024; continue; }
    if (l.startsWith('Rss:') && size === 131072) cur = Number(l.split(/\s+/)[1]);
  }
  return cur >> 10;
};
const db = await openDatabase({ dataDir: process.argv[2] });
const q = async (label: string, query: any) => { const t = performance.now(); const r: any = await db.db.execute(query); console.log(label, Math.round(performance.now() - t), 'ms wasm', wasm(), 'MB', JSON.stringify(r.rows).length); };
console.log('open wasm', wasm());
const w = sql`category = 'coins' and version_id = (select max(version_id) from catalog_references)`;
for (const step of process.argv[3]!.split(',')) {
  if (step === 'size') await q(step, sql`select pg_column_size("references") from catalog_references where ${w}`);
  if (step === 'typeof') await q(step, sql`select jsonb_typeof("references") from catalog_references where ${w}`);
  if (step === 'members') await q(step, sql`select m.key, pg_column_size(m.value) from catalog_references, jsonb_each("references") m where ${w}`);
  if (step === 'len') await q(step, sql`select jsonb_array_length("references"->'faces') from catalog_references where ${w}`);
  if (step === 'rest') await q(step, sql`select "references" - 'faces' from catalog_references where ${w}`);
  if (step === 'slice') await q(step, sql`select jsonb_path_query_array("references", '$."faces"[0 to 7]') from catalog_references where ${w}`);
  if (step === 'arrow') await q(step, sql`select "references"->'faces'->0 from catalog_references where ${w}`);
  if (step === 'keys') await q(step, sql`select jsonb_object_keys("references") from catalog_references where ${w}`);
  if (step === 'psize') await q(step, sql`select jsonb_path_query_first("references", '$."faces".size()'), jsonb_path_query_first("references", '$."faces".type()') from catalog_references where ${w}`);
  if (step === 'keytypes') await q(step, sql`select k, jsonb_path_query_first(r."references", ('$.' || to_json(k)::text || '.type()')::jsonpath), jsonb_path_query_first(r."references", ('$.' || to_json(k)::text || '.size()')::jsonpath) from catalog_references r, jsonb_object_keys(r."references") k where ${w}`);
  if (step === 'restp') await q(step, sql`select jsonb_path_query_first("references", '$.version'), jsonb_path_query_first("references", '$.diameters') from catalog_references where ${w}`);
  if (step === 'whole') await q(step, sql`select "references" from catalog_references where ${w}`);
}
await db.close();
