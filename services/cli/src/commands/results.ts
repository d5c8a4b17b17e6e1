import { parseArgs } from 'node:util';
import { loadConfig } from '@assay/config';
import { createIngestRepository, createPipelineRepository, migrate, openDatabase, type CurrentResult, type StoredNotItem } from '@assay/db';
import { UsageError, type CommandIo } from '../io.ts';

/** One exported row: the item's current result, with the assessment in the spec's response shape. */
function exported(result: CurrentResult) {
  return {
    item_key: result.itemKey,
    category: result.category,
    external_id: result.externalId,
    outcome: result.outcome,
    assessment: result.assessment,
    issues: result.issues.map((issue) => issue.detail),
  };
}

/**
 * A folder outside the item layout, exported beside the items so every folder is accounted for: its
 * path stands where an item key would, with the outcome `not_an_item` and what is wrong as its issue.
 */
function exportedNotItem(notItem: StoredNotItem) {
  return {
    item_key: notItem.path,
    category: null,
    external_id: null,
    outcome: 'not_an_item',
    assessment: null,
    issues: [{ code: layoutCode(notItem.problem), message: notItem.message, file: notItem.example, files: notItem.files }],
  };
}

/** `unknown-category` → `LAYOUT_UNKNOWN_CATEGORY`, and likewise for loose files and nested folders. */
const layoutCode = (problem: string) => `LAYOUT_${problem.toUpperCase().replaceAll('-', '_')}`;

const csvColumns = [
  'item_key', 'category', 'external_id', 'outcome', 'assessment_id', 'identity', 'grade',
  // A card's measured centering (docs/api.md), as sellers compare it with the graders' limits.
  'centering_front_left_right', 'centering_front_top_bottom', 'centering_back_left_right', 'centering_back_top_bottom',
  'issue_codes', 'error',
] as const;

type FaceCentering = { left_right: string; top_bottom: string } | null | undefined;

function csvRow(result: CurrentResult): string[] {
  const item = ((result.assessment?.assessment as { items?: Record<string, unknown>[] } | undefined)?.items ?? [])[0];
  const identity = item?.identity as { name?: string } | undefined;
  // Assessments stored before the ratios were given have none: their cells stay empty.
  const grade = item?.grade as { grade?: string; centering_ratios?: { front: FaceCentering; back: FaceCentering } } | undefined;
  const { front, back } = grade?.centering_ratios ?? {};
  return [
    result.itemKey,
    result.category,
    result.externalId ?? '',
    result.outcome,
    String(result.assessment?.assessment_id ?? ''),
    identity?.name ?? '',
    grade?.grade ?? '',
    front?.left_right ?? '',
    front?.top_bottom ?? '',
    back?.left_right ?? '',
    back?.top_bottom ?? '',
    result.issues.map((i) => i.code).join(' '),
    result.error ? `${result.error.code}: ${result.error.message}` : '',
  ];
}

function csvNotItemRow(notItem: StoredNotItem): string[] {
  return [notItem.path, '', '', 'not_an_item', '', '', '', '', '', '', '', layoutCode(notItem.problem), notItem.message];
}

// RFC 4180: quote every field that needs it, double the quotes inside.
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Writes a chunk, waiting for the stream to drain when its buffer is full (a slow pipe, say). */
async function write(io: CommandIo, chunk: string): Promise<void> {
  if (!io.out.write(chunk)) await new Promise<void>((resolve) => io.out.once('drain', () => resolve()));
}

export async function resultsCommand(args: string[], io: CommandIo): Promise<number> {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { run: { type: 'string' }, format: { type: 'string', default: 'json' } } });
  if (positionals.length > 0) throw new UsageError('results takes no positional arguments');
  if (values.format !== 'json' && values.format !== 'csv') throw new UsageError('--format must be json or csv');
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    await migrate(database);
    // Written a page at a time: an export of the whole inventory holds one page in memory, not all.
    const filter = values.run ? { runId: values.run } : {};
    const results = createPipelineRepository(database.db).eachCurrentResult(filter);
    const notItems = await createIngestRepository(database.db).notItems(filter);
    if (values.format === 'json') {
      let first = true;
      await write(io, '[');
      for await (const result of results) {
        await write(io, `${first ? '' : ','}${JSON.stringify(exported(result))}`);
        first = false;
      }
      for (const notItem of notItems) {
        await write(io, `${first ? '' : ','}${JSON.stringify(exportedNotItem(notItem))}`);
        first = false;
      }
      await write(io, ']\n');
    } else {
      await write(io, `${csvColumns.join(',')}\r\n`);
      for await (const result of results) await write(io, `${csvRow(result).map(csvField).join(',')}\r\n`);
      for (const notItem of notItems) await write(io, `${csvNotItemRow(notItem).map(csvField).join(',')}\r\n`);
    }
    return 0;
  } finally {
    await database.close();
  }
}
